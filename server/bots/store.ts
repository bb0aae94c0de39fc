// Messages of a user × bot conversation. pk = pwa_{bot_uuid}_{user_uuid} (spec part 1 §3);
// sk = 15-digit ms timestamp _ 9-digit number _ message_id, so text order is time order: the
// time never goes back within a conversation (max of the clock and the last message's time)
// and the number counts the conversation's messages. Every write runs in a transaction that
// locks the conversation row, so concurrent sends take turns.
import { randomUUID } from 'node:crypto';
import type { BotSummary, ChatMessage, ConversationEntry, MessageType } from '../../src/api/messages';
import type { Db, Queryable } from '../db/db';
import { messageSortKey } from '../../src/domain/sort-keys';

export const pkOf = (botUuid: string, userUuid: string) => `pwa_${botUuid}_${userUuid}`;

export interface MessageRow {
  message_id: string;
  bot_uuid: string;
  sk: string;
  sender: 'user' | 'bot';
  type: string;
  payload: Record<string, unknown>;
  client_message_id: string | null;
  created_at: number;
}

export const MESSAGE_COLUMNS = 'message_id, bot_uuid, sk, sender, type, payload, client_message_id, created_at';

export function toWire(row: MessageRow): ChatMessage {
  const number = Number(row.sk.slice(16, 25));
  return {
    ...row.payload,
    message_id: row.message_id,
    sk: row.sk,
    timestamp: row.created_at,
    number,
    from: row.sender,
    type: row.type as MessageType,
    client_message_id: row.client_message_id,
  };
}

export interface NewMessage {
  userUuid: string;
  botUuid: string;
  sender: 'user' | 'bot';
  type: string;
  /** The type's fields (text, button_index, buttons...). */
  payload: Record<string, unknown>;
  clientMessageId?: string | undefined;
  inReplyTo?: string | undefined;
}

/**
 * A conversation row locked by this transaction: its newest time and number (kept up to date by
 * storeMessage), and whether the user blocked the bot (read under the lock, so a block cannot slip in).
 */
export interface LockedConversation { last_time: number; last_number: number; block_time: number | null }

/**
 * Locks the conversation row for the rest of the transaction, creating it first when missing.
 * The row nearly always exists, so the lock is tried first: one statement per message instead of
 * an insert and a lock (the flush of 1,000 queued sends, bench/flush.bench.ts).
 */
export async function lockConversation(tx: Queryable, userUuid: string, botUuid: string): Promise<LockedConversation> {
  return lockFirst(tx, userUuid, botUuid, () => tx.query<LockedConversation>(
    'SELECT last_time, last_number, block_time FROM conversations WHERE user_uuid = $1 AND bot_uuid = $2 FOR UPDATE',
    [userUuid, botUuid],
  ));
}

/** The conversation locked for a send or a thread's start, and the language of the user's profile. */
export interface SubscribedConversation extends LockedConversation { profile_language: string | null }

/**
 * lockConversation for a send or a thread's start, which also subscribe the user to the bot, and
 * the profile's language (the bot's language when the request names none, bot-language.ts): all
 * three in the lock's statement, as this runs for every send (bench/flush.bench.ts). The
 * subscription commits or rolls back with the message.
 */
export async function lockSubscribed(tx: Queryable, userUuid: string, botUuid: string, now: number): Promise<SubscribedConversation> {
  return lockFirst(tx, userUuid, botUuid, () => tx.query<SubscribedConversation>(
    `WITH subscribed AS (INSERT INTO subscriptions (user_uuid, bot_uuid, subscribed_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING)
     SELECT last_time, last_number, block_time, (SELECT language FROM users WHERE user_uuid = $1) AS profile_language
     FROM conversations WHERE user_uuid = $1 AND bot_uuid = $2 FOR UPDATE`,
    [userUuid, botUuid, now],
  ));
}

/** Runs `lock`; when the conversation row is missing, creates it and runs `lock` again. */
async function lockFirst<T>(tx: Queryable, userUuid: string, botUuid: string, lock: () => Promise<T[]>): Promise<T> {
  const found = (await lock())[0];
  if (found) return found;
  await tx.query('INSERT INTO conversations (user_uuid, bot_uuid) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userUuid, botUuid]);
  return (await lock())[0]!;
}

/**
 * Stores a message, or, when the user already sent one with this client_message_id, answers
 * that original (created: false) and stores nothing. Call inside a transaction; `locked` is the
 * conversation this transaction has already locked (several messages in one transaction), else
 * it is locked here.
 */
export async function storeMessage(tx: Queryable, m: NewMessage, now: number, locked?: LockedConversation): Promise<{ row: MessageRow; created: boolean }> {
  const conv = locked ?? await lockConversation(tx, m.userUuid, m.botUuid);
  const time = Math.max(now, conv.last_time);
  const number = conv.last_number + 1;
  const messageId = randomUUID();
  const sk = messageSortKey(time, number, messageId);
  // A repeated client_message_id inserts nothing (the unique index) and answers the original:
  // the one already stored in this conversation (whose row is locked), or the winner of the same
  // id sent at the same moment into another conversation (whose row this transaction does not lock).
  // The conversation's newest message moves in the same statement (a data-modifying WITH: the
  // update runs only when the insert returned a row), one round trip per message fewer on the
  // path every send and every reply takes (bench/flush.bench.ts).
  const rows = await tx.query<MessageRow>(
    `WITH inserted AS (
       INSERT INTO messages (message_id, user_uuid, bot_uuid, pk, sk, sender, type, payload, client_message_id, in_reply_to, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (user_uuid, client_message_id) DO NOTHING
       RETURNING ${MESSAGE_COLUMNS}
     ), moved AS (
       UPDATE conversations SET last_message_id = $1, last_time = $11, last_number = $12,
         unread = CASE WHEN $13 THEN unread + 1 ELSE 0 END
       WHERE user_uuid = $2 AND bot_uuid = $3 AND EXISTS (SELECT 1 FROM inserted)
     )
     SELECT ${MESSAGE_COLUMNS} FROM inserted`,
    [messageId, m.userUuid, m.botUuid, pkOf(m.botUuid, m.userUuid), sk, m.sender, m.type, JSON.stringify(m.payload), m.clientMessageId ?? null, m.inReplyTo ?? null, time, number, m.sender === 'bot'],
  );
  if (!rows[0]) {
    const original = await tx.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE user_uuid = $1 AND client_message_id = $2`,
      [m.userUuid, m.clientMessageId],
    );
    return { row: original[0]!, created: false };
  }
  conv.last_time = time;
  conv.last_number = number;
  return { row: rows[0]!, created: true };
}

/** The bot messages stored in answer to a user message, in order. */
export async function repliesTo(q: Queryable, userUuid: string, messageId: string): Promise<MessageRow[]> {
  return q.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE user_uuid = $1 AND in_reply_to = $2 ORDER BY sk`,
    [userUuid, messageId],
  );
}

export async function subscribe(q: Queryable, userUuid: string, botUuid: string, now: number): Promise<void> {
  await q.query('INSERT INTO subscriptions (user_uuid, bot_uuid, subscribed_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userUuid, botUuid, now]);
}

interface BotRow { bot_uuid: string; name: string; description: string; icon: string; config: Record<string, unknown>; subscribed: boolean }

export async function getBot(q: Queryable, userUuid: string, botUuid: string): Promise<BotRow | undefined> {
  const rows = await q.query<BotRow>(
    `SELECT b.bot_uuid, b.name, b.description, b.icon, b.config, (s.user_uuid IS NOT NULL) AS subscribed
     FROM bots b LEFT JOIN subscriptions s ON s.bot_uuid = b.bot_uuid AND s.user_uuid = $1
     WHERE b.bot_uuid = $2`,
    [userUuid, botUuid],
  );
  return rows[0];
}

export async function suggestedBots(q: Queryable, userUuid: string): Promise<BotRow[]> {
  return q.query<BotRow>(
    `SELECT b.bot_uuid, b.name, b.description, b.icon, b.config, (s.user_uuid IS NOT NULL) AS subscribed
     FROM bots b LEFT JOIN subscriptions s ON s.bot_uuid = b.bot_uuid AND s.user_uuid = $1
     WHERE b.suggested ORDER BY b.bot_uuid`,
    [userUuid],
  );
}

export const toSummary = (b: BotRow): BotSummary => ({ bot_uuid: b.bot_uuid, name: b.name, description: b.description, icon: b.icon, subscribed: b.subscribed });

/**
 * Moves the read mark of (user, bot) forward to `sk`, never past the conversation's newest message
 * (a mark from the future would hide later messages), never back (an older or repeated mark
 * changes nothing). The unread count becomes the bot messages after the mark. Runs with the
 * conversation row locked, like every message write, so a message stored meanwhile is counted.
 */
export async function markRead(db: Db, userUuid: string, botUuid: string, sk: string): Promise<{ last_read_sk: string | null; unread_count: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ last_read_sk: string | null; unread: number }>(
      'SELECT last_read_sk, unread FROM conversations WHERE user_uuid = $1 AND bot_uuid = $2 FOR UPDATE',
      [userUuid, botUuid],
    );
    const row = rows[0];
    if (!row) return { last_read_sk: null, unread_count: 0 };
    const pk = pkOf(botUuid, userUuid);
    const newest = (await tx.query<{ sk: string | null }>('SELECT max(sk) AS sk FROM messages WHERE pk = $1', [pk]))[0]?.sk ?? null;
    if (newest === null) return { last_read_sk: row.last_read_sk, unread_count: row.unread };
    // sks are ASCII digits, "_" and hex: JavaScript's order is the "C" collation's
    const target = sk < newest ? sk : newest;
    if (row.last_read_sk !== null && row.last_read_sk >= target) return { last_read_sk: row.last_read_sk, unread_count: row.unread };
    const counted = await tx.query<{ n: number }>(
      `UPDATE conversations SET last_read_sk = $3,
         unread = LEAST(unread, (SELECT count(*) FROM messages WHERE pk = $4 AND sender = 'bot' AND sk > $3)::int)
       WHERE user_uuid = $1 AND bot_uuid = $2 RETURNING unread AS n`,
      [userUuid, botUuid, target, pk],
    );
    return { last_read_sk: target, unread_count: counted[0]?.n ?? 0 };
  });
}

/** The caller's conversations with the bots they subscribed to, most recent first. */
export async function conversationList(q: Queryable, userUuid: string, pinnedOnly: boolean): Promise<ConversationEntry[]> {
  const rows = await q.query<{
    bot_uuid: string; name: string; icon: string; block_time: number | null; archive_time: number | null;
    mute_time: number | null; mute_duration: number | null; pinned_at: number | null; unread: number | null; last_read_sk: string | null;
    last_time: number | null; m_id: string | null; m_sk: string | null; m_sender: 'user' | 'bot' | null; m_type: string | null;
    m_payload: Record<string, unknown> | null; m_client: string | null; m_created: number | null;
  }>(
    `SELECT b.bot_uuid, b.name, b.icon, c.block_time, c.archive_time, c.mute_time, c.mute_duration, c.pinned_at, c.unread, c.last_time, c.last_read_sk,
       m.message_id AS m_id, m.sk AS m_sk, m.sender AS m_sender, m.type AS m_type, m.payload AS m_payload,
       m.client_message_id AS m_client, m.created_at AS m_created
     FROM subscriptions s
     JOIN bots b ON b.bot_uuid = s.bot_uuid
     LEFT JOIN conversations c ON c.user_uuid = s.user_uuid AND c.bot_uuid = s.bot_uuid
     LEFT JOIN messages m ON m.message_id = c.last_message_id AND m.user_uuid = s.user_uuid
     WHERE s.user_uuid = $1 ${pinnedOnly ? 'AND c.pinned_at IS NOT NULL' : ''}
     ORDER BY COALESCE(c.last_time, s.subscribed_at) DESC, b.bot_uuid`,
    [userUuid],
  );
  return rows.map((r) => ({
    bot_uuid: r.bot_uuid,
    name: r.name,
    icon: r.icon,
    block_time: r.block_time,
    archive_time: r.archive_time,
    mute_time: r.mute_time,
    mute_duration: r.mute_duration,
    pinned: r.pinned_at !== null,
    unread_count: r.unread ?? 0,
    last_read_sk: r.last_read_sk,
    last_message: r.m_id
      ? toWire({ message_id: r.m_id, bot_uuid: r.bot_uuid, sk: r.m_sk!, sender: r.m_sender!, type: r.m_type!, payload: r.m_payload ?? {}, client_message_id: r.m_client, created_at: r.m_created! })
      : null,
  }));
}
