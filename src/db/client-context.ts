// The React context that carries the started client to the hooks.
import { createContext, useContext } from 'react';
import { getClient, type Client } from './client';
import type { AppDatabase } from './database';

export const ClientContext = createContext<Client | null>(null);

/** The client of the nearest DatabaseProvider, else the one startClient() started. */
export function useClient(): Client {
  return useContext(ClientContext) ?? getClient();
}

export function useDatabase(): AppDatabase {
  return useClient().db;
}
