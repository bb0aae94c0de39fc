// Read-modify-write of a conversation document that is safe across the page, the worker and other
// tabs: RxDB's incremental write queue re-applies `fn` on the latest revision after a conflict,
// and a creation race ends with the loser modifying the winner's document.
import type { AppDatabase } from '../db/database';
import type { ConversationDoc } from '../db/schemas';
import { newConversation } from './message-store';

/** A write conflict: RxDB's RxError says so in its code (CONFLICT) and its write error's status, not in a status of its own. */
function isConflict(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { status?: unknown; code?: unknown; parameters?: { writeError?: { status?: unknown } } };
  return e.status === 409 || e.code === 'CONFLICT' || e.parameters?.writeError?.status === 409;
}

/** `fn` must be pure: it may run more than once. */
export async function modifyConversation(db: AppDatabase, botUuid: string, fn: (c: ConversationDoc) => ConversationDoc): Promise<ConversationDoc> {
  for (let attempt = 0; ; attempt++) {
    const doc = await db.conversations.findOne(botUuid).exec();
    if (doc) return (await doc.incrementalModify(fn)).toMutableJSON();
    try {
      return (await db.conversations.insert(fn(newConversation(botUuid)))).toMutableJSON();
    } catch (err) {
      if (!isConflict(err) || attempt > 5) throw err;
    }
  }
}
