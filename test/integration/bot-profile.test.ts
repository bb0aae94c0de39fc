// Bot profile and bot action routes against the real server: pin (with its limit), mute, block,
// archive and report reflected in get-conversation-list; blocked bots send nothing; ratings,
// reviews (sort, paging, votes that cannot count twice, delete only one's own), FAQs, counts,
// and bad input answered with a 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECHO_BOT_ID, SHOP_BOT_ID, SLOW_BOT_ID } from '../../server/bots/registry';
import { DEMO_PROFILES, REPORT_REASON_TEXTS, REPORT_REASONS, demoReviewUuid } from '../../server/bot-profile/seed';
import { HEADER } from '../../src/api/headers';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ pinLimit: 2 });
});
afterAll(() => t.close());

const UNKNOWN_BOT = '9999999999999999';
const entry = async (me: TestSession, bot: string) =>
  (await t.ok('getConversationList', {}, { session: me })).conversation_list.find((c) => c.bot_uuid === bot);

async function subscribed(): Promise<TestSession> {
  const me = await t.signIn();
  for (const bot of [ECHO_BOT_ID, SLOW_BOT_ID, SHOP_BOT_ID]) await t.ok('subscribeBot', { bot_uuid: bot }, { session: me });
  return me;
}

describe('pin and unpin', () => {
  it('pins up to the limit, refuses one more with 422, and the list shows pinned', async () => {
    const me = await subscribed();
    expect(await t.ok('pinResource', { resource_list: [{ uuid: ECHO_BOT_ID, type: 'bot' }] }, { session: me })).toMatchObject({ pinned_count: 1, limit: 2 });
    // pinning again is not a second pin
    expect(await t.ok('pinResource', { resource_list: [{ uuid: ECHO_BOT_ID, type: 'bot' }] }, { session: me })).toMatchObject({ pinned_count: 1 });
    await t.ok('pinResource', { resource_list: [{ uuid: SLOW_BOT_ID, type: 'bot' }] }, { session: me });
    const over = await t.call('pinResource', { resource_list: [{ uuid: SHOP_BOT_ID, type: 'bot' }] }, { session: me });
    expect(over).toMatchObject({ status: 422, body: { message: expect.stringMatching(/Pin limit reached/) } });
    expect((await entry(me, SHOP_BOT_ID))?.pinned).toBe(false);
    expect((await entry(me, ECHO_BOT_ID))?.pinned).toBe(true);
    const pinnedList = (await t.ok('getPinnedConversationList', {}, { session: me })).pinned_list.map((c) => c.bot_uuid).sort();
    expect(pinnedList).toEqual([ECHO_BOT_ID, SLOW_BOT_ID]);
    await t.ok('unpinResource', { resource_list: [{ uuid: ECHO_BOT_ID, type: 'bot' }] }, { session: me });
    expect((await entry(me, ECHO_BOT_ID))?.pinned).toBe(false);
    // another user's pins are their own
    const other = await subscribed();
    expect((await entry(other, SLOW_BOT_ID))?.pinned).toBe(false);
  });

  it('refuses unknown bots, mini apps and bad lists', async () => {
    const me = await t.signIn();
    expect((await t.call('pinResource', { resource_list: [{ uuid: UNKNOWN_BOT, type: 'bot' }] }, { session: me })).status).toBe(404);
    expect((await t.call('pinResource', { resource_list: [{ uuid: 'x', type: 'mini_app' }] }, { session: me })).status).toBe(422);
    expect((await t.callUnchecked('pinResource', { resource_list: [] }, { session: me })).status).toBe(400);
    expect((await t.callUnchecked('pinResource', { resource_list: [{ uuid: ECHO_BOT_ID, type: 'cat' }] }, { session: me })).status).toBe(400);
    expect((await t.callUnchecked('pinResource', {}, {})).status).toBe(401);
  });
});

describe('mute, block, archive', () => {
  it('mute stores time and duration (-1 forever); unmute clears them', async () => {
    const me = await subscribed();
    const muted = await t.ok('muteBot', { bot_uuid: ECHO_BOT_ID, mute_duration: 28_800_000 }, { session: me });
    expect(muted.mute_time).toBe(t.clock.now());
    expect(await entry(me, ECHO_BOT_ID)).toMatchObject({ mute_time: t.clock.now(), mute_duration: 28_800_000 });
    await t.ok('muteBot', { bot_uuid: ECHO_BOT_ID, mute_duration: -1 }, { session: me });
    expect((await entry(me, ECHO_BOT_ID))?.mute_duration).toBe(-1);
    await t.ok('unmuteBot', { bot_uuid: ECHO_BOT_ID }, { session: me });
    expect(await entry(me, ECHO_BOT_ID)).toMatchObject({ mute_time: null, mute_duration: null });
  });

  it('refuses bad durations', async () => {
    const me = await t.signIn();
    for (const d of [0, -2, 1.5, '10', null]) {
      expect((await t.callUnchecked('muteBot', { bot_uuid: ECHO_BOT_ID, mute_duration: d }, { session: me })).status).toBe(400);
    }
    expect((await t.call('muteBot', { bot_uuid: UNKNOWN_BOT, mute_duration: -1 }, { session: me })).status).toBe(404);
  });

  it('block and archive set their times once; unblock and unarchive clear them', async () => {
    const me = await subscribed();
    await t.ok('blockBot', { bot_uuid: SLOW_BOT_ID }, { session: me });
    const first = (await entry(me, SLOW_BOT_ID))?.block_time;
    expect(first).toBe(t.clock.now());
    t.clock.advance(1000);
    await t.ok('blockBot', { bot_uuid: SLOW_BOT_ID }, { session: me });
    expect((await entry(me, SLOW_BOT_ID))?.block_time).toBe(first);
    await t.ok('archiveBot', { bot_uuid: SHOP_BOT_ID }, { session: me });
    expect((await entry(me, SHOP_BOT_ID))?.archive_time).toBe(t.clock.now());
    await t.ok('unblockBot', { bot_uuid: SLOW_BOT_ID }, { session: me });
    await t.ok('unarchiveBot', { bot_uuid: SHOP_BOT_ID }, { session: me });
    expect(await entry(me, SLOW_BOT_ID)).toMatchObject({ block_time: null });
    expect(await entry(me, SHOP_BOT_ID)).toMatchObject({ archive_time: null });
    for (const name of ['blockBot', 'unblockBot', 'archiveBot', 'unarchiveBot', 'unmuteBot'] as const) {
      expect((await t.call(name, { bot_uuid: UNKNOWN_BOT }, { session: me })).status).toBe(404);
      expect((await t.callUnchecked(name, { bot_uuid: '12' }, { session: me })).status).toBe(400);
    }
  });

  it('a blocked bot sends no replies; unblocked it answers again', async () => {
    const me = await subscribed();
    await t.ok('blockBot', { bot_uuid: ECHO_BOT_ID }, { session: me });
    const sent = await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [{ type: 'text', text: { body: 'hello?' }, client_message_id: 'blk-1' }] }, { session: me });
    expect(sent.messages.map((m) => m.from)).toEqual(['user']);
    await t.ok('unblockBot', { bot_uuid: ECHO_BOT_ID }, { session: me });
    const again = await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [{ type: 'text', text: { body: 'now?' }, client_message_id: 'blk-2' }] }, { session: me });
    expect(again.messages.map((m) => m.from)).toEqual(['user', 'bot']);
  });
});

describe('report', () => {
  it('lists the reasons, stores a report and blocks when asked', async () => {
    const me = await subscribed();
    const { reason_list } = await t.ok('getReportReasonList', {}, { session: me });
    expect(reason_list).toEqual(REPORT_REASONS);
    const reason = reason_list[0]!.reason_uuid;
    expect(await t.ok('reportBot', { bot_uuid: ECHO_BOT_ID, reason_uuid: reason, email: 'a@b.in', description: 'too many', block: false }, { session: me })).toMatchObject({ blocked: false });
    expect((await entry(me, ECHO_BOT_ID))?.block_time).toBeNull();
    await t.ok('reportBot', { bot_uuid: SHOP_BOT_ID, reason_uuid: reason, email: '', description: '', block: true }, { session: me });
    expect((await entry(me, SHOP_BOT_ID))?.block_time).toBe(t.clock.now());
    const rows = await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bot_reports WHERE user_uuid = $1', [me.tokens.user.user_uuid]);
    expect(rows[0]?.n).toBe(2);
  });

  it('lists the reasons in the language of the request, in the same order with the same ids', async () => {
    const me = await t.signIn();
    for (const language of ['hi', 'gu', 'mr', 'te'] as const) {
      const { reason_list } = await t.ok('getReportReasonList', {}, { session: me, headers: { [HEADER.language]: language } });
      expect(reason_list).toEqual(REPORT_REASONS.map((r) => ({ reason_uuid: r.reason_uuid, reason: REPORT_REASON_TEXTS[r.reason_uuid]![language] })));
      expect(reason_list.every((r) => /[\u0900-\u0C7F]/.test(r.reason))).toBe(true);
    }
    expect((await t.ok('getReportReasonList', {}, { session: me, headers: { [HEADER.language]: 'xx' } })).reason_list).toEqual(REPORT_REASONS);
  });

  it('refuses unknown reasons, bad emails and missing block flags', async () => {
    const me = await t.signIn();
    const reason = REPORT_REASONS[0]!.reason_uuid;
    expect((await t.call('reportBot', { bot_uuid: ECHO_BOT_ID, reason_uuid: '00000000-0000-4000-9000-0000000000ff', block: false }, { session: me })).status).toBe(422);
    expect((await t.callUnchecked('reportBot', { bot_uuid: ECHO_BOT_ID, reason_uuid: reason, email: 'nope', block: false }, { session: me })).status).toBe(400);
    expect((await t.callUnchecked('reportBot', { bot_uuid: ECHO_BOT_ID, reason_uuid: reason }, { session: me })).status).toBe(400);
    expect((await t.callUnchecked('reportBot', { bot_uuid: ECHO_BOT_ID, reason_uuid: 'x', block: true }, { session: me })).status).toBe(400);
    expect((await t.callUnchecked('reportBot', { bot_uuid: ECHO_BOT_ID, reason_uuid: reason, block: true, description: 'x'.repeat(501) }, { session: me })).status).toBe(400);
  });
});

describe('rating', () => {
  it('averages the demo baseline with real ratings; a user rates once and may change it', async () => {
    const me = await t.signIn();
    const before = await t.ok('getRating', { bot_uuid: ECHO_BOT_ID }, { session: me });
    expect(before.user_rating).toBeNull();
    expect(before.rating).toBeGreaterThan(3);
    const after = await t.ok('submitRating', { bot_uuid: ECHO_BOT_ID, rating: 5 }, { session: me });
    expect(after).toMatchObject({ user_rating: 5, rating_count: before.rating_count + 1 });
    const changed = await t.ok('submitRating', { bot_uuid: ECHO_BOT_ID, rating: 1 }, { session: me });
    expect(changed).toMatchObject({ user_rating: 1, rating_count: before.rating_count + 1 });
    expect((await t.call('getRating', { bot_uuid: UNKNOWN_BOT }, { session: me }))).toMatchObject({ status: 404, body: { message: 'Invalid bot id' } });
    for (const rating of [0, 6, 2.5, '4']) expect((await t.callUnchecked('submitRating', { bot_uuid: ECHO_BOT_ID, rating }, { session: me })).status).toBe(400);
  });
});

describe('reviews', () => {
  it('lists the demo reviews newest first or most helpful first, in pages', async () => {
    const me = await t.signIn();
    const demo = DEMO_PROFILES.find((p) => p.bot_uuid === SHOP_BOT_ID)!;
    const newest = await t.ok('getUserReviewList', { bot_uuid: SHOP_BOT_ID, sort: 'newest', offset: 0, limit: 2 }, { session: me });
    expect(newest.total).toBe(demo.reviews.length);
    expect(newest.review_list.map((r) => r.review_uuid)).toEqual([demoReviewUuid(SHOP_BOT_ID, 5), demoReviewUuid(SHOP_BOT_ID, 4)]);
    const page2 = await t.ok('getUserReviewList', { bot_uuid: SHOP_BOT_ID, sort: 'newest', offset: 2, limit: 2 }, { session: me });
    expect(page2.review_list.map((r) => r.review_uuid)).toEqual([demoReviewUuid(SHOP_BOT_ID, 3), demoReviewUuid(SHOP_BOT_ID, 2)]);
    const helpful = await t.ok('getUserReviewList', { bot_uuid: SHOP_BOT_ID, sort: 'helpful', offset: 0, limit: 10 }, { session: me });
    const scores = helpful.review_list.map((r) => r.upvotes - r.downvotes);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(helpful.review_list[0]).toMatchObject({ review_uuid: demoReviewUuid(SHOP_BOT_ID, 1), upvotes: 4, downvotes: 0, name: 'Ravi', mine: false, user_vote: null });
    for (const bad of [{ sort: 'oldest' }, { limit: 0 }, { limit: 51 }, { offset: -1 }]) {
      expect((await t.callUnchecked('getUserReviewList', { bot_uuid: SHOP_BOT_ID, ...bad }, { session: me })).status).toBe(400);
    }
  });

  it('votes: set, replay changes nothing, change moves the count, 0 removes', async () => {
    const me = await t.signIn();
    const id = demoReviewUuid(ECHO_BOT_ID, 2); // 1 up, 1 down
    const up = await t.ok('voteReview', { review_uuid: id, vote: 1 }, { session: me });
    expect(up).toMatchObject({ upvotes: 2, downvotes: 1, user_vote: 1 });
    // a replayed request cannot vote twice
    expect(await t.ok('voteReview', { review_uuid: id, vote: 1 }, { session: me })).toMatchObject({ upvotes: 2, downvotes: 1, user_vote: 1 });
    expect(await t.ok('voteReview', { review_uuid: id, vote: -1 }, { session: me })).toMatchObject({ upvotes: 1, downvotes: 2, user_vote: -1 });
    expect(await t.ok('voteReview', { review_uuid: id, vote: 0 }, { session: me })).toMatchObject({ upvotes: 1, downvotes: 1, user_vote: null });
    expect((await t.call('voteReview', { review_uuid: '00000000-0000-4000-8000-00000000ffff', vote: 1 }, { session: me })).status).toBe(404);
    expect((await t.callUnchecked('voteReview', { review_uuid: id, vote: 2 }, { session: me })).status).toBe(400);
    expect((await t.callUnchecked('voteReview', { review_uuid: 'abc', vote: 1 }, { session: me })).status).toBe(400);
  });

  it('a user writes, edits and deletes their own review; cannot vote on it; cannot delete another\'s', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    expect(await t.ok('getReview', { bot_uuid: SLOW_BOT_ID }, { session: me })).toEqual({ review: null });
    const mine = await t.ok('submitReview', { bot_uuid: SLOW_BOT_ID, review: '  Patient and kind.  ' }, { session: me });
    expect(mine).toMatchObject({ review: 'Patient and kind.', mine: true, upvotes: 0, downvotes: 0 });
    const edited = await t.ok('submitReview', { bot_uuid: SLOW_BOT_ID, review: 'Edited.' }, { session: me });
    expect(edited).toMatchObject({ review_uuid: mine.review_uuid, review: 'Edited.' });
    expect((await t.call('voteReview', { review_uuid: mine.review_uuid, vote: 1 }, { session: me })).status).toBe(422);
    // the other user sees it (not as theirs), votes once, and cannot delete it
    expect(await t.ok('voteReview', { review_uuid: mine.review_uuid, vote: 1 }, { session: other })).toMatchObject({ upvotes: 1, mine: false });
    expect(await t.ok('deleteReview', { bot_uuid: SLOW_BOT_ID }, { session: other })).toMatchObject({ deleted: false });
    expect((await t.ok('getReview', { bot_uuid: SLOW_BOT_ID }, { session: me })).review?.review_uuid).toBe(mine.review_uuid);
    expect(await t.ok('deleteReview', { bot_uuid: SLOW_BOT_ID }, { session: me })).toMatchObject({ deleted: true });
    expect(await t.ok('getReview', { bot_uuid: SLOW_BOT_ID }, { session: me })).toEqual({ review: null });
    for (const review of ['', '   ', 'x'.repeat(1001)]) expect((await t.callUnchecked('submitReview', { bot_uuid: SLOW_BOT_ID, review }, { session: me })).status).toBe(400);
    expect((await t.call('submitReview', { bot_uuid: UNKNOWN_BOT, review: 'hi' }, { session: me }))).toMatchObject({ status: 404, body: { message: 'Invalid bot id' } });
    expect((await t.call('deleteReview', { bot_uuid: UNKNOWN_BOT }, { session: me })).status).toBe(404);
  });
});

describe('FAQs and counts', () => {
  it('serves the demo FAQs, subscriber count, onboarding details and total active users', async () => {
    const me = await t.signIn();
    const demo = DEMO_PROFILES.find((p) => p.bot_uuid === ECHO_BOT_ID)!;
    const faqs = await t.ok('getBotFaqs', { bot_uuid: ECHO_BOT_ID }, { session: me });
    expect(faqs.faqs.map((f) => f.question)).toEqual(demo.faqs.map(([q]) => q));
    const before = (await t.ok('getSubscriberCount', { bot_uuid: ECHO_BOT_ID }, { session: me })).subscriber_count;
    expect(before).toBeGreaterThanOrEqual(demo.subscriber_base);
    await t.ok('subscribeBot', { bot_uuid: ECHO_BOT_ID }, { session: me });
    expect((await t.ok('getSubscriberCount', { bot_uuid: ECHO_BOT_ID }, { session: me })).subscriber_count).toBe(before + 1);
    expect(await t.ok('getOnboardingDetails', { bot_uuid: ECHO_BOT_ID }, { session: me })).toEqual({ bot_uuid: ECHO_BOT_ID, name: 'Echo', subscriber_count: before + 1, photo: '/icons/bots/echo.svg' });
    const active = (await t.ok('getTotalActiveUsers', {}, { session: me })).total_active_users;
    expect(active).toBeGreaterThanOrEqual(1);
    await t.signIn();
    expect((await t.ok('getTotalActiveUsers', {}, { session: me })).total_active_users).toBe(active + 1);
    for (const name of ['getBotFaqs', 'getSubscriberCount', 'getOnboardingDetails'] as const) {
      expect((await t.call(name, { bot_uuid: UNKNOWN_BOT }, { session: me })).status).toBe(404);
    }
    expect((await t.callUnchecked('getTotalActiveUsers', {}, {})).status).toBe(401);
  });
});
