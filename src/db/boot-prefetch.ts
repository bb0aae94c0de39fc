// Cold start (bench/README.md "cold-start"): what the first render needs, read all at
// once as soon as the database is open. Without it each provider read its own local documents
// only once the one above it had rendered (language, then session and onboarding, then settings),
// and the chat list started its query only once the home screen had mounted: one IndexedDB
// round trip after another.
import type { Subscription } from 'rxjs';
import type { AppDatabase } from './database';
import type { LocalDocId } from './local-docs';
import { primeLocalDocs } from './hooks/local-doc-store';
import { conversationsQuery } from './hooks/use-chat';

/** Read by the providers (app, language, routes' guards) and the home screen before they render. */
export const BOOT_LOCAL_DOCS: readonly LocalDocId[] = ['session', 'auth-flow', 'app-language', 'profile', 'settings', 'remote-flags'];

/** How long the early conversation query stays subscribed without the list: its result is cached meanwhile. */
const CONVERSATIONS_HOLD_MS = 10_000;

/**
 * Starts the boot reads for the page at `path` and resolves once the local documents are in (the
 * chat list's query, for '/home', runs on: the list subscribes to the same query when it mounts).
 */
export function prefetchForBoot(db: AppDatabase, path: string): Promise<void> {
  if (path === '/home') {
    const held: Subscription = conversationsQuery(db).$.subscribe({ error: () => undefined });
    setTimeout(() => held.unsubscribe(), CONVERSATIONS_HOLD_MS);
  }
  return primeLocalDocs(db, BOOT_LOCAL_DOCS);
}
