// The React context that carries the started client to the hooks (DatabaseProvider sets it).
import { createContext, useContext } from 'react';
import { getClient, hasClient, type Client } from './client';
import type { AppDatabase } from './database';

export const ClientContext = createContext<Client | null>(null);

/**
 * The database, or null while a signed-out start shows the login screen before the client has
 * started (DeferredDatabaseProvider): the hooks then show what the boot guessed (boot-guess.ts).
 */
export function useOptionalDatabase(): AppDatabase | null {
  const client = useContext(ClientContext);
  if (client) return client.db;
  return hasClient() ? getClient().db : null;
}
