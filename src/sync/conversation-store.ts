// Server conversation entries into the chat list (mergeConversationEntries). The read-modify-write
// of a conversation document is src/db/modify-conversation.ts.
import type { ConversationEntry } from '../api/messages';
import type { AppDatabase } from '../db/database';
import type { ConversationDoc } from '../db/schemas';
import { modifyConversation } from '../db/modify-conversation';
import { getLocalDoc } from '../db/local-store';
import { pkFor } from '../db/outbox-store';
import { reverseSortKey } from '../db/schemas/messages.schema';

/**
 * The bot messages stored here after the server's read mark (an sk), or null when nothing tells:
 * no mark, or this device has not loaded the thread (then the server's count is taken as it is).
 */
async function unreadAfterMark(db: AppDatabase, owner: string, entry: ConversationEntry): Promise<number | null> {
  const mark = entry.last_read_sk ?? null;
  if (mark === null || owner === '') return null;
  const current = await db.conversations.findOne(entry.bot_uuid).exec();
  if (!current?.initial_loaded || current.unread_count === 0) return null;
  // sk > mark is rsk < reverse(mark): a range of the [pk, rsk] index
  const after = await db.messages.find({ selector: { pk: pkFor(entry.bot_uuid, owner), rsk: { $lt: reverseSortKey(mark) } } }).exec();
  return after.filter((m) => m.from === 'bot').length;
}

/**
 * Server conversation entries (get-conversation-list, recent activity) into the chat list: the
 * server's flags and names, the newer last message, and the unread count. Before this device
 * loaded the thread, the server's count (which follows the read mark of every device, POST
 * /bot/mark-read). After, this device's count, unless the server's read mark is newer: read on
 * another device, the bot messages stored here after that mark are what is left unread. Their
 * bots are marked subscribed.
 */
export async function mergeConversationEntries(db: AppDatabase, list: readonly ConversationEntry[]): Promise<void> {
  const owner = (await getLocalDoc(db, 'session'))?.mobile ?? '';
  for (const entry of list) {
    const afterMark = await unreadAfterMark(db, owner, entry);
    await modifyConversation(db, entry.bot_uuid, (c): ConversationDoc => ({
      ...c,
      name: entry.name,
      icon: entry.icon,
      block_time: entry.block_time,
      archive_time: entry.archive_time,
      mute_time: entry.mute_time,
      mute_duration: entry.mute_duration,
      pinned: entry.pinned,
      unread_count: !c.initial_loaded ? entry.unread_count : afterMark === null ? c.unread_count : Math.min(c.unread_count, afterMark),
      last_message: c.last_message && entry.last_message && c.last_message.sk >= entry.last_message.sk ? c.last_message : entry.last_message ?? c.last_message,
      last_activity: Math.max(c.last_activity, entry.last_message?.timestamp ?? 0),
    }));
  }
  const bots = await db.bots.findByIds(list.map((e) => e.bot_uuid)).exec();
  await Promise.all([...bots.values()].filter((b) => !b.subscribed).map((b) => b.incrementalPatch({ subscribed: true })));
}

