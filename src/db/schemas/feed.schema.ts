// The feed area's documents (issue 13; DESIGN.md §3): feed items (posts and notifications), the
// saved posts list, my activity rows and the feed's own state, in ONE collection told apart by
// `kind`, so the feed, saved posts and activity read offline. Written only from 200 answers
// (spec part 2 §5). A post's doc holds the server's post as last answered; what the user did
// since (queued 'feed-action's) is laid over it when shown (src/domain/feed-reducers.ts), so a
// refused action undoes itself by leaving the queue. Cleared with the chat on sign-out.
import type { MigrationStrategies, RxCollection, RxJsonSchema } from 'rxdb/plugins/core';
import type { Activity, FeedCursor, FeedItem, FeedPost } from '../../api/feed-contract';

/** The feed's own state (the doc 'meta:feed'). */
export interface FeedMeta {
  /** Cursors of the next get-feed page (null: from the newest). */
  lastPost: FeedCursor | null;
  lastNotification: FeedCursor | null;
  hasMore: boolean;
  /** When the feed was last opened, and in which sign-in (the session's clientSessionId). */
  lastVisitAt: number | null;
  lastVisitSession: string | null;
  savedHasMore: boolean;
  savedTotal: number;
  /** per activity filter ('all' or a type): more on the server */
  activityHasMore: Record<string, boolean>;
  /** The last refusal of a queued act: which act (its catalogue text is feed.refused.<op>), the server's words (kept for support, not shown), the post. */
  notice: { op: 'vote' | 'answer' | 'quiz-answer' | 'reaction' | 'save' | 'unsave'; message: string; post_uuid: string; at: number } | null;
}

export interface FeedPayloads {
  item: FeedItem;
  saved: FeedPost;
  activity: Activity;
  meta: FeedMeta;
}
export type FeedDocKind = keyof FeedPayloads;

interface FeedDocBase<K extends FeedDocKind> {
  /** 'item:post:<uuid>', 'item:notification:<uuid>', 'saved:<uuid>', 'activity:<uuid>', 'meta:feed' */
  id: string;
  kind: K;
  /** item and activity: created_at (newest first); saved: place in the list (0 first) */
  order: number;
  /** feedRank(kind, order): the list's order as one ascending index (set by withFeedRank) */
  rank: number;
  /** item: post | notification; activity: its type; saved: post; meta: '' */
  type: string;
  /** the post it is about ('' for notifications and meta) */
  post_uuid: string;
  payload: FeedPayloads[K];
  fetched_at: number;
}

/** The highest `order` (a time in ms, or a place in the saved list). */
export const FEED_ORDER_MAX = 1e15;

/**
 * The list's order as an ascending number: newest first for items and activity (the maximum less
 * created_at), the place itself for saved posts. RxDB's Dexie storage walks an index ascending
 * only: a list sorted `order: 'desc'` read every stored item and sorted them in JavaScript before
 * its limit (a cold start into the feed of 1,000 posts: bench/README.md "feed-open").
 */
export function feedRank(kind: FeedDocKind, order: number): number {
  return kind === 'item' || kind === 'activity' ? FEED_ORDER_MAX - order : order;
}

/** A feed document as its writers build it: the rank is derived (withFeedRank). */
export type UnrankedFeedDoc = { [K in FeedDocKind]: Omit<FeedDocBase<K>, 'rank'> }[FeedDocKind];

/** The document with its rank (every write of a feed document goes through it). */
export function withFeedRank(doc: UnrankedFeedDoc): FeedDoc {
  return { ...doc, rank: feedRank(doc.kind, doc.order) } as FeedDoc;
}

export type FeedDocOf<K extends FeedDocKind> = FeedDocBase<K>;
export type FeedDoc = { [K in FeedDocKind]: FeedDocBase<K> }[FeedDocKind];
export type FeedCollection = RxCollection<FeedDoc>;

export const FEED_META_ID = 'meta:feed';
export const feedDocId = {
  post: (postUuid: string) => `item:post:${postUuid}`,
  notification: (uuid: string) => `item:notification:${uuid}`,
  saved: (postUuid: string) => `saved:${postUuid}`,
  activity: (uuid: string) => `activity:${uuid}`,
};

export const feedSchema: RxJsonSchema<FeedDoc> = {
  title: 'feed',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 100 },
    kind: { type: 'string', enum: ['item', 'saved', 'activity', 'meta'], maxLength: 10 },
    order: { type: 'number', minimum: 0, maximum: FEED_ORDER_MAX, multipleOf: 1 },
    rank: { type: 'number', minimum: 0, maximum: FEED_ORDER_MAX, multipleOf: 1 },
    type: { type: 'string', maxLength: 40 },
    post_uuid: { type: 'string', maxLength: 40 },
    payload: { type: 'object' },
    fetched_at: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
  },
  required: ['id', 'kind', 'order', 'rank', 'type', 'post_uuid', 'payload', 'fetched_at'],
  // the list reads by kind in rank; my activity filters by type; an answer updates a post's docs
  indexes: [['kind', 'rank'], ['kind', 'type', 'rank'], 'post_uuid'],
};

/** Version 0 had no rank (the feed sorted by order, newest first in JavaScript). */
export const feedMigrations: MigrationStrategies = {
  1: (old: UnrankedFeedDoc): FeedDoc => withFeedRank(old),
};
