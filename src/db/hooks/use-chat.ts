// Hooks over the chat collections (DESIGN.md §2: screens render only what they observe here).
import { concat, from, map, Observable, switchMap, take } from 'rxjs';
import type { BotDoc, ConversationDoc } from '../schemas';
import type { AppDatabase } from '../database';
import { useRxQuery, type QuerySnapshot } from './use-rx-query';
import { whenScreenPainted } from '../boot-gate';

const EMPTY: never[] = [];

/**
 * Rows of the chat list read and built for a cold start's first painted frame: more than a
 * 390×844 screen shows (about 9). The boot prefetch reads the same query.
 */
export const CHAT_LIST_FIRST_ROWS = 20;

/** Every conversation in the chat list's order (listRank: pinned, shown, archived or blocked). */
export function conversationsQuery(db: AppDatabase) {
  return db.conversations.find({ sort: [{ list_rank: 'asc' }] });
}

/**
 * The first `count` of conversationsQuery: a range read of the list_rank index that stops after
 * `count` rows. RxDB keeps one RxQuery per query (its query cache), so a boot prefetch
 * (src/db/boot-prefetch.ts) that subscribes to this early hands the chat list a result at once.
 */
export function firstConversationsQuery(db: AppDatabase, count: number) {
  return db.conversations.find({ sort: [{ list_rank: 'asc' }], limit: count });
}

/** Emits once, in the task after the next painted frame. */
const afterNextFrame = new Observable<void>((subscriber) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      subscriber.next();
      subscriber.complete();
    }, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
});

const toJson = map((docs: { toMutableJSON(): ConversationDoc }[]) => docs.map((d) => d.toMutableJSON()));

export interface ConversationRows {
  docs: ConversationDoc[];
  /** every conversation is in docs (else only the first ones, in the same order) */
  complete: boolean;
}

/**
 * The conversations in the chat list's order, archived and blocked ones last (filter in the
 * screen). With `first`, a screenful first: the first `first` rows (an index range read, which
 * alone is in the first painted frame of a cold start), then, from the task after that frame,
 * every row (`complete`). Reading and rendering all 200 stored conversations before the first
 * frame was the slowest step of the cold start after the database open (bench/README.md
 * "cold-start").
 */
export function useConversationRows(first?: number): QuerySnapshot<ConversationRows> {
  return useRxQuery(`conversations:${first ?? 'all'}`, (db) => conversationRows$(db, first), NO_ROWS);
}

/** What useConversationRows observes. */
export function conversationRows$(db: AppDatabase, first?: number): Observable<ConversationRows> {
  const all = conversationsQuery(db).$.pipe(toJson, map((docs) => ({ docs, complete: true })));
  if (first === undefined) return all;
  const head = firstConversationsQuery(db, first).$.pipe(take(1), toJson, map((docs) => ({ docs, complete: docs.length < first })));
  return concat(head, afterNextFrame.pipe(switchMap(() => all)));
}

const NO_ROWS: ConversationRows = { docs: EMPTY, complete: false };

/** Every conversation in the chat list's order (archived and blocked ones included: filter in the screen). */
export function useConversations(): QuerySnapshot<ConversationDoc[]> {
  const rows = useConversationRows();
  return { loaded: rows.loaded, value: rows.value.docs };
}

/**
 * useConversations, subscribed once the first screen is painted (or 3 s at most): for what no
 * first frame shows (the service worker's copy of the mutes, the notification ask), so a cold
 * start reads only the rows its screen shows.
 */
export function useConversationsAfterPaint(): QuerySnapshot<ConversationDoc[]> {
  return useRxQuery('conversations:after-paint', (db) =>
    from(whenScreenPainted(PAINT_CAP_MS)).pipe(switchMap(() => conversationsQuery(db).$), toJson), EMPTY);
}

const PAINT_CAP_MS = 3000;

export function useConversation(botUuid: string): QuerySnapshot<ConversationDoc | null> {
  return useRxQuery(`conversation:${botUuid}`, (db) =>
    db.conversations.findOne(botUuid).$.pipe(map((d) => (d ? d.toMutableJSON() : null))), null);
}

/** The suggested bots, in the server's order. */
export function useBots(): QuerySnapshot<BotDoc[]> {
  return useRxQuery('bots', (db) =>
    db.bots.find({ sort: [{ suggested_rank: 'asc' }] }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()))), EMPTY);
}

export function useBot(botUuid: string): QuerySnapshot<BotDoc | null> {
  return useRxQuery(`bot:${botUuid}`, (db) => db.bots.findOne(botUuid).$.pipe(map((d) => (d ? d.toMutableJSON() : null))), null);
}

/** How many sends wait in the outbox (queued or failed). */
export function useOutboxCount(): QuerySnapshot<number> {
  return useRxQuery('outbox-count', (db) => db.outbox.count().$, 0);
}
