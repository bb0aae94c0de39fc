// Writes what the server says about messages into RxDB: pages, webhook answers, socket frames.
// Every path goes through storeServerMessages, so the rules live once:
//   - a message lands on the document of its identity (client id for user messages), so the
//     server's copy of a pending message replaces the provisional one instead of adding another;
//   - a user message's status only moves forward (src/domain/message-status.ts): acknowledged
//     means sent, and a bot message stored after it makes it delivered;
//   - the conversation's last message and activity time follow the newest message.
// New messages go in one bulkInsert per call, so that ingesting history stays close to a raw put.
import type { ChatMessage } from '../api/messages';
import { advanceStatus, type MessageStatus } from '../domain/message-status';
import type { AppDatabase } from '../db/database';
import type { MessageDoc } from '../db/schemas';
import { reverseSortKey } from '../db/schemas/messages.schema';
import { pkFor } from '../db/outbox-store';
import { modifyConversation } from '../db/modify-conversation';

/** The document id of a message: its client id when the user sent it, else the server's id. */
export const messageDocId = (m: Pick<ChatMessage, 'client_message_id' | 'message_id'>): string => m.client_message_id ?? m.message_id;

export interface StoreOptions {
  /** the mobile number (or user id) the pk is built from */
  owner: string;
  /** count bot messages newer than the conversation's last as unread (it is not open) */
  countUnread?: boolean;
}

/**
 * Stores messages of one conversation as the server sent them. Answers the stored documents.
 * Messages that fail the shape check are skipped (the caller reports them): one bad message
 * never stops the rest of a page.
 */
export function storeServerMessages(db: AppDatabase, botUuid: string, messages: readonly ChatMessage[], opts: StoreOptions): Promise<MessageDoc[]> {
  if (messages.length === 0) return Promise.resolve([]);
  return oneAtATime(db, () => store(db, botUuid, messages, opts));
}

/**
 * The calls of one database instance, one after another. A call reads the conversation's
 * delivered mark and computes its messages' statuses from it: two at once (a webhook answer and
 * the socket echo of the same send) could each miss the other's bot message and leave a message
 * 'sent' that is delivered. (Statuses cannot go backwards either way: what exists is modified on
 * its latest revision.)
 */
const queues = new WeakMap<AppDatabase, Promise<unknown>>();
function oneAtATime<T>(db: AppDatabase, task: () => Promise<T>): Promise<T> {
  const run = (queues.get(db) ?? Promise.resolve()).then(task, task);
  queues.set(db, run.catch(() => {}));
  return run;
}

async function store(db: AppDatabase, botUuid: string, messages: readonly ChatMessage[], opts: StoreOptions): Promise<MessageDoc[]> {
  const pk = pkFor(botUuid, opts.owner);
  // one document per message: a batch of socket frames can carry the same message twice (the
  // echo of a send and of its resend, which the server answers with the original), and one bulk
  // write refuses a repeated id as a whole
  const unique = [...new Map(messages.map((m) => [messageDocId(m), m])).values()];
  const sorted = unique.sort((a, b) => (a.sk < b.sk ? -1 : a.sk > b.sk ? 1 : 0));
  const conversation = await db.conversations.findOne(botUuid).exec();
  const oldDeliveredSk = conversation?.delivered_sk ?? '';
  let deliveredSk = oldDeliveredSk;
  for (const m of sorted) if (m.from === 'bot' && m.sk > deliveredSk) deliveredSk = m.sk;

  const statusAfter = (m: ChatMessage, before: MessageStatus | undefined): MessageStatus =>
    advanceStatus(advanceStatus(before ?? 'pending', 'sent'), m.sk < deliveredSk ? 'delivered' : 'sent');
  const docs: MessageDoc[] = sorted.map((m) => {
    const doc: MessageDoc = {
      id: messageDocId(m),
      pk,
      sk: m.sk,
      rsk: reverseSortKey(m.sk),
      bot_uuid: botUuid,
      message_id: m.message_id,
      client_message_id: m.client_message_id,
      from: m.from,
      type: m.type,
      timestamp: m.timestamp,
      message: m,
    };
    if (m.from === 'user') doc.status = statusAfter(m, undefined);
    return doc;
  });
  // Stored user messages the new bot messages deliver, before the insert: the range then holds
  // only what was stored before this call (a few sends awaiting their answer; nothing on a fresh
  // conversation), as the new documents carry their status already. After the insert it read
  // every message just stored (bench/README.md "ingest": a history of 10,000 in one call).
  if (deliveredSk > oldDeliveredSk) await markDelivered(db, pk, oldDeliveredSk, deliveredSk);
  // Insert all in one bulk write (history pages: the fast path, no read first). What exists
  // already comes back as a conflict: a bot message is the same message (they never change),
  // nothing to write; a user message (the pending copy of a send, or one stored before) is
  // modified on its latest revision, so its status is advanced from what is stored, including
  // a status another tab wrote meanwhile, never overwritten.
  const inserted = await db.messages.bulkInsert(docs);
  const failures = inserted.error.filter((e) => e.status !== 409);
  if (failures.length > 0) throw new Error(`storing messages failed: ${failures.map((e) => e.status).join(', ')}`);
  const conflicted = new Set(inserted.error.map((e) => e.documentId));
  const toModify = docs.filter((d) => d.from === 'user' && conflicted.has(d.id));
  if (toModify.length > 0) {
    const current = await db.messages.findByIds(toModify.map((d) => d.id)).exec();
    await Promise.all(toModify.map((d) => current.get(d.id)?.incrementalModify((data) => ({ ...d, status: statusAfter(d.message, data.status) }))));
  }

  await updateConversationHead(db, botUuid, sorted, deliveredSk, opts.countUnread ?? false);
  return docs;
}

/** User messages acknowledged before the bot's newest message are delivered. */
async function markDelivered(db: AppDatabase, pk: string, fromSk: string, toSk: string): Promise<void> {
  // sk in (fromSk, toSk) is rsk in (rev(toSk), rev(fromSk)): a range of the [pk, rsk] index
  const rsk = { $gt: reverseSortKey(toSk), $lt: reverseSortKey(fromSk) };
  const sent = await db.messages.find({ selector: { pk, rsk, from: 'user', status: 'sent' } }).exec();
  await Promise.all(sent.map((d) => d.incrementalModify((data) => ({ ...data, status: advanceStatus(data.status ?? 'pending', 'delivered') }))));
}

/** The conversation's last message, activity time, unread count and delivered mark (no write when nothing moves). */
async function updateConversationHead(db: AppDatabase, botUuid: string, sorted: ChatMessage[], deliveredSk: string, countUnread: boolean): Promise<void> {
  const newest = sorted[sorted.length - 1]!;
  await modifyConversation(db, botUuid, (c) => {
    const isNewer = !c.last_message || newest.sk > c.last_message.sk;
    const lastSk = c.last_message?.sk ?? '';
    const unread = countUnread ? sorted.filter((m) => m.from === 'bot' && m.sk > lastSk).length : 0;
    return {
      ...c,
      unread_count: c.unread_count + unread,
      delivered_sk: deliveredSk > c.delivered_sk ? deliveredSk : c.delivered_sk,
      ...(isNewer ? { last_message: newest, last_activity: Math.max(c.last_activity, newest.timestamp) } : {}),
    };
  });
}
