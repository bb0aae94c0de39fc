// A thread's first reads started before its screen mounts: its conversation, its bot and its newest
// page, the same queries the thread subscribes to (useConversation, useBot, useThreadWindow), held
// subscribed a while so RxDB's query cache hands their results to the screen when it mounts.
// Used by a cold start on /chat/{bot} (boot-prefetch.ts) and by a tap on a chat row
// (commands/prefetch-thread.ts: the reads run while the tap turns into a click and the route loads).
import type { Observable } from 'rxjs';
import type { AppDatabase } from './database';
import { localDocStore } from './hooks/local-doc-store';
import { newestPageQuery } from './hooks/use-thread-window';
import { pkFor } from './outbox-store';

/** How long an early query stays subscribed without its screen: its result is cached meanwhile. */
const HOLD_MS = 10_000;

/** Keeps the queries subscribed for HOLD_MS (RxDB caches a subscribed query's result). */
export function holdQueries(queries: { $: Observable<unknown> }[]): void {
  const held = queries.map((q) => q.$.subscribe({ error: () => undefined }));
  setTimeout(() => held.forEach((s) => s.unsubscribe()), HOLD_MS);
}

/** The thread's header reads (conversation, bot). */
export function prefetchThreadHeader(db: AppDatabase, botUuid: string): void {
  holdQueries([db.conversations.findOne(botUuid), db.bots.findOne(botUuid)]);
}

/**
 * The thread's newest page, of the signed-in user (the session's mobile; nothing signed out). The
 * session document must be read already (primeLocalDocs, or a screen that shows it).
 */
export function prefetchNewestPage(db: AppDatabase, botUuid: string): void {
  const owner = localDocStore(db, 'session').getSnapshot().doc?.mobile;
  if (owner) holdQueries([newestPageQuery(db, pkFor(botUuid, owner))]);
}
