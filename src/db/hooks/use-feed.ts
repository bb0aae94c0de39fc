// The feed area's data for the screens (issue 13): feed items, one post, saved posts, my activity
// and the feed's state, from the `feed` collection, each post shown with the user's queued acts
// laid over it (src/domain/feed-reducers.ts) and marked pending while any wait. The Post tab reads
// a growing window of the feed (feedWindow$), never all of it.
import { useCallback, useState } from 'react';
import type { RxDocument } from 'rxdb';
import { BehaviorSubject, combineLatest, distinctUntilChanged, map, switchMap, type Observable } from 'rxjs';
import type { Activity, FeedItem, FeedPost } from '../../api/feed-contract';
import { displayPost, opsOfPost, type FeedOp } from '../../domain/feed-reducers';
import { FEED_WINDOW_FIRST, grownFeedWindow, type ActivityType } from '../../domain/feed-rules';
import { queuedActions$ } from '../action-queue';
import type { AppDatabase } from '../database';
import { FEED_META_ID, feedDocId, type FeedDoc, type FeedMeta } from '../schemas';
import { useRxQuery, type QuerySnapshot } from './use-rx-query';

/** A post as shown: the server's with the queued acts over it; pending while any wait. */
export interface ShownPost { post: FeedPost; pending: boolean }
export type ShownItem = { type: 'post'; id: string; shown: ShownPost } | { type: 'notification'; id: string; item: Extract<FeedItem, { type: 'notification' }> };

const queuedOps$ = (db: AppDatabase) => queuedActions$(db, 'feed-action').pipe(map((actions): FeedOp[] => actions.map((a) => a.payload)));

export function showPost(post: FeedPost, ops: readonly FeedOp[]): ShownPost {
  const mine = opsOfPost(ops, post.post_uuid);
  return { post: displayPost(post, mine), pending: mine.length > 0 };
}

/** A stored list (saved posts, my activity, of one type or all) in its order, from its rank index. */
export const feedListQuery = (db: AppDatabase, kind: FeedDoc['kind'], type?: string) =>
  db.feed.find({ selector: { kind, ...(type ? { type } : {}) }, sort: [{ rank: 'asc' }] });

/** The feed's first `limit` items and one more (to know whether more are stored), newest first. */
export const feedWindowQuery = (db: AppDatabase, limit: number) =>
  db.feed.find({ selector: { kind: 'item' }, sort: [{ rank: 'asc' }], limit: limit + 1 });

const docsOf = (db: AppDatabase, kind: FeedDoc['kind'], type?: string) =>
  feedListQuery(db, kind, type).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON())));

/** A window of the feed: its first items, and whether more are stored past it. */
export interface FeedWindow { items: ShownItem[]; more: boolean }

/**
 * The feed's first `limit$` items, newest first: a limited query on the ['kind', 'rank'] index,
 * re-read when the limit grows (one more item is read to know whether more are stored). A change
 * re-reads only the window, and an item whose stored doc and queued acts are unchanged keeps its
 * object, so memoised cards do not render again for another card's change.
 */
export function feedWindow$(db: AppDatabase, limit$: Observable<number>): Observable<FeedWindow> {
  const cache = new Map<string, { doc: RxDocument<FeedDoc>; acts: string; item: ShownItem }>();
  const shown = (doc: RxDocument<FeedDoc>, ops: readonly FeedOp[]): ShownItem => {
    const postUuid = doc.kind === 'item' && doc.type === 'post' ? doc.post_uuid : null;
    const acts = postUuid ? JSON.stringify(opsOfPost(ops, postUuid)) : '';
    const hit = cache.get(doc.id);
    if (hit && hit.doc === doc && hit.acts === acts) return hit.item;
    const payload = doc.toMutableJSON().payload as FeedItem;
    const item: ShownItem = payload.type === 'post' ? { type: 'post', id: doc.id, shown: showPost(payload.post, ops) } : { type: 'notification', id: doc.id, item: payload };
    cache.set(doc.id, { doc, acts, item });
    return item;
  };
  const docs$ = limit$.pipe(
    distinctUntilChanged(),
    switchMap((limit) => feedWindowQuery(db, limit).$.pipe(map((docs) => ({ docs, limit })))),
  );
  return combineLatest([docs$, queuedOps$(db)]).pipe(map(([{ docs, limit }, ops]) => {
    const inWindow = docs.slice(0, limit);
    const ids = new Set(inWindow.map((d) => d.id));
    for (const id of cache.keys()) if (!ids.has(id)) cache.delete(id);
    return { items: inWindow.map((d) => shown(d, ops)), more: docs.length > limit };
  }));
}

/** The feed's window and `grow`, which widens it past what is shown (grownFeedWindow). */
export function useFeedItems(): QuerySnapshot<FeedWindow> & { grow: () => void } {
  const [limit$] = useState(() => new BehaviorSubject(FEED_WINDOW_FIRST));
  const snapshot = useRxQuery('feed-items', (db) => feedWindow$(db, limit$), { items: [], more: false });
  const shownCount = snapshot.value.items.length;
  const grow = useCallback(() => limit$.next(grownFeedWindow(limit$.value, shownCount)), [limit$, shownCount]);
  return { ...snapshot, grow };
}

/** One post (a deep link), or null when it is not stored. */
export function useFeedPost(postUuid: string): QuerySnapshot<ShownPost | null> {
  return useRxQuery(`feed-post:${postUuid}`, (db) => combineLatest([db.feed.findOne(feedDocId.post(postUuid)).$, queuedOps$(db)]).pipe(map(([doc, ops]) => {
    const item = doc?.toMutableJSON().payload as FeedItem | undefined;
    return item?.type === 'post' ? showPost(item.post, ops) : null;
  })), null);
}

/** Saved posts as last read, with an unsave still queued hiding its post. */
export function useSavedPosts(): QuerySnapshot<ShownPost[]> {
  return useRxQuery('feed-saved', (db) => combineLatest([docsOf(db, 'saved'), queuedOps$(db)]).pipe(map(([docs, ops]) => docs
    .map((d) => showPost(d.payload as FeedPost, ops))
    .filter((s) => s.post.is_saved))), []);
}

/** My activity as last read, newest first, of one type or all. */
export function useActivity(type: ActivityType | null): QuerySnapshot<Activity[]> {
  return useRxQuery(`feed-activity:${type ?? 'all'}`, (db) => docsOf(db, 'activity', type ?? undefined).pipe(map((docs) => docs.map((d) => d.payload as Activity))), []);
}

export function useFeedMeta(): QuerySnapshot<FeedMeta | null> {
  return useRxQuery('feed-meta', (db) => db.feed.findOne(FEED_META_ID).$.pipe(map((doc) => (doc ? (doc.toMutableJSON().payload as FeedMeta) : null))), null);
}
