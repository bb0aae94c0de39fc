// The feed's half of the engine (issue 13; spec part 2 §4 feed loading, §5, §7, §8): pages of
// get-feed into the `feed` collection (fetched until FEED_PAGE_SIZE items pass the filter), one
// post by id (deep links), saved posts (pages of 8) and my activity (pages of 20, by type), all
// written only from 200 answers so they read offline; and the feed's acts on the ONE action
// queue (kind 'feed-action'): votes, answers, reactions, saves, unsaves and batched views.
//   - An act is queued (durable) and shown at once: the screens lay the queued ops over the
//     stored post (src/domain/feed-reducers.ts). The runner sends it with its id as the
//     Idempotency-Key; the server's answer (the post as it is now) replaces the stored post, so
//     the counts are the server's again. A refusal leaves the queue (the display goes back by
//     itself) and leaves the feed's notice (the act's catalogue text, feed.refused.<op>).
//   - A 'feed-post' socket frame (a bot published) adds the newest page to the stored feed.
import type { RouteName } from '../api/contract';
import { feedItemSchema, type Activity, type FeedItem, type FeedPost } from '../api/feed-contract';
import { NoResponseError, cancelledError, isCancelError, noResponseError } from '../domain/errors';
import type { FeedOp } from '../domain/feed-reducers';
import {
  ACTIVITY_PAGE_SIZE, ADD_VIEW_MAX_IDS, FEED_MAX_PAGES_PER_LOAD, FEED_PAGE_SIZE, SAVED_POSTS_PAGE_SIZE,
  customResponseToSend, feedNeedsRefresh, isKnownActivityType, keepFeedItem, type ActivityType, type FeedReaction,
} from '../domain/feed-rules';
import { uuidv7 } from '../domain/uuidv7';
import type { AppDatabase } from '../db/database';
import { failed, ok, type CommandResult } from '../db/command-result';
import { enqueueAction } from '../db/action-queue';
import { getLocalDoc } from '../db/local-store';
import { FEED_META_ID, feedDocId, orderKey, withFeedRank, type FeedDoc, type FeedMeta } from '../db/schemas';
import type { ActionKindDef, AreaSyncDeps } from './action-runner';
import type { Clock, HttpClient } from './http-client';

export interface FeedFlows {
  /** Opening the Post tab: refreshes when the spec's rule says so (or nothing is stored). */
  openFeed(): Promise<CommandResult<{ refreshed: boolean }>>;
  /** 'refresh': from the newest (pull to refresh); 'more': the next page after the stored ones. */
  loadFeed(mode: 'refresh' | 'more'): Promise<CommandResult<{ kept: number; hasMore: boolean }>>;
  /** One post by id (a /feed?post= deep link). */
  loadFeedPost(postUuid: string): Promise<CommandResult>;
  loadSavedPosts(more: boolean): Promise<CommandResult<{ hasMore: boolean }>>;
  loadActivity(type: ActivityType | null, more: boolean): Promise<CommandResult<{ hasMore: boolean }>>;
  votePoll(postUuid: string, optionUuids: string[], customResponse?: string): Promise<CommandResult>;
  answerFeedQuestion(postUuid: string, optionUuid: string): Promise<CommandResult>;
  answerQuizQuestion(postUuid: string, questionUuid: string, optionUuid: string): Promise<CommandResult>;
  reactToPost(postUuid: string, reaction: FeedReaction | null): Promise<CommandResult>;
  setPostSaved(postUuid: string, saved: boolean): Promise<CommandResult>;
  /** Posts seen on screen; queued in batches of at most ADD_VIEW_MAX_IDS. */
  addPostViews(postUuids: string[]): Promise<CommandResult>;
  dismissFeedNotice(): Promise<CommandResult>;
}

export const EMPTY_FEED_META: FeedMeta = {
  lastPost: null, lastNotification: null, hasMore: true, lastVisitAt: null, lastVisitSession: null,
  savedHasMore: true, savedTotal: 0, activityHasMore: {}, notice: null,
};

async function readMeta(db: AppDatabase): Promise<FeedMeta> {
  const doc = await db.feed.findOne(FEED_META_ID).exec();
  return doc ? (doc.toMutableJSON().payload as FeedMeta) : EMPTY_FEED_META;
}

async function writeMeta(db: AppDatabase, now: number, change: (m: FeedMeta) => FeedMeta): Promise<FeedMeta> {
  const next = change(await readMeta(db));
  await db.feed.upsert(withFeedRank({ id: FEED_META_ID, kind: 'meta', order: 0, type: '', post_uuid: '', payload: next, fetched_at: now }));
  return next;
}

const itemDoc = (item: FeedItem, now: number): FeedDoc => withFeedRank(item.type === 'post'
  ? { id: feedDocId.post(item.post.post_uuid), kind: 'item', order: item.post.created_at, type: 'post', post_uuid: item.post.post_uuid, payload: item, fetched_at: now }
  : { id: feedDocId.notification(item.notification.notification_uuid), kind: 'item', order: item.notification.created_at, type: 'notification', post_uuid: '', payload: item, fetched_at: now });

/** Writes the server's post into every doc that holds it (its feed item and its saved entry). */
export async function storeServerPost(db: AppDatabase, post: FeedPost, now: number): Promise<void> {
  const docs = await db.feed.find({ selector: { post_uuid: post.post_uuid } }).exec();
  const writes: FeedDoc[] = [];
  const unsaved: string[] = [];
  for (const d of docs) {
    const doc = d.toMutableJSON();
    if (doc.kind === 'item') writes.push({ ...doc, payload: { type: 'post', post }, fetched_at: now });
    else if (doc.kind === 'saved' && post.is_saved) writes.push({ ...doc, payload: post, fetched_at: now });
    // unsaved on the server: it leaves the stored list, so the next page's offset (the stored
    // count) matches the server's list again and no saved post is skipped
    else if (doc.kind === 'saved') unsaved.push(doc.id);
  }
  if (!docs.some((d) => d.kind === 'item')) writes.push(itemDoc({ type: 'post', post }, now));
  await db.feed.bulkUpsert(writes);
  if (unsaved.length > 0) await db.feed.bulkRemove(unsaved);
}

/** The filter and parse of a fetched page (spec §4): unknown kinds, poster-cards links and unknown subtypes dropped. */
export function keptItems(raw: readonly { type: string }[]): FeedItem[] {
  const kept: FeedItem[] = [];
  for (const item of raw) {
    if (!keepFeedItem(item)) continue;
    const parsed = feedItemSchema.safeParse(item);
    if (parsed.success) kept.push(parsed.data);
  }
  return kept;
}

/** How the action queue's runner sends a feed act, and what a refusal leaves. */
export function feedActionKind(deps: { db: AppDatabase; http: HttpClient; clock: Clock }): ActionKindDef<'feed-action'> {
  const { db, http, clock } = deps;
  return {
    route: 'pollVote',
    async send({ payload: op }, once) {
      let answer: { post: FeedPost } | null = null;
      switch (op.op) {
        case 'vote':
          answer = await http.call('pollVote', {
            post_uuid: op.post_uuid, option_uuid_list: op.option_uuid_list,
            ...(op.custom_response !== undefined ? { custom_response: op.custom_response } : {}),
          }, once);
          break;
        case 'answer': answer = await http.call('answerQuestion', { post_uuid: op.post_uuid, option_uuid: op.option_uuid }, once); break;
        case 'quiz-answer': answer = await http.call('answerQuizQuestion', { post_uuid: op.post_uuid, question_uuid: op.question_uuid, option_uuid: op.option_uuid }, once); break;
        case 'reaction': answer = await http.call('addReaction', { post_uuid: op.post_uuid, user_reaction: op.user_reaction }, once); break;
        case 'save': answer = await http.call('savePost', { post_uuid: op.post_uuid }, once); break;
        case 'unsave': answer = await http.call('unsavePost', { post_uuid: op.post_uuid }, once); break;
        case 'views': await http.call('addView', { post_uuid_list: op.post_uuid_list }, once); break;
      }
      if (answer) await storeServerPost(db, answer.post, clock.now());
    },
    async refused({ payload: op }, refusal) {
      // the queued op leaves the queue after this: the post shows the server's state again
      if (op.op === 'views') return;
      await writeMeta(db, clock.now(), (m) => ({ ...m, notice: { op: op.op, message: refusal.serverMessage ?? refusal.message, post_uuid: op.post_uuid, at: clock.now() } }));
    },
  };
}

export function createFeedSync(deps: AreaSyncDeps): { flows: FeedFlows; onFeedPost(postUuid: string): Promise<void> } {
  const { db, http, clock } = deps;

  async function failure<T>(route: RouteName, err: unknown): Promise<CommandResult<T>> {
    // offline: the stored feed shows and the screen says it is offline
    if (err instanceof NoResponseError) return failed(noResponseError());
    if (isCancelError(err)) return failed(cancelledError(err.reason));
    return failed(await deps.report(route, err));
  }

  async function loadFeed(mode: 'refresh' | 'more'): Promise<CommandResult<{ kept: number; hasMore: boolean }>> {
    const meta = await readMeta(db);
    let cursors = mode === 'refresh' ? { post: null, notification: null } : { post: meta.lastPost, notification: meta.lastNotification };
    if (mode === 'more' && !meta.hasMore) return ok({ kept: 0, hasMore: false });
    const kept: FeedItem[] = [];
    let hasMore = true;
    try {
      // spec §4: pages are fetched until enough items pass the filter
      for (let page = 0; page < FEED_MAX_PAGES_PER_LOAD && kept.length < FEED_PAGE_SIZE && hasMore; page++) {
        const answer = await http.call('getFeed', { limit: FEED_PAGE_SIZE, max: cursors });
        kept.push(...keptItems(answer.user_feed));
        cursors = { post: answer.lastPost, notification: answer.lastNotification };
        hasMore = answer.has_more;
      }
    } catch (err) {
      return failure('getFeed', err);
    }
    const now = clock.now();
    if (mode === 'refresh') {
      // the refreshed window replaces the stored one (older pages come again with 'more')
      const keep = new Set(kept.map((i) => itemDoc(i, now).id));
      await db.feed.find({ selector: { kind: 'item' } }).exec().then((docs) => db.feed.bulkRemove(docs.map((d) => d.id).filter((id) => !keep.has(id))));
    }
    await db.feed.bulkUpsert(kept.map((i) => itemDoc(i, now)));
    await writeMeta(db, now, (m) => ({ ...m, lastPost: cursors.post, lastNotification: cursors.notification, hasMore }));
    return ok({ kept: kept.length, hasMore });
  }

  async function openFeed(): Promise<CommandResult<{ refreshed: boolean }>> {
    const meta = await readMeta(db);
    const session = (await getLocalDoc(db, 'session'))?.clientSessionId ?? null;
    const stored = await db.feed.count({ selector: { kind: 'item' } }).exec();
    const due = stored === 0 || feedNeedsRefresh(clock.now(), { at: meta.lastVisitAt, session: meta.lastVisitSession }, session);
    const result = due ? await loadFeed('refresh') : ok({ kept: 0, hasMore: meta.hasMore });
    // a visit counts once the feed is there (an offline open keeps the rule due for the next)
    if (result.ok) await writeMeta(db, clock.now(), (m) => ({ ...m, lastVisitAt: clock.now(), lastVisitSession: session }));
    return result.ok ? ok({ refreshed: due }) : failed(result.error);
  }

  async function loadFeedPost(postUuid: string): Promise<CommandResult> {
    try {
      const { post } = await http.call('getPost', { post_uuid: postUuid });
      await storeServerPost(db, post, clock.now());
      return ok();
    } catch (err) {
      return failure('getPost', err);
    }
  }

  async function loadSavedPosts(more: boolean): Promise<CommandResult<{ hasMore: boolean }>> {
    const stored = await db.feed.find({ selector: { kind: 'saved' } }).exec();
    const offset = more ? stored.length : 0;
    let answer;
    try {
      answer = await http.call('getSavedPosts', { offset, limit: SAVED_POSTS_PAGE_SIZE });
    } catch (err) {
      return failure('getSavedPosts', err);
    }
    const now = clock.now();
    if (!more) await db.feed.bulkRemove(stored.map((d) => d.id));
    await db.feed.bulkUpsert(answer.post_list.map((post, i) => withFeedRank({ id: feedDocId.saved(post.post_uuid), kind: 'saved', order: offset + i, type: 'post', post_uuid: post.post_uuid, payload: post, fetched_at: now })));
    const hasMore = offset + answer.post_list.length < answer.total;
    await writeMeta(db, now, (m) => ({ ...m, savedHasMore: hasMore, savedTotal: answer.total }));
    return ok({ hasMore });
  }

  async function loadActivity(type: ActivityType | null, more: boolean): Promise<CommandResult<{ hasMore: boolean }>> {
    const stored = await db.feed.find({ selector: { kind: 'activity', ...(type ? { type } : {}) } }).exec();
    const offset = more ? stored.length : 0;
    let answer;
    try {
      answer = await http.call('getUserActivity', { limit: ACTIVITY_PAGE_SIZE, offset, filters: { type } });
    } catch (err) {
      return failure('getUserActivity', err);
    }
    const now = clock.now();
    if (!more) await db.feed.bulkRemove(stored.map((d) => d.id));
    // spec §5: only known activity types are kept
    const known = answer.activity_list.filter((a): a is Activity => isKnownActivityType(a.type));
    await db.feed.bulkUpsert(known.map((a) => withFeedRank({ id: feedDocId.activity(a.activity_uuid), kind: 'activity', order: a.created_at, type: a.type, post_uuid: a.post_uuid, payload: a, fetched_at: now })));
    const hasMore = offset + answer.activity_list.length < answer.total;
    await writeMeta(db, now, (m) => ({ ...m, activityHasMore: { ...m.activityHasMore, [type ?? 'all']: hasMore } }));
    return ok({ hasMore });
  }

  async function queue(op: FeedOp): Promise<CommandResult> {
    const id = uuidv7();
    const key = op.op === 'views' ? orderKey.feedViews() : orderKey.feedPost(op.post_uuid);
    await enqueueAction(db, 'feed-action', key, { ...op, at: clock.now() }, clock.now(), id);
    return ok();
  }

  async function addPostViews(postUuids: string[]): Promise<CommandResult> {
    const ids = [...new Set(postUuids)];
    for (let i = 0; i < ids.length; i += ADD_VIEW_MAX_IDS) await queue({ op: 'views', post_uuid_list: ids.slice(i, i + ADD_VIEW_MAX_IDS) });
    return ok();
  }

  const flows: FeedFlows = {
    openFeed,
    loadFeed,
    loadFeedPost,
    loadSavedPosts,
    loadActivity,
    votePoll: (postUuid, optionUuids, customResponse) => {
      const custom = customResponseToSend(customResponse);
      return queue({ op: 'vote', post_uuid: postUuid, option_uuid_list: optionUuids, ...(custom !== undefined ? { custom_response: custom } : {}) });
    },
    answerFeedQuestion: (postUuid, optionUuid) => queue({ op: 'answer', post_uuid: postUuid, option_uuid: optionUuid }),
    answerQuizQuestion: (postUuid, questionUuid, optionUuid) => queue({ op: 'quiz-answer', post_uuid: postUuid, question_uuid: questionUuid, option_uuid: optionUuid }),
    reactToPost: (postUuid, reaction) => queue({ op: 'reaction', post_uuid: postUuid, user_reaction: reaction }),
    setPostSaved: (postUuid, saved) => queue(saved ? { op: 'save', post_uuid: postUuid } : { op: 'unsave', post_uuid: postUuid }),
    addPostViews,
    dismissFeedNotice: async () => {
      await writeMeta(db, clock.now(), (m) => (m.notice ? { ...m, notice: null } : m));
      return ok();
    },
  };
  /**
   * A bot published (a 'feed-post' frame): the newest page is added to what is stored, keeping
   * the pages the user has scrolled through and the cursor of the next one (a refresh would
   * drop them and move the list under the user's thumb).
   */
  async function addNewest(): Promise<void> {
    const answer = await http.call('getFeed', { limit: FEED_PAGE_SIZE, max: { post: null, notification: null } });
    const now = clock.now();
    await db.feed.bulkUpsert(keptItems(answer.user_feed).map((i) => itemDoc(i, now)));
  }

  return {
    flows,
    onFeedPost: async () => {
      // only a feed that was opened on this device follows new posts
      if ((await db.feed.count({ selector: { kind: 'item' } }).exec()) > 0) await addNewest();
    },
  };
}
