// The feed in the engine (src/sync/feed-sync.ts): pages fetched until 15 items pass the filter,
// stored only from 200 answers; acts queued on the one action queue (id as Idempotency-Key),
// kept with no network and delivered once it returns, the server's post replacing the stored one;
// a refusal leaving the queue with the server's words; views batched; sign-out clearing it.
// The refresh rule on opening (6 hours, a new sign-in); a saved post unsaved on the server leaves the stored list.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FeedPost } from '../../../src/api/feed-contract';
import type { AppDatabase } from '../../../src/db/database';
import { queuedActions } from '../../../src/db/action-queue';
import { clearSignedInData } from '../../../src/db/session-data';
import { FEED_META_ID, feedDocId, withFeedRank } from '../../../src/db/schemas';
import { BadStatusError, NoResponseError, errorForStatus } from '../../../src/domain/errors';
import { displayPost } from '../../../src/domain/feed-reducers';
import { FEED_REVISIT_MS } from '../../../src/domain/feed-rules';
import { newSession } from '../../../src/db/defaults';
import { setLocalDoc } from '../../../src/db/local-store';
import { createActionRunner } from '../../../src/sync/action-runner';
import { createFeedSync, feedActionKind } from '../../../src/sync/feed-sync';
import type { Clock, HttpClient } from '../../../src/sync/http-client';
import { openTestDatabase } from '../db/helpers/fake-db';

let db: AppDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.feed.find().remove();
  await db.actions.find().remove();
});

const clock: Clock = { now: () => 5000, setTimeout: () => 0, clearTimeout: () => {} };
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const post = (n: number, over: Partial<FeedPost> = {}): FeedPost => ({
  post_uuid: uuid(n), type: 'poll', subtype: 'poll', bot: { bot_uuid: '1000000000000101', name: 'Bot', icon: '' }, title: `Post ${n}`, body: '', media: null,
  deep_link: `/feed?post=${uuid(n)}`, created_at: 100_000 - n, options: [{ uuid: 'a', text: 'A', answers: 0 }, { uuid: 'b', text: 'B', answers: 0 }],
  multiple: false, allow_custom_response: false, user_vote: null, question_list: [], reactions: {}, user_reaction: null, is_saved: false, view_count: 0, ...over,
});

type Handler = (name: string, body: Record<string, unknown>) => Promise<unknown>;
const opened: { close(): void }[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});
function engine(handler: Handler) {
  const calls: string[] = [];
  const keys: (string | undefined)[] = [];
  const http = {
    call(name: string, body: Record<string, unknown>, options?: { idempotencyKey?: string }) {
      calls.push(`${name}:${JSON.stringify(body)}`);
      keys.push(options?.idempotencyKey);
      return handler(name, body);
    },
  } as unknown as HttpClient;
  const runner = createActionRunner({ db, clock, kinds: { 'feed-action': feedActionKind({ db, http, clock }) }, log: () => {} });
  const sync = createFeedSync({ db, http, clock, report: async (_route, err) => errorForStatus(err instanceof BadStatusError ? err.status : 0), flushActions: () => runner.flush({ force: true }) });
  opened.push({ close: () => void runner.close() });
  return { flows: sync.flows, calls, keys, flush: () => runner.flush({ force: true }) };
}
const storedItems = async () => (await db.feed.find({ selector: { kind: 'item' }, sort: [{ rank: 'asc' }] }).exec()).map((d) => d.id);
const storedPost = async (n: number) => {
  const doc = (await db.feed.findOne(feedDocId.post(uuid(n))).exec())!.toMutableJSON();
  return (doc.payload as { post: FeedPost }).post;
};
const shown = async (n: number) => displayPost(await storedPost(n), (await queuedActions(db, 'feed-action')).map((a) => a.payload));

it('fetches pages until 15 items pass the filter and stores only those', async () => {
  let next = 0;
  const { flows, calls } = engine(async (name) => {
    if (name !== 'getFeed') throw new Error(name);
    // each page: 5 good posts, 5 of an unknown subtype, 5 poster-cards notifications
    const page = [
      ...Array.from({ length: 5 }, () => ({ type: 'post', post: post(next++) })),
      ...Array.from({ length: 5 }, () => ({ type: 'post', post: post(next++, { subtype: 'live_stream' }) })),
      ...Array.from({ length: 5 }, () => ({ type: 'notification', notification: { notification_uuid: uuid(900 + next++), subtype: 'info', bot: { bot_uuid: '1', name: 'B', icon: '' }, title: 'x', body: '', deep_link: '/poster-cards/a', created_at: 1 } })),
      { type: 'banner', banner: {} },
    ];
    return { user_feed: page, lastPost: { id: uuid(next), created_at: next }, lastNotification: null, has_more: next < 200 };
  });
  const result = await flows.loadFeed('refresh');
  expect(result).toEqual({ ok: true, value: { kept: 15, hasMore: true } });
  expect(calls.filter((c) => c.startsWith('getFeed'))).toHaveLength(3);
  expect(calls[1]).toContain(`"post":{"id":"${uuid(15)}","created_at":15}`);
  expect(await storedItems()).toHaveLength(15);
});

it('adds the newest page on a feed-post frame, keeping the older pages and their cursor', async () => {
  await db.feed.upsert(withFeedRank({ id: feedDocId.post(uuid(50)), kind: 'item', order: 10, type: 'post', post_uuid: uuid(50), payload: { type: 'post', post: post(50, { created_at: 10 }) }, fetched_at: 1 }));
  const http = {
    call: async (name: string) => {
      if (name !== 'getFeed') throw new Error(name);
      return { user_feed: [{ type: 'post', post: post(1) }], lastPost: { id: uuid(1), created_at: 99_999 }, lastNotification: null, has_more: true };
    },
  } as unknown as HttpClient;
  const sync = createFeedSync({ db, http, clock, report: async () => errorForStatus(0), flushActions: async () => {} });
  await sync.onFeedPost(uuid(1));
  expect(await storedItems()).toEqual([feedDocId.post(uuid(1)), feedDocId.post(uuid(50))]);
  expect(await db.feed.findOne(FEED_META_ID).exec()).toBeNull();
});

it('keeps the stored feed when the server does not answer 200', async () => {
  await db.feed.upsert(withFeedRank({ id: feedDocId.post(uuid(1)), kind: 'item', order: 1, type: 'post', post_uuid: uuid(1), payload: { type: 'post', post: post(1) }, fetched_at: 1 }));
  const offline = engine(async () => { throw new NoResponseError(); });
  expect((await offline.flows.loadFeed('refresh')).ok).toBe(false);
  const refused = engine(async () => { throw new BadStatusError(500, 'down'); });
  expect((await refused.flows.loadFeed('refresh')).ok).toBe(false);
  expect(await storedItems()).toEqual([feedDocId.post(uuid(1))]);
});

it('queues a vote shown at once, keeps it with no network, and delivers it once with its id as the key', async () => {
  let online = false;
  const server = post(1, { options: [{ uuid: 'a', text: 'A', answers: 5 }, { uuid: 'b', text: 'B', answers: 0 }] });
  await db.feed.upsert(withFeedRank({ id: feedDocId.post(uuid(1)), kind: 'item', order: 1, type: 'post', post_uuid: uuid(1), payload: { type: 'post', post: server }, fetched_at: 1 }));
  const { flows, calls, keys, flush } = engine(async (name) => {
    if (!online) throw new NoResponseError();
    if (name === 'pollVote') return { post: post(1, { options: [{ uuid: 'a', text: 'A', answers: 5 }, { uuid: 'b', text: 'B', answers: 7 }], user_vote: { option_uuid_list: ['b'], custom_response: null } }) };
    throw new Error(name);
  });
  await flows.votePoll(uuid(1), ['b'], '   ');
  expect((await shown(1)).options.map((o) => o.answers)).toEqual([5, 1]);
  await flush();
  expect(await queuedActions(db, 'feed-action')).toHaveLength(1);
  const [queued] = await queuedActions(db, 'feed-action');
  // the blank custom response is not sent
  expect(queued!.payload).toEqual({ op: 'vote', post_uuid: uuid(1), option_uuid_list: ['b'], at: 5000 });
  online = true;
  await flush();
  expect(await queuedActions(db, 'feed-action')).toHaveLength(0);
  // the server's counts now (other users voted meanwhile)
  expect((await shown(1)).options.map((o) => o.answers)).toEqual([5, 7]);
  const sent = calls.filter((c) => c.startsWith('pollVote'));
  expect(sent.length).toBeGreaterThanOrEqual(2);
  expect(new Set(keys.filter((_, i) => calls[i]!.startsWith('pollVote')))).toEqual(new Set([queued!.id]));
});

it('undoes a refused act and keeps the server\'s words as the notice', async () => {
  await db.feed.upsert(withFeedRank({ id: feedDocId.post(uuid(2)), kind: 'item', order: 1, type: 'post', post_uuid: uuid(2), payload: { type: 'post', post: post(2) }, fetched_at: 1 }));
  const { flows, flush } = engine(async () => { throw new BadStatusError(409, 'You have already answered this question'); });
  await flows.reactToPost(uuid(2), 'love');
  expect((await shown(2)).reactions).toEqual({ love: 1 });
  await flush();
  expect(await queuedActions(db, 'feed-action')).toHaveLength(0);
  expect((await shown(2)).reactions).toEqual({});
  const meta = (await db.feed.findOne(FEED_META_ID).exec())!.toMutableJSON().payload as { notice: { op: string; message: string; post_uuid: string } };
  expect(meta.notice).toMatchObject({ op: 'reaction', post_uuid: uuid(2), message: 'You have already answered this question' });
});

it('batches views under the route\'s limit', async () => {
  const { flows, calls, flush } = engine(async () => ({ counted: 1 }));
  await flows.addPostViews([...Array.from({ length: 150 }, (_, i) => uuid(i)), uuid(3)]);
  await flush();
  const views = calls.filter((c) => c.startsWith('addView')).map((c) => (JSON.parse(c.slice('addView:'.length)) as { post_uuid_list: string[] }).post_uuid_list.length);
  expect(views).toEqual([100, 50]);
});

it('stores saved posts and activity pages, only known activity types, and sign-out clears the feed', async () => {
  const { flows } = engine(async (name, body) => {
    if (name === 'getSavedPosts') return { post_list: [post(1, { is_saved: true }), post(2, { is_saved: true })], total: 10 };
    if (name === 'getUserActivity') {
      expect(body).toEqual({ limit: 20, offset: 0, filters: { type: null } });
      return { activity_list: [
        { activity_uuid: uuid(1), type: 'poll_vote', post_uuid: uuid(1), post_title: 'P', detail: 'A', created_at: 2 },
        { activity_uuid: uuid(2), type: 'login', post_uuid: uuid(1), post_title: 'P', detail: '', created_at: 1 },
      ], total: 2 };
    }
    throw new Error(name);
  });
  expect(await flows.loadSavedPosts(false)).toEqual({ ok: true, value: { hasMore: true } });
  expect(await flows.loadActivity(null, false)).toEqual({ ok: true, value: { hasMore: false } });
  expect(await db.feed.count({ selector: { kind: 'saved' } }).exec()).toBe(2);
  expect((await db.feed.find({ selector: { kind: 'activity' } }).exec()).map((d) => d.type)).toEqual(['poll_vote']);
  await clearSignedInData(db);
  expect(await db.feed.count().exec()).toBe(0);
});

it('refreshes on opening only when the rule says so: first visit, more than 6 hours later, a new sign-in', async () => {
  let now = 1_000_000;
  let online = true;
  const pages: string[] = [];
  const movingClock: Clock = { now: () => now, setTimeout: () => 0, clearTimeout: () => {} };
  const http = {
    call: async (name: string) => {
      if (name !== 'getFeed') throw new Error(name);
      if (!online) throw new NoResponseError();
      pages.push(`at ${now}`);
      return { user_feed: [{ type: 'post', post: post(1) }], lastPost: null, lastNotification: null, has_more: false };
    },
  } as unknown as HttpClient;
  const sync = createFeedSync({ db, http, clock: movingClock, report: async () => errorForStatus(0), flushActions: async () => {} });
  await setLocalDoc(db, 'session', { ...newSession('device'), token: 't', clientSessionId: 'sign-in-1' });

  expect(await sync.flows.openFeed()).toEqual({ ok: true, value: { refreshed: true } });
  now += FEED_REVISIT_MS; // exactly 6 hours: not more
  expect(await sync.flows.openFeed()).toEqual({ ok: true, value: { refreshed: false } });
  now += FEED_REVISIT_MS + 1; // more than 6 hours after the last visit
  expect(await sync.flows.openFeed()).toEqual({ ok: true, value: { refreshed: true } });
  now += 60_000;
  expect(await sync.flows.openFeed()).toEqual({ ok: true, value: { refreshed: false } });
  // signed in again since the last visit: refreshed, however soon
  await setLocalDoc(db, 'session', { ...newSession('device'), token: 't2', clientSessionId: 'sign-in-2' });
  now += 60_000;
  expect(await sync.flows.openFeed()).toEqual({ ok: true, value: { refreshed: true } });
  expect(pages).toHaveLength(3);

  // an offline open when one is due does not count as a visit: the next open online refreshes
  now += FEED_REVISIT_MS + 1;
  online = false;
  expect((await sync.flows.openFeed()).ok).toBe(false);
  expect(await storedItems()).toEqual([feedDocId.post(uuid(1))]);
  online = true;
  now += 1000;
  expect(await sync.flows.openFeed()).toEqual({ ok: true, value: { refreshed: true } });
  expect(pages).toHaveLength(4);
});

it('drops a saved post the server says is unsaved, so the next page starts at the right offset', async () => {
  const offsets: number[] = [];
  let saved = Array.from({ length: 10 }, (_, i) => post(i + 1, { is_saved: true }));
  const { flows, flush } = engine(async (name, body) => {
    if (name === 'getSavedPosts') {
      const { offset, limit } = body as { offset: number; limit: number };
      offsets.push(offset);
      return { post_list: saved.slice(offset, offset + limit), total: saved.length };
    }
    if (name === 'unsavePost') {
      saved = saved.filter((p) => p.post_uuid !== body.post_uuid);
      return { post: post(2, { is_saved: false }) };
    }
    throw new Error(name);
  });
  await flows.loadSavedPosts(false);
  await flows.setPostSaved(uuid(2), false);
  await flush();
  expect(await db.feed.findOne(feedDocId.saved(uuid(2))).exec()).toBeNull();
  expect(await flows.loadSavedPosts(true)).toEqual({ ok: true, value: { hasMore: false } });
  expect(offsets).toEqual([0, 7]);
  // every saved post but the unsaved one, none skipped
  const stored = (await db.feed.find({ selector: { kind: 'saved' } }).exec()).map((d) => d.post_uuid).sort();
  expect(stored).toEqual(saved.map((p) => p.post_uuid).sort());
});
