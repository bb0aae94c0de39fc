// Cold start (bench/README.md "cold-start"): what the first render needs, read all at
// once as soon as the database is open. Without it each provider read its own local documents
// only once the one above it had rendered (language, then session and onboarding, then settings),
// and the chat list started its query only once the home screen had mounted: one IndexedDB
// round trip after another.
import { take } from 'rxjs';
import type { AppDatabase } from './database';
import type { LocalDocId, SettingsDoc } from './local-docs';
import { localDocStore, primeLocalDocs } from './hooks/local-doc-store';
import { CHAT_LIST_FIRST_ROWS, firstConversationsQuery } from './hooks/use-chat';
import { feedWindowQuery } from './hooks/use-feed';
import { FEED_WINDOW_FIRST } from '../domain/feed-rules';
import { holdQueries, prefetchNewestPage, prefetchThreadHeader } from './thread-prefetch';
import { markBoot, threadOfPath } from './boot-gate';

/** Read by the providers (app, language, routes' guards) and the home screen before they render. */
export const BOOT_LOCAL_DOCS: readonly LocalDocId[] = ['session', 'auth-flow', 'app-language', 'profile', 'settings', 'remote-flags'];

/**
 * Starts the boot reads for the page at `path` and resolves once the local documents are in (the
 * chat list's first rows, or the feed's first window, for '/home', and a thread's header and newest
 * page, for '/chat/{bot}', run on: the screen subscribes to the same queries when it mounts).
 */
export function prefetchForBoot(db: AppDatabase, path: string): Promise<void> {
  if (path === '/home') {
    const first = firstConversationsQuery(db, CHAT_LIST_FIRST_ROWS);
    holdQueries([first]);
    // a mark for bench/cold-start-profile.ts, from the held query's own first result (no second read)
    first.$.pipe(take(1)).subscribe({ next: () => markBoot('chat-rows-read'), error: () => undefined });
  }
  const bot = threadOfPath(path);
  // the thread's header (conversation, bot) at once; its newest page once the session says whose
  if (bot !== null) prefetchThreadHeader(db, bot);
  return primeLocalDocs(db, BOOT_LOCAL_DOCS).then(() => {
    if (bot !== null) prefetchNewestPage(db, bot);
    // home opening on its Post tab: the feed's first window (the chat rows' read above is spent)
    if (path === '/home' && storedHomeTab(db) === 'post') holdQueries([feedWindowQuery(db, FEED_WINDOW_FIRST)]);
  });
}

/** The home tab stored as the open one, once prefetchForBoot resolved (main.tsx preloads its code). */
export function storedHomeTab(db: AppDatabase): SettingsDoc['homeTab'] | undefined {
  return localDocStore(db, 'settings').getSnapshot().doc?.homeTab;
}
