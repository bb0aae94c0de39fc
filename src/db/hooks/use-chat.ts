// Hooks over the chat collections (DESIGN.md §2: screens render only what they observe here).
import { map } from 'rxjs';
import type { BotDoc, ConversationDoc } from '../schemas';
import type { AppDatabase } from '../database';
import { useRxQuery, type QuerySnapshot } from './use-rx-query';

const EMPTY: never[] = [];

/**
 * The query of useConversations. RxDB keeps one RxQuery per query (its query cache), so a boot
 * prefetch (src/db/boot-prefetch.ts) that subscribes to this early hands the hook a result at once.
 */
export function conversationsQuery(db: AppDatabase) {
  return db.conversations.find({ sort: [{ last_activity: 'desc' }] });
}

/** Conversations, most recent activity first (archived and blocked ones included: filter in the screen). */
export function useConversations(): QuerySnapshot<ConversationDoc[]> {
  return useRxQuery('conversations', (db) =>
    conversationsQuery(db).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()))), EMPTY);
}

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
