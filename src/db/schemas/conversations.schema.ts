// One document per bot the user has a conversation with (spec part 1 §3 "Bot conversation
// entry"), plus what this device knows about its history: the paging tokens (stored only after
// their page is stored) and whether the oldest message has been reached.
import type { RxCollection, RxJsonSchema } from 'rxdb/plugins/core';
import type { ConversationEntry } from '../../api/messages';

/**
 * The server's entry (unread_count as counted on this device) and this device's own fields. The
 * server's read mark (last_read_sk) is not kept: a list refresh turns it into the unread count
 * (mergeConversationEntries), and the mark this device sends goes through the bot-actions queue.
 */
export interface ConversationDoc extends Omit<ConversationEntry, 'last_read_sk'> {
  /** sort key of the list: time of the last message (or of subscribing) */
  last_activity: number;
  /** the user sent a message here (spec part 1 §4 'conversed' mark, set 2 s after the first send) */
  conversed: boolean;
  /** epoch ms when this device last opened it (eviction keeps recently opened conversations) */
  opened_at: number;
  /** where forward paging continues (newer messages); null before the first page */
  forward_token: string | null;
  /** where backward paging continues (older messages); null when none is known */
  backward_token: string | null;
  /** the oldest message of the conversation is stored */
  history_complete: boolean;
  /** the first page was stored (initial load is skipped after that) */
  initial_loaded: boolean;
  /** sk of the newest bot message stored: the user's messages before it count as delivered */
  delivered_sk: string;
}

export type ConversationsCollection = RxCollection<ConversationDoc>;

export const conversationsSchema: RxJsonSchema<ConversationDoc> = {
  title: 'conversations',
  version: 0,
  primaryKey: 'bot_uuid',
  type: 'object',
  properties: {
    bot_uuid: { type: 'string', maxLength: 16 },
    name: { type: 'string' },
    icon: { type: 'string' },
    block_time: { type: ['number', 'null'] },
    archive_time: { type: ['number', 'null'] },
    mute_time: { type: ['number', 'null'] },
    mute_duration: { type: ['number', 'null'] },
    pinned: { type: 'boolean' },
    unread_count: { type: 'number', minimum: 0 },
    last_message: { type: ['object', 'null'] },
    last_activity: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
    conversed: { type: 'boolean' },
    opened_at: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
    forward_token: { type: ['string', 'null'] },
    backward_token: { type: ['string', 'null'] },
    history_complete: { type: 'boolean' },
    initial_loaded: { type: 'boolean' },
    delivered_sk: { type: 'string' },
  },
  required: ['bot_uuid', 'name', 'icon', 'pinned', 'unread_count', 'last_activity', 'conversed', 'opened_at', 'forward_token', 'backward_token', 'history_complete', 'initial_loaded', 'delivered_sk'],
  indexes: ['last_activity', 'opened_at'],
};
