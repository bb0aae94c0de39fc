// The messages of every conversation, the whole history (not only the spec's 20 per bot: the
// promise is that history is there offline). Keyed for the spec's paging cursor: pk
// pwa_{botId}_{mobile} and sk {15-digit time}_{9-digit number}_{message_id}, whose text order
// is time order. The index is [pk, rsk] (rsk: the sk in reverse order, see reverseSortKey), so
// the thread query "newest N of a conversation" is one forward index range read of N rows.
//
// The primary key is the message's stable identity, not its sk: a message the user writes gets
// a provisional sk before the server gives it one, and the server's echo of it (carrying the
// same client_message_id) must land on the same document instead of adding a second one.
//   id = client_message_id for user messages, message_id for bot messages.
// Provisional sk: '~' + {15-digit local time} + '_' + client id. '~' sorts after every digit,
// so unacknowledged messages stay at the bottom of the thread, in the order they were written.
import type { RxCollection, RxJsonSchema, MigrationStrategies } from 'rxdb/plugins/core';
import type { ChatMessage } from '../../api/messages';
import type { MessageStatus } from '../../domain/message-status';

export interface MessageDoc {
  id: string;
  pk: string;
  sk: string;
  /** reverseSortKey(sk): its ascending order is sk's descending order (the thread query, below) */
  rsk: string;
  bot_uuid: string;
  /** null until the server acknowledged it */
  message_id: string | null;
  client_message_id: string | null;
  from: 'user' | 'bot';
  type: string;
  /** epoch ms: the server's time once acknowledged, the local time before */
  timestamp: number;
  /** user messages only (DESIGN.md §4); absent on bot messages */
  status?: MessageStatus;
  /** the message as the server sent it (or as the user wrote it, before the acknowledgement) */
  message: ChatMessage;
}

export type MessagesCollection = RxCollection<MessageDoc>;

/** The sort-key rules live in src/domain/sort-keys.ts; re-exported for the data layer. */
import { PROVISIONAL_SK_PREFIX, reverseSortKey } from '../../domain/sort-keys';

export { PROVISIONAL_SK_PREFIX, reverseSortKey };

export const messagesSchema: RxJsonSchema<MessageDoc> = {
  title: 'messages',
  description: 'chat messages of every conversation, keyed for the pk/sk cursor',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    pk: { type: 'string', maxLength: 64 },
    sk: { type: 'string', maxLength: 80 },
    rsk: { type: 'string', maxLength: 81 },
    bot_uuid: { type: 'string', maxLength: 16 },
    message_id: { type: ['string', 'null'] },
    client_message_id: { type: ['string', 'null'] },
    from: { type: 'string', enum: ['user', 'bot'] },
    type: { type: 'string' },
    timestamp: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
    status: { type: 'string', enum: ['pending', 'sent', 'delivered', 'failed'] },
    message: { type: 'object' },
  },
  required: ['id', 'pk', 'sk', 'rsk', 'bot_uuid', 'message_id', 'client_message_id', 'from', 'type', 'timestamp', 'message'],
  // [pk, rsk] serves both orders: newest first walks it forwards, a range of sk is a range of rsk
  indexes: [['pk', 'rsk']],
};

/** Version 0 kept the spec's `failed` flag (part 1 §3) on user messages; version 1 has `status` (and rsk). */
export interface MessageDocV0 extends Omit<MessageDoc, 'status' | 'rsk'> {
  failed?: boolean;
}

export const messagesMigrations: MigrationStrategies = {
  1: (old: MessageDocV0): MessageDoc => {
    const { failed, ...v0 } = old;
    const rest = { ...v0, rsk: reverseSortKey(v0.sk) };
    if (rest.from !== 'user') return rest;
    const status: MessageStatus = failed ? 'failed' : rest.message_id ? 'sent' : 'pending';
    return { ...rest, status };
  },
};
