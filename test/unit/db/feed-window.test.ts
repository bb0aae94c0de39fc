// The Post tab's read of the feed (src/db/hooks/use-feed.ts feedWindow$): a limited query on the
// stored feed, newest first, that widens when asked, says whether more are stored past it, and
// keeps the object of every item that did not change (memoised cards do not render again).
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { BehaviorSubject, firstValueFrom, filter, type Observable } from 'rxjs';
import type { FeedPost } from '../../../src/api/feed-contract';
import { enqueueAction } from '../../../src/db/action-queue';
import type { AppDatabase } from '../../../src/db/database';
import { feedWindow$, type FeedWindow } from '../../../src/db/hooks/use-feed';
import { feedDocId, orderKey, withFeedRank, type FeedDoc } from '../../../src/db/schemas';
import { FEED_WINDOW_FIRST, FEED_WINDOW_STEP } from '../../../src/domain/feed-rules';
import { openTestDatabase } from './helpers/fake-db';

const STORED = 100;
let db: AppDatabase;
// opening the database took over vitest's 10 s hook default on the loaded 2-core machine
beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(() => db.close());
afterEach(() => vi.restoreAllMocks());

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const post = (n: number): FeedPost => ({
  post_uuid: uuid(n), type: 'poll', subtype: 'poll', bot: { bot_uuid: '1000000000000101', name: 'Bot', icon: '' }, title: `Post ${n}`, body: '', media: null,
  deep_link: `/feed?post=${uuid(n)}`, created_at: 1_000_000 + n, options: [{ uuid: 'a', text: 'A', answers: 0 }, { uuid: 'b', text: 'B', answers: 0 }],
  multiple: false, allow_custom_response: false, user_vote: null, question_list: [], reactions: {}, user_reaction: null, is_saved: false, view_count: 0,
});
const itemDoc = (p: FeedPost): FeedDoc => withFeedRank({ id: feedDocId.post(p.post_uuid), kind: 'item', order: p.created_at, type: 'post', post_uuid: p.post_uuid, payload: { type: 'post', post: p }, fetched_at: 1 });

beforeEach(async () => {
  await db.feed.find().remove();
  await db.actions.find().remove();
  // posts 1..STORED, the newest being STORED; a saved doc is not part of the feed
  await db.feed.bulkInsert(Array.from({ length: STORED }, (_, i) => itemDoc(post(i + 1))));
  await db.feed.insert(withFeedRank({ id: feedDocId.saved(uuid(1)), kind: 'saved', order: 1, type: 'post', post_uuid: uuid(1), payload: post(1), fetched_at: 1 }));
});

/** The window's next value that satisfies `ok`. */
const windowWhere = (w$: Observable<FeedWindow>, ok: (w: FeedWindow) => boolean) => firstValueFrom(w$.pipe(filter(ok)));
const titles = (w: FeedWindow) => w.items.map((i) => (i.type === 'post' ? i.shown.post.title : i.id));

it('reads only the first window, newest first, with a limited query, and grows by a step when asked', async () => {
  const find = vi.spyOn(db.feed, 'find');
  const limit$ = new BehaviorSubject(FEED_WINDOW_FIRST);
  const seen: FeedWindow[] = [];
  const w$ = feedWindow$(db, limit$);
  const sub = w$.subscribe((w) => seen.push(w));
  try {
    const first = await windowWhere(w$, (w) => w.items.length > 0);
    expect(first.items).toHaveLength(FEED_WINDOW_FIRST);
    expect(first.more).toBe(true);
    expect(titles(first).slice(0, 3)).toEqual([`Post ${STORED}`, `Post ${STORED - 1}`, `Post ${STORED - 2}`]);
    // every feed read the window made had a limit just past the window (to know whether more are stored)
    const limits = () => new Set(find.mock.calls.map(([q]) => (q as { limit?: number } | undefined)?.limit));
    expect(limits()).toEqual(new Set([FEED_WINDOW_FIRST + 1]));

    limit$.next(FEED_WINDOW_FIRST + FEED_WINDOW_STEP);
    const grown = await windowWhere(w$, (w) => w.items.length === FEED_WINDOW_FIRST + FEED_WINDOW_STEP);
    expect(grown.more).toBe(true);
    expect(titles(grown).at(-1)).toBe(`Post ${STORED - FEED_WINDOW_FIRST - FEED_WINDOW_STEP + 1}`);
    // the items already shown keep their objects across the growth
    expect(grown.items.slice(0, FEED_WINDOW_FIRST)).toEqual(first.items);
    grown.items.slice(0, FEED_WINDOW_FIRST).forEach((item, i) => expect(item).toBe(first.items[i]));
    expect(limits()).toEqual(new Set([FEED_WINDOW_FIRST + 1, FEED_WINDOW_FIRST + FEED_WINDOW_STEP + 1]));

    // past what is stored: all of it, and no more
    limit$.next(STORED + FEED_WINDOW_STEP);
    const all = await windowWhere(w$, (w) => w.items.length === STORED);
    expect(all.more).toBe(false);
    expect(titles(all).at(-1)).toBe('Post 1');
    expect(seen.every((w) => w.items.length <= STORED && w.items.every((i) => i.id.startsWith('item:')))).toBe(true);
  } finally {
    sub.unsubscribe();
  }
});

it('a change to one post, or a queued act on it, gives only that item a new object', async () => {
  const limit$ = new BehaviorSubject(FEED_WINDOW_FIRST);
  const w$ = feedWindow$(db, limit$);
  const values: FeedWindow[] = [];
  const sub = w$.subscribe((w) => values.push(w));
  try {
    const before = await windowWhere(w$, (w) => w.items.length > 0);
    const target = uuid(STORED - 2);
    const changed = { ...post(STORED - 2), title: 'Edited' };
    await db.feed.upsert(itemDoc(changed));
    const after = await windowWhere(w$, (w) => titles(w).includes('Edited'));
    after.items.forEach((item, i) => {
      if (item.id === feedDocId.post(target)) expect(item).not.toBe(before.items[i]);
      else expect(item).toBe(before.items[i]);
    });

    await enqueueAction(db, 'feed-action', orderKey.feedPost(target), { op: 'reaction', post_uuid: target, user_reaction: 'like', at: 1 }, 1);
    const queued = await windowWhere(w$, (w) => w.items.some((i) => i.type === 'post' && i.shown.pending));
    queued.items.forEach((item, i) => {
      if (item.id === feedDocId.post(target)) {
        expect(item.type === 'post' && item.shown.post.user_reaction).toBe('like');
        expect(item.type === 'post' && item.shown.post.reactions.like).toBe(1);
      } else {
        expect(item).toBe(after.items[i]);
      }
    });
  } finally {
    sub.unsubscribe();
  }
});
