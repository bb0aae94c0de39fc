// Read-modify-write of a conversation document that is safe across the page, the worker and other
// tabs: RxDB's incremental write queue re-applies `fn` on the latest revision after a conflict,
// and a creation race ends with the loser modifying the winner's document. A change that changes
// nothing is not written (an older history page, a list refresh with nothing new).
import type { AppDatabase } from './database';
import type { ConversationDoc } from './schemas';
import { getLocalDoc } from './local-store';
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
 * The bot's name and icon as this device already knows them (the suggested and discovered bots,
 * the bot profile read for its screen), for a conversation that has none yet: one made by a mute,
 * block or pin from the profile before the thread's first load named it would otherwise show in
 * the chat list as a nameless row with a "?" avatar until the server's list came.
 */
async function knownIdentity(db: AppDatabase, botUuid: string): Promise<{ name: string; icon: string }> {
  const bot = await db.bots.findOne(botUuid).exec();
  if (bot?.name) return { name: bot.name, icon: bot.icon };
  const details = (await getLocalDoc(db, 'bot-profiles'))?.bots[botUuid]?.details;
  return { name: details?.name ?? '', icon: details?.icon ?? '' };
}

/** Fills an empty name and icon; the change's own name (a server's list, the thread's start) wins. */
const named = (identity: { name: string; icon: string }, c: ConversationDoc): ConversationDoc =>
  (c.name === '' && identity.name !== '' ? { ...c, name: identity.name, icon: c.icon || identity.icon } : c);

/**
 * `fn` must be pure: it may run more than once. The result's list_rank is set here, so the chat
 * list's index follows every change of pin, archive, block or activity. A conversation created
 * here gets the name this device knows (knownIdentity); the lookup runs only then, not on the
 * writes of an existing conversation (every stored page of messages makes one).
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
      const created = fn(newConversation(botUuid));
      return (await db.conversations.insert(named(await knownIdentity(db, botUuid), created))).toMutableJSON();
    } catch (err) {
      if (!isWriteConflict(err) || attempt > 5) throw err;
    }
  }
}
