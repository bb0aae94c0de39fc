// The one durable queue of every offline action that is not a chat message (DESIGN.md §3, §4;
// issue 12): bot actions, saved-item unsaves and undos, message ratings and saves, cart edits.
// One document per action, written by the page (or the engine) before the user sees its effect,
// removed when the server took it or refused it (then the area's undo ran). The leader's runner
// (src/sync/action-runner.ts) sends the queue in id order per `order_key`, the keys in parallel,
// with the document's id as the Idempotency-Key header. Chat messages keep the outbox.
import type { MigrationStrategies, RxCollection, RxJsonSchema } from 'rxdb/plugins/core';
import type { CartEdit } from '../../domain/cart-edits';
import type { QueuedBotAction } from '../bot-profile-data';
import type { MessageIntent, SavedItemsAction } from '../local-docs';
import type { QueuedEntry } from './competitions.schema';
import type { GamesAction } from './games.schema';
import type { PaymentMethodAction } from '../payments-view';
import type { MiniAppAction } from './mini-apps.schema';
import type { FeedOp } from '../../domain/feed-reducers';
import type { QueuedProfileEdit } from '../profile-edit-types';
import type { AnalyticsParams } from '../../domain/analytics';

/** One analytics event waiting to be sent (src/sync/analytics-sync.ts); `batch`: the ids sent with it, fixed at its first try. */
export interface QueuedAnalyticsEvent {
  name: string;
  params: AnalyticsParams;
  at: number;
  batch?: string[];
}

/** What each kind of action carries (the area's own shapes). */
export interface ActionPayloads {
  /** pin, mute, block, archive, report, rating, votes, reviews, read marks (src/sync/bot-actions.ts) */
  'bot-action': QueuedBotAction;
  /** unsave or undo of a saved item (src/sync/saved-items-sync.ts) */
  'saved-item': SavedItemsAction;
  /** a message's rating or save (src/sync/message-intents.ts); intent_id names its 'message-intents' entry */
  'message-intent': Pick<MessageIntent, 'kind' | 'bot_uuid' | 'sk' | 'value'> & { intent_id: string };
  /** one cart edit (src/sync/cart-sync.ts): the bot's edits are sent together, as one cart */
  'cart-edit': { bot_uuid: string; edit: CartEdit };
  /** a competition entry: its files' uploads, then add-submission (src/sync/competition-sync.ts) */
  'competition-entry': QueuedEntry;
  /** an engage answer or a memory-match completion made offline (src/sync/games-sync.ts) */
  games: GamesAction;
  /** save, delete or set-primary of a saved payment method (src/sync/payments-sync.ts) */
  'payment-method': PaymentMethodAction;
  /** a mini app's subscribe, rating or activity, or a lesson's progress (src/sync/mini-app-actions.ts) */
  'mini-app': MiniAppAction;
  /** a vote, answer, reaction, save or unsave of a feed post, or a batch of views (src/sync/feed-sync.ts) */
  'feed-action': FeedOp & { at: number };
  /** an edit of the user's own profile, its photo uploaded first (src/sync/profile-sync.ts) */
  'profile-edit': QueuedProfileEdit;
  /** an analytics event, sent with the ones queued after it in batches (src/sync/analytics-sync.ts) */
  analytics: QueuedAnalyticsEvent;
}

export type ActionKind = keyof ActionPayloads;

export const ACTION_KINDS = ['bot-action', 'saved-item', 'message-intent', 'cart-edit', 'competition-entry', 'games', 'payment-method', 'mini-app', 'feed-action', 'profile-edit', 'analytics'] as const satisfies readonly ActionKind[];

interface ActionDocBase<K extends ActionKind> {
  /** UUIDv7 (the order of queueing), sent as the Idempotency-Key header */
  id: string;
  kind: K;
  /** actions of one key go out one at a time in id order; keys go in parallel */
  order_key: string;
  payload: ActionPayloads[K];
  /** queued: to send; refused: the server refused it and its undo has not finished yet */
  status: 'queued' | 'refused';
  attempts: number;
  /** epoch ms before which the runner does not try it again (backoff or Retry-After) */
  next_attempt_at: number;
  created_at: number;
  last_error: string | null;
}

export type ActionDocOf<K extends ActionKind> = ActionDocBase<K>;
export type ActionDoc = { [K in ActionKind]: ActionDocBase<K> }[ActionKind];

export type ActionsCollection = RxCollection<ActionDoc>;

/** The ordering keys of the areas: per bot, per saved item, per message part, per bot's cart. */
export const orderKey = {
  bot: (botUuid: string) => `bot:${botUuid}`,
  savedItem: (savedItemUuid: string) => `saved:${savedItemUuid}`,
  messageIntent: (intentId: string) => `intent:${intentId}`,
  cart: (botUuid: string) => `cart:${botUuid}`,
  competitionEntry: (entryId: string) => `entry:${entryId}`,
  /** a play's answers in step order; a memory board's completion */
  games: (target: string) => `games:${target}`,
  /** one key for all of a user's method edits: a delete never overtakes the save it undoes */
  paymentMethods: () => 'payment-methods',
  miniApp: (id: string) => `mini-app:${id}`,
  /** a post's acts in order; views in one lane of their own */
  feedPost: (postUuid: string) => `feed:${postUuid}`,
  feedViews: () => 'feed-views',
  /** every analytics event in one lane: a batch is the head and the events after it */
  analytics: () => 'analytics',
};

export const actionsSchema: RxJsonSchema<ActionDoc> = {
  title: 'actions',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    // Not an enum of ACTION_KINDS: a schema is fixed per version, so each new area's kind would
    // need a schema version and a migration of every queued action. A kind this build does not
    // send waits in the queue (action-runner.ts) until a build that does.
    kind: { type: 'string', maxLength: 40 },
    order_key: { type: 'string', maxLength: 200 },
    payload: { type: 'object' },
    status: { type: 'string', enum: ['queued', 'refused'], maxLength: 8 },
    attempts: { type: 'number', minimum: 0 },
    next_attempt_at: { type: 'number' },
    created_at: { type: 'number' },
    last_error: { type: ['string', 'null'] },
  },
  required: ['id', 'kind', 'order_key', 'payload', 'status', 'attempts', 'next_attempt_at', 'created_at', 'last_error'],
  // the runner reads the head of each key (status, order_key, id) and every queued one by id
  indexes: [['status', 'order_key', 'id'], ['status', 'id'], ['kind', 'id']],
};

/** Version 1: `kind` is any name up to 40 characters (version 0 listed the kinds); documents stay as they are. */
export const actionsMigrations: MigrationStrategies = {
  1: (doc: ActionDoc) => doc,
};
