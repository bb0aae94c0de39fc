// Read-modify-write of a conversation document that is safe across the page, the worker and other
// tabs: RxDB's incremental write queue re-applies `fn` on the latest revision after a conflict,
// and a creation race ends with the loser modifying the winner's document. A change that changes
// nothing is not written (an older history page, a list refresh with nothing new).
import type { AppDatabase } from './database';
import type { ConversationDoc } from './schemas';
import { listRank, withListRank } from './schemas/conversations.schema';
import { isWriteConflict } from './write-conflict';

/** A fresh conversation document for a bot this device has not seen in a list yet. */
export function newConversation(botUuid: string, name = '', icon = ''): ConversationDoc {
  const fresh = {
    bot_uuid: botUuid, name, icon, block_time: null, archive_time: null, mute_time: null, mute_duration: null,
    pinned: false, unread_count: 0, last_message: null, last_activity: 0, conversed: false, opened_at: 0,
    forward_token: null, backward_token: null, history_complete: false, initial_loaded: false, delivered_sk: '',
  };
  return { ...fresh, list_rank: listRank(fresh) };
}

// fn builds its result by spreading the current document, so an unchanged result has the same
// keys in the same order and its JSON is the same
const sameDoc = (a: ConversationDoc, b: ConversationDoc) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `fn` must be pure: it may run more than once. The result's list_rank is set here, so the chat
 * list's index follows every change of pin, archive, block or activity.
 */
export async function modifyConversation(db: AppDatabase, botUuid: string, change: (c: ConversationDoc) => ConversationDoc): Promise<ConversationDoc> {
  const fn = (c: ConversationDoc) => withListRank(change(c));
  for (let attempt = 0; ; attempt++) {
    const doc = await db.conversations.findOne(botUuid).exec();
    if (doc) {
      const current = doc.toMutableJSON();
      if (sameDoc(fn(current), current)) return current;
      return (await doc.incrementalModify(fn)).toMutableJSON();
    }
    try {
      return (await db.conversations.insert(fn(newConversation(botUuid)))).toMutableJSON();
    } catch (err) {
      if (!isWriteConflict(err) || attempt > 5) throw err;
    }
  }
}
