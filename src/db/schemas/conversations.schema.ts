// One document per bot the user has a conversation with (spec part 1 §3 "Bot conversation
// entry"), plus what this device knows about its history: the paging tokens (stored only after
// their page is stored) and whether the oldest message has been reached.
import type { MigrationStrategies, RxCollection, RxJsonSchema } from 'rxdb/plugins/core';
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
  /** listRank(this): the chat list's order as one ascending index (set by modifyConversation) */
  list_rank: string;
}

/** The fields the chat list's order depends on. */
export type RankedFields = Pick<ConversationDoc, 'pinned' | 'archive_time' | 'block_time' | 'last_activity'>;

/** Far enough past any epoch-ms time that (RANK_TIME_TOP - last_activity) stays 16 digits. */
const RANK_TIME_TOP = 1e15;

/**
 * The chat list's order as a string whose ascending order is the list's: pinned first, then the
 * other shown conversations, then the archived and blocked ones (the list leaves them out), each
 * group by last activity, newest first. RxDB's Dexie storage walks an index ascending only, so a
 * `last_activity: 'desc'` query read every conversation and sorted them in JavaScript; ascending
 * over this index, the first screenful is a range read of that many rows (bench/README.md
 * "cold-start"). Ties fall to the primary key (RxDB appends it to every index), as before.
 */
export function listRank(c: RankedFields): string {
  const group = c.archive_time !== null || c.block_time !== null ? '2' : c.pinned ? '0' : '1';
  const age = Math.max(0, RANK_TIME_TOP - Math.min(Math.max(0, Math.round(c.last_activity)), RANK_TIME_TOP));
  return group + String(age).padStart(16, '0');
}

/** The document with its list_rank brought up to date (every write of a conversation goes through it). */
export function withListRank<C extends ConversationDoc>(c: C): C {
  const rank = listRank(c);
  return c.list_rank === rank ? c : { ...c, list_rank: rank };
}

export type ConversationsCollection = RxCollection<ConversationDoc>;

export const conversationsSchema: RxJsonSchema<ConversationDoc> = {
  title: 'conversations',
  version: 1,
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
    list_rank: { type: 'string', maxLength: 17 },
  },
  required: ['bot_uuid', 'name', 'icon', 'pinned', 'unread_count', 'last_activity', 'conversed', 'opened_at', 'forward_token', 'backward_token', 'history_complete', 'initial_loaded', 'delivered_sk', 'list_rank'],
  indexes: ['opened_at', 'list_rank'],
};

/** Version 0 had no list_rank (the list sorted by last_activity in JavaScript, through its index). */
export const conversationsMigrations: MigrationStrategies = {
  1: (old: Omit<ConversationDoc, 'list_rank'>): ConversationDoc => ({ ...old, list_rank: listRank(old) }),
};
