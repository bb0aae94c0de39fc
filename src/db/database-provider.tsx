// Mount once around the app (main.tsx): <DatabaseProvider client={await startClient()}>.
import type { ReactNode } from 'react';
import type { Client } from './client';
import { ClientContext } from './client-context';

export function DatabaseProvider({ client, children }: { client: Client; children: ReactNode }) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}
