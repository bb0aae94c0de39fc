// The feed routes against the real server (issue 13; spec part 2 §7 "Feed"): paging with the
// post and notification cursors, votes, answers, reactions, saves, views and activity, the
// counts under concurrent writes, IDOR and bad input, and the 'feed-post' socket frame.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedItemSchema, type FeedCursor, type FeedPost } from '../../src/api/feed-contract';
import { API_BASE } from '../../src/api/headers';
import { ADD_VIEW_MAX_IDS, FEED_PAGE_SIZE } from '../../src/domain/feed-rules';
import { publishPost } from '../../server/feed/publish';
import { SEED_NOTIFICATIONS, SEED_POSTS } from '../../server/feed/seed-content';
import { SEED_ANNOUNCEMENT, SEED_CUSTOM_POLL, SEED_MULTI_POLL, SEED_POLL, SEED_QUESTION, SEED_QUIZ } from '../../server/feed/seed-samples';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';
import { openSocket } from './helpers/socket';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ feedAnnounceMs: 50 });
});
afterAll(() => t.close());

const getPost = async (me: TestSession, postUuid: string): Promise<FeedPost> => (await t.ok('getPost', { post_uuid: postUuid }, { session: me })).post;
const countsOf = (post: FeedPost) => post.options.map((o) => o.answers);
const refusal = async (name: Parameters<TestServer['callUnchecked']>[0], body: unknown, me: TestSession) => {
  const answer = await t.callUnchecked(name, body, { session: me });
  return { status: answer.status, message: answer.ok ? '' : answer.body.message };
};

describe('get-feed', () => {
  it('pages posts and notifications newest first with the two cursors, each item once', async () => {
    const me = await t.signIn();
    const seen: string[] = [];
    let max: { post: FeedCursor | null; notification: FeedCursor | null } = { post: null, notification: null };
    const times: number[] = [];
    for (let page = 0; page < 10; page++) {
      const answer = await t.ok('getFeed', { limit: FEED_PAGE_SIZE, max }, { session: me });
      expect(answer.user_feed.length).toBeLessThanOrEqual(FEED_PAGE_SIZE);
      for (const item of answer.user_feed.map((i) => feedItemSchema.parse(i))) {
        seen.push(item.type === 'post' ? item.post.post_uuid : item.notification.notification_uuid);
        times.push(item.type === 'post' ? item.post.created_at : item.notification.created_at);
      }
      max = { post: answer.lastPost, notification: answer.lastNotification };
      if (!answer.has_more) break;
    }
    expect(seen.length).toBe(SEED_POSTS.length + SEED_NOTIFICATIONS.length);
    expect(new Set(seen).size).toBe(seen.length);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('answers in the language of the request', async () => {
    const me = await t.signIn();
    const res = await t.fetch(`${API_BASE}/feed/get-post`, { method: 'POST', headers: { ...me.headers, 'content-type': 'application/json', language: 'te' }, body: JSON.stringify({ post_uuid: SEED_POLL.post }) });
    const { post } = (await res.json()) as { post: FeedPost };
    expect(post.title).toBe('మీరు రోజుకు ఎన్ని గ్లాసుల నీళ్లు తాగుతారు?');
    expect(post.options[1]!.text).toBe('4 నుండి 8');
    expect((await getPost(me, SEED_POLL.post)).title).toBe('How many glasses of water do you drink a day?');
  });

  it('gives announcements their picture and refuses bad cursors', async () => {
    const me = await t.signIn();
    const post = await getPost(me, SEED_ANNOUNCEMENT.post);
    expect(post.media?.content_type).toBe('image/jpeg');
    expect(post.media?.url).toMatch(/^\/api\/media\//);
    const bad = await refusal('getFeed', { limit: 15, max: { post: { id: 'x', created_at: 1 } } }, me);
    expect(bad).toEqual({ status: 400, message: expect.stringMatching(/id must be a UUID/) });
    expect((await refusal('getFeed', { limit: 0 }, me)).status).toBe(400);
  });
});

describe('poll-vote', () => {
  it('counts one vote per user; a change moves the count; each user sees only their own vote', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const before = countsOf(await getPost(a, SEED_POLL.post));
    const voted = (await t.ok('pollVote', { post_uuid: SEED_POLL.post, option_uuid_list: [SEED_POLL.options[0]!] }, { session: a })).post;
    expect(countsOf(voted)).toEqual([before[0]! + 1, before[1], before[2]]);
    expect(voted.user_vote).toEqual({ option_uuid_list: [SEED_POLL.options[0]], custom_response: null });
    const moved = (await t.ok('pollVote', { post_uuid: SEED_POLL.post, option_uuid_list: [SEED_POLL.options[2]!] }, { session: a })).post;
    expect(countsOf(moved)).toEqual([before[0], before[1], before[2]! + 1]);
    const seenByB = await getPost(b, SEED_POLL.post);
    expect(seenByB.user_vote).toBeNull();
    expect(countsOf(seenByB)).toEqual(countsOf(moved));
  });

  it('takes several options in a multi-choice poll, one in a single-choice poll', async () => {
    const me = await t.signIn();
    const multi = (await t.ok('pollVote', { post_uuid: SEED_MULTI_POLL.post, option_uuid_list: [SEED_MULTI_POLL.options[0]!, SEED_MULTI_POLL.options[3]!] }, { session: me })).post;
    expect(multi.user_vote?.option_uuid_list.sort()).toEqual([SEED_MULTI_POLL.options[0], SEED_MULTI_POLL.options[3]].sort());
    expect(await refusal('pollVote', { post_uuid: SEED_POLL.post, option_uuid_list: SEED_POLL.options.slice(0, 2) }, me)).toEqual({ status: 400, message: 'This poll takes one option' });
  });

  it('keeps a custom response only when non-blank, and only where the poll takes one', async () => {
    const me = await t.signIn();
    const blank = (await t.ok('pollVote', { post_uuid: SEED_CUSTOM_POLL.post, option_uuid_list: [SEED_CUSTOM_POLL.options[0]!], custom_response: '   ' }, { session: me })).post;
    expect(blank.user_vote?.custom_response).toBeNull();
    const said = (await t.ok('pollVote', { post_uuid: SEED_CUSTOM_POLL.post, option_uuid_list: [SEED_CUSTOM_POLL.options[0]!], custom_response: '  Weather first ' }, { session: me })).post;
    expect(said.user_vote?.custom_response).toBe('Weather first');
    expect(await refusal('pollVote', { post_uuid: SEED_POLL.post, option_uuid_list: [SEED_POLL.options[0]], custom_response: 'x' }, me)).toEqual({ status: 400, message: 'This poll takes no custom response' });
  });

  it('refuses unknown options, another post\'s option, empty and repeated lists, non-polls and unknown posts', async () => {
    const me = await t.signIn();
    const before = countsOf(await getPost(me, SEED_POLL.post));
    expect(await refusal('pollVote', { post_uuid: SEED_POLL.post, option_uuid_list: [randomUUID()] }, me)).toEqual({ status: 400, message: 'option_uuid_list names an option that is not in this poll' });
    expect(await refusal('pollVote', { post_uuid: SEED_POLL.post, option_uuid_list: [SEED_MULTI_POLL.options[0]] }, me)).toEqual({ status: 400, message: 'option_uuid_list names an option that is not in this poll' });
    expect(await refusal('pollVote', { post_uuid: SEED_POLL.post, option_uuid_list: [] }, me)).toEqual({ status: 400, message: 'option_uuid_list must name at least one option' });
    expect(await refusal('pollVote', { post_uuid: SEED_POLL.post, option_uuid_list: [SEED_POLL.options[0], SEED_POLL.options[0]] }, me)).toEqual({ status: 400, message: 'option_uuid_list must not repeat an option' });
    expect(await refusal('pollVote', { post_uuid: SEED_QUIZ.post, option_uuid_list: [SEED_QUIZ.questions[0]!.options[0]] }, me)).toEqual({ status: 422, message: 'This post is not a poll' });
    expect(await refusal('pollVote', { post_uuid: randomUUID(), option_uuid_list: [SEED_POLL.options[0]] }, me)).toEqual({ status: 404, message: 'Unknown post' });
    expect((await refusal('pollVote', { post_uuid: 'nope', option_uuid_list: [SEED_POLL.options[0]] }, me)).status).toBe(400);
    expect(countsOf(await getPost(me, SEED_POLL.post))).toEqual(before);
  });

  it('lands 50 concurrent voters as exactly 50 votes, and one user\'s concurrent changes as one', async () => {
    const publisher = await t.signIn();
    const postUuid = await publishPost(t.server.db, '1000000000000106', { subtype: 'poll', title: { en: 'Concurrency poll' }, options: [{ en: 'A' }, { en: 'B' }] }, t.clock.now());
    const optionIds = (await getPost(publisher, postUuid)).options.map((o) => o.uuid);
    const voters = await Promise.all(Array.from({ length: 50 }, () => t.signIn()));
    const answers = await Promise.all(voters.map((v, i) => t.call('pollVote', { post_uuid: postUuid, option_uuid_list: [optionIds[i % 2]!] }, { session: v })));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(countsOf(await getPost(publisher, postUuid))).toEqual([25, 25]);
    // one user flipping between A and B 20 times at once: still one vote
    const flipper = voters[0]!;
    await Promise.all(Array.from({ length: 20 }, (_, i) => t.ok('pollVote', { post_uuid: postUuid, option_uuid_list: [optionIds[i % 2]!] }, { session: flipper })));
    const after = countsOf(await getPost(publisher, postUuid));
    expect(after[0]! + after[1]!).toBe(50);
  });
});

describe('answer-quiz-question and answer-question', () => {
  it('tells the right option only after answering; one answer per question', async () => {
    const me = await t.signIn();
    const [q0] = SEED_QUIZ.questions;
    const before = await getPost(me, SEED_QUIZ.post);
    expect(before.question_list.map((q) => q.correct_option_uuid)).toEqual([null, null, null]);
    const answered = (await t.ok('answerQuizQuestion', { post_uuid: SEED_QUIZ.post, question_uuid: q0!.question, option_uuid: q0!.options[0]! }, { session: me })).post;
    const first = answered.question_list[0]!;
    expect(first.user_answer).toBe(q0!.options[0]);
    expect(first.correct_option_uuid).toBe(q0!.options[SEED_QUIZ.correct[0]!]);
    expect(first.options[0]!.answers).toBe(before.question_list[0]!.options[0]!.answers + 1);
    expect(answered.question_list[1]!.correct_option_uuid).toBeNull();
    // the same answer again is fine (a resend); another one is refused
    await t.ok('answerQuizQuestion', { post_uuid: SEED_QUIZ.post, question_uuid: q0!.question, option_uuid: q0!.options[0]! }, { session: me });
    expect(await refusal('answerQuizQuestion', { post_uuid: SEED_QUIZ.post, question_uuid: q0!.question, option_uuid: q0!.options[1] }, me)).toEqual({ status: 409, message: 'You have already answered this question' });
    expect((await getPost(me, SEED_QUIZ.post)).question_list[0]!.options[0]!.answers).toBe(first.options[0]!.answers);
  });

  it('refuses a question of another quiz and an option of another question', async () => {
    const me = await t.signIn();
    const [q0, q1] = SEED_QUIZ.questions;
    expect(await refusal('answerQuizQuestion', { post_uuid: SEED_QUIZ.post, question_uuid: SEED_QUESTION.question, option_uuid: SEED_QUESTION.options[0] }, me)).toEqual({ status: 400, message: 'question_uuid is not a question of this quiz' });
    expect(await refusal('answerQuizQuestion', { post_uuid: SEED_QUIZ.post, question_uuid: q0!.question, option_uuid: q1!.options[0] }, me)).toEqual({ status: 400, message: 'option_uuid is not an option of this question' });
  });

  it('answers a question post once', async () => {
    const me = await t.signIn();
    const post = (await t.ok('answerQuestion', { post_uuid: SEED_QUESTION.post, option_uuid: SEED_QUESTION.options[2]! }, { session: me })).post;
    expect(post.question_list[0]!.user_answer).toBe(SEED_QUESTION.options[2]);
    expect(post.question_list[0]!.correct_option_uuid).toBeNull();
    expect((await refusal('answerQuestion', { post_uuid: SEED_QUESTION.post, option_uuid: SEED_QUESTION.options[0] }, me)).status).toBe(409);
    expect(await refusal('answerQuestion', { post_uuid: SEED_POLL.post, option_uuid: SEED_POLL.options[0] }, me)).toEqual({ status: 422, message: 'This post is not a question' });
  });
});

describe('add-reaction', () => {
  it('keeps one reaction per user: add, change, remove', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const base = (await getPost(a, SEED_QUESTION.post)).reactions;
    const n = (r: string, map: Record<string, number>) => map[r] ?? 0;
    let post = (await t.ok('addReaction', { post_uuid: SEED_QUESTION.post, user_reaction: 'like' }, { session: a })).post;
    expect(post.user_reaction).toBe('like');
    expect(n('like', post.reactions)).toBe(n('like', base) + 1);
    post = (await t.ok('addReaction', { post_uuid: SEED_QUESTION.post, user_reaction: 'love' }, { session: a })).post;
    expect([n('like', post.reactions), n('love', post.reactions)]).toEqual([n('like', base), n('love', base) + 1]);
    expect((await getPost(b, SEED_QUESTION.post)).user_reaction).toBeNull();
    post = (await t.ok('addReaction', { post_uuid: SEED_QUESTION.post, user_reaction: null }, { session: a })).post;
    expect(post.user_reaction).toBeNull();
    expect(n('love', post.reactions)).toBe(n('love', base));
    expect((await refusal('addReaction', { post_uuid: SEED_QUESTION.post, user_reaction: 'angry' }, a)).message).toMatch(/user_reaction must be one of like, love/);
  });
});

describe('saved posts', () => {
  it('saves and unsaves; lists the caller\'s own in pages of 8, newest first', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const ids = SEED_POSTS.slice(0, 10).map((_, i) => i);
    for (const i of ids) {
      t.clock.advance(1000);
      const post = (await t.ok('savePost', { post_uuid: (await import('../../server/feed/seed')).seedPostUuid(i) }, { session: me })).post;
      expect(post.is_saved).toBe(true);
    }
    const first = await t.ok('getSavedPosts', { offset: 0, limit: 8 }, { session: me });
    expect(first.total).toBe(10);
    expect(first.post_list).toHaveLength(8);
    expect(first.post_list.every((p) => p.is_saved)).toBe(true);
    const second = await t.ok('getSavedPosts', { offset: 8, limit: 8 }, { session: me });
    expect(second.post_list).toHaveLength(2);
    expect(new Set([...first.post_list, ...second.post_list].map((p) => p.post_uuid)).size).toBe(10);
    expect(await t.ok('getSavedPosts', { offset: 0, limit: 8 }, { session: other })).toEqual({ post_list: [], total: 0 });
    expect((await getPost(other, first.post_list[0]!.post_uuid)).is_saved).toBe(false);
    const unsaved = (await t.ok('unsavePost', { post_uuid: first.post_list[0]!.post_uuid }, { session: me })).post;
    expect(unsaved.is_saved).toBe(false);
    expect((await t.ok('getSavedPosts', {}, { session: me })).total).toBe(9);
  });
});

describe('add-view', () => {
  it('counts each post once per user', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const before = (await getPost(a, SEED_MULTI_POLL.post)).view_count;
    expect(await t.ok('addView', { post_uuid_list: [SEED_MULTI_POLL.post, SEED_MULTI_POLL.post] }, { session: a })).toEqual({ counted: 1 });
    expect(await t.ok('addView', { post_uuid_list: [SEED_MULTI_POLL.post] }, { session: a })).toEqual({ counted: 0 });
    expect(await t.ok('addView', { post_uuid_list: [SEED_MULTI_POLL.post] }, { session: b })).toEqual({ counted: 1 });
    expect((await getPost(a, SEED_MULTI_POLL.post)).view_count).toBe(before + 2);
  });

  it('refuses 10,000 ids, an empty list and unknown posts with a clear 400', async () => {
    const me = await t.signIn();
    const many = Array.from({ length: 10_000 }, () => randomUUID());
    expect(await refusal('addView', { post_uuid_list: many }, me)).toEqual({ status: 400, message: `post_uuid_list must name at most ${ADD_VIEW_MAX_IDS} posts` });
    expect(await refusal('addView', { post_uuid_list: [] }, me)).toEqual({ status: 400, message: 'post_uuid_list must name at least one post' });
    const unknown = randomUUID();
    expect(await refusal('addView', { post_uuid_list: [SEED_POLL.post, unknown] }, me)).toEqual({ status: 400, message: `post_uuid_list names unknown posts: ${unknown}` });
  });
});

describe('get-user-activity', () => {
  it('lists the caller\'s own acts, newest first, filtered by type', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    await t.ok('pollVote', { post_uuid: SEED_POLL.post, option_uuid_list: [SEED_POLL.options[1]!] }, { session: me });
    t.clock.advance(1000);
    await t.ok('addReaction', { post_uuid: SEED_POLL.post, user_reaction: 'wow' }, { session: me });
    t.clock.advance(1000);
    await t.ok('savePost', { post_uuid: SEED_QUIZ.post }, { session: me });
    const all = await t.ok('getUserActivity', {}, { session: me });
    expect(all.total).toBe(3);
    expect(all.activity_list.map((a) => a.type)).toEqual(['save', 'reaction', 'poll_vote']);
    expect(all.activity_list[2]!.detail).toBe('4 to 8');
    expect(all.activity_list[1]!.detail).toBe('wow');
    const votes = await t.ok('getUserActivity', { filters: { type: 'poll_vote' } }, { session: me });
    expect(votes.activity_list.map((a) => a.post_uuid)).toEqual([SEED_POLL.post]);
    expect(await t.ok('getUserActivity', {}, { session: other })).toEqual({ activity_list: [], total: 0 });
    expect((await refusal('getUserActivity', { filters: { type: 'hack' } }, me)).status).toBe(400);
  });
});

describe('get-notification', () => {
  it('reads a notification for everyone and hides another user\'s own notification', async () => {
    const me = await t.signIn();
    const owner = await t.signIn();
    expect((await t.ok('getNotification', { notification_uuid: SEED_POLL.notification }, { session: me })).notification.title).toBe('Quiz time!');
    const mine = randomUUID();
    await t.server.db.query(
      `INSERT INTO feed_notifications (notification_uuid, user_uuid, bot_uuid, subtype, title, deep_link, created_at) VALUES ($1, $2, '1000000000000106', 'result', '{"en":"Your score: 3/3"}', '/my-activity', $3)`,
      [mine, owner.tokens.user.user_uuid, t.clock.now()],
    );
    expect((await t.ok('getNotification', { notification_uuid: mine }, { session: owner })).notification.title).toBe('Your score: 3/3');
    expect(await refusal('getNotification', { notification_uuid: mine }, me)).toEqual({ status: 404, message: 'Unknown notification' });
    const feed = await t.ok('getFeed', { limit: 50 }, { session: me });
    expect(feed.user_feed.map((i) => feedItemSchema.parse(i)).some((i) => i.type === 'notification' && i.notification.notification_uuid === mine)).toBe(false);
  });
});

describe('a new post', () => {
  it('reaches open sockets as a feed-post frame and heads the feed', async () => {
    const me = await t.signIn();
    const { socket_url } = await t.ok('getSocketUrl', {}, { session: me });
    const socket = await openSocket(socket_url);
    t.clock.advance(60_000);
    const postUuid = await publishPost(t.server.db, '1000000000000101', { subtype: 'announcement', title: { en: 'Fresh news', hi: 'ताज़ा ख़बर' } }, t.clock.now());
    const frame = await socket.next((f) => f.action === 'feed-post');
    expect(frame).toEqual({ action: 'feed-post', body: { post_uuid: postUuid } });
    const feed = await t.ok('getFeed', {}, { session: me });
    expect(feed.user_feed[0]).toMatchObject({ type: 'post', post: { post_uuid: postUuid, title: 'Fresh news' } });
    socket.close();
  });

  it('needs a session for every feed route', async () => {
    const answer = await t.callUnchecked('getFeed', {});
    expect(answer.status).toBe(401);
  });
});
