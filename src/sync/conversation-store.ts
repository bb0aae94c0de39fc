// Read-modify-write of a conversation document that is safe across the page, the worker and other
// tabs: RxDB's incremental write queue re-applies `fn` on the latest revision after a conflict,
// and a creation race ends with the loser modifying the winner's document. A change that changes
// nothing is not written (an older history page, a list refresh with nothing new).
import type { ConversationEntry } from '../api/messages';
import type { AppDatabase } from '../db/database';
import type { ConversationDoc } from '../db/schemas';
import { isWriteConflict } from '../db/write-conflict';

/** A fresh conversation document for a bot this device has not seen in a list yet. */
export function newConversation(botUuid: string, name = '', icon = ''): ConversationDoc {
  return {
    bot_uuid: botUuid, name, icon, block_time: null, archive_time: null, mute_time: null, mute_duration: null,
    pinned: false, unread_count: 0, last_message: null, last_activity: 0, conversed: false, opened_at: 0,
    forward_token: null, backward_token: null, history_complete: false, initial_loaded: false, delivered_sk: '',
  };
}

// fn builds its result by spreading the current document, so an unchanged result has the same
// keys in the same order and its JSON is the same
const sameDoc = (a: ConversationDoc, b: ConversationDoc) => JSON.stringify(a) === JSON.stringify(b);

/** `fn` must be pure: it may run more than once. */
export async function modifyConversation(db: AppDatabase, botUuid: string, fn: (c: ConversationDoc) => ConversationDoc): Promise<ConversationDoc> {
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

/**
 * Server conversation entries (get-conversation-list, recent activity) into the chat list: the
 * server's flags and names, the newer last message, and this device's unread count once the
 * thread was loaded here (the server cannot know what was read on this device). Their bots are
 * marked subscribed.
 */
export async function mergeConversationEntries(db: AppDatabase, list: readonly ConversationEntry[]): Promise<void> {
  for (const entry of list) {
    await modifyConversation(db, entry.bot_uuid, (c): ConversationDoc => ({
      ...c,
      name: entry.name,
      icon: entry.icon,
      block_time: entry.block_time,
      archive_time: entry.archive_time,
      mute_time: entry.mute_time,
      mute_duration: entry.mute_duration,
      pinned: entry.pinned,
      unread_count: c.initial_loaded ? c.unread_count : entry.unread_count,
      last_message: c.last_message && entry.last_message && c.last_message.sk >= entry.last_message.sk ? c.last_message : entry.last_message ?? c.last_message,
      last_activity: Math.max(c.last_activity, entry.last_message?.timestamp ?? 0),
    }));
  }
  const bots = await db.bots.findByIds(list.map((e) => e.bot_uuid)).exec();
  await Promise.all([...bots.values()].filter((b) => !b.subscribed).map((b) => b.incrementalPatch({ subscribed: true })));
}
