// Durable intents waiting for the server (DESIGN.md §2, §4). A send is written here before the
// UI shows it, and leaves only when the server acknowledged it. The id is the entry's UUIDv7
// (for a message: its client_message_id), so reading by id is reading in the order of writing.
import type { MigrationStrategies, RxCollection, RxJsonSchema } from 'rxdb/plugins/core';
import type { OutgoingMessage } from '../../api/messages';

export interface OutboxDoc {
  id: string;
  kind: 'message';
  bot_uuid: string;
  payload: OutgoingMessage;
  /** queued: to be sent; failed: refused by the server, waits for the user's retry */
  state: 'queued' | 'failed';
  attempts: number;
  /** epoch ms before which the engine does not try again (backoff after a refusal it may retry) */
  next_attempt_at: number;
  created_at: number;
  last_error: string | null;
}

export type OutboxCollection = RxCollection<OutboxDoc>;

/**
 * The index the runner reads a conversation's head and the queued conversations by
 * (sync/outbox.ts): `{ state, bot_uuid }` sorted by id, and one seek per conversation instead of
 * reading every queued entry.
 */
export const OUTBOX_BY_CONVERSATION = ['state', 'bot_uuid', 'id'];

export const outboxSchema: RxJsonSchema<OutboxDoc> = {
  title: 'outbox',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    kind: { type: 'string', enum: ['message'] },
    bot_uuid: { type: 'string', maxLength: 16 },
    payload: { type: 'object' },
    state: { type: 'string', enum: ['queued', 'failed'], maxLength: 8 },
    attempts: { type: 'number', minimum: 0 },
    next_attempt_at: { type: 'number' },
    created_at: { type: 'number' },
    last_error: { type: ['string', 'null'] },
  },
  required: ['id', 'kind', 'bot_uuid', 'payload', 'state', 'attempts', 'next_attempt_at', 'created_at', 'last_error'],
  indexes: [['state', 'id'], OUTBOX_BY_CONVERSATION],
};

/** Version 1 adds an index only: the documents stay as they are. */
export const outboxMigrations: MigrationStrategies = {
  1: (doc: OutboxDoc) => doc,
};
