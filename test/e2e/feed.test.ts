// The feed in Debian's Chromium against the real server (issue 13): the Post tab lists the seeded
// posts; offline, a vote, a quiz answer and a reaction show at once and pending; a reload offline
// keeps the feed and the pending choices; back online each reaches the server exactly once and
// the pending marks go; posts seen are counted as views; a post a bot publishes appears through
// the socket's feed-post frame; a /feed?post= deep link opens the post;
// a refused reaction is undone with its text; a saved post shows under saved items; my activity lists the acts and filters by type; a
// pull down from the top of the list refreshes it; Telugu reads, axe clean. FEED_SHOTS=<dir> saves screenshots.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishPost } from '../../server/feed/publish';
import { SEED_ANNOUNCEMENT, SEED_POLL, SEED_QUIZ } from '../../server/feed/seed-samples';
import { seriousAxeViolations } from './helpers/browser';
import { notificationsDenied, openSignedIn } from './helpers/flows';
import { texts, type Locale } from './helpers/messages';
import { userUuidOf } from './helpers/seed-thread';
import { waitForServiceWorker } from './helpers/service-worker';
import { e2eStage } from './helpers/stage';

const SHOTS = process.env.FEED_SHOTS;
const stage = e2eStage();
beforeAll(() => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function openPostTab(page: Page, locale: Locale): Promise<void> {
  await page.getByRole('tab', { name: texts(locale)('home.tab.post') }).click();
  await page.getByTestId('feed-post').first().waitFor({ timeout: 30_000 });
}

const card = (page: Page, postUuid: string) => page.locator(`[data-post="${postUuid}"]`);

const serverState = async (userUuid: string) => {
  const db = stage.server.db;
  const [votes, answers, reactions] = await Promise.all([
    db.query<{ option_uuid: string }>('SELECT option_uuid FROM feed_poll_votes WHERE user_uuid = $1', [userUuid]),
    db.query<{ option_uuid: string }>('SELECT option_uuid FROM feed_answers WHERE user_uuid = $1', [userUuid]),
    db.query<{ reaction: string }>('SELECT reaction FROM feed_reactions WHERE user_uuid = $1', [userUuid]),
  ]);
  return { votes: votes.map((r) => r.option_uuid), answers: answers.map((r) => r.option_uuid), reactions: reactions.map((r) => r.reaction) };
};

describe('feed', () => {
  it('votes, answers a quiz and reacts offline; keeps them over an offline reload; delivers each once online', async () => {
    const en = texts('en');
    const { context, page, national } = await openSignedIn(stage.browser, stage.server.url, { beforePage: notificationsDenied });
    const userUuid = await userUuidOf(stage.server.db, national);
    await openPostTab(page, 'en');
    await waitForServiceWorker(page);
    await openPostTab(page, 'en');
    const poll = card(page, SEED_POLL.post);
    const quiz = card(page, SEED_QUIZ.post);
    await poll.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'en-1-feed');

    await context.setOffline(true);
    await page.getByText(en('feed.offline')).waitFor({ timeout: 30_000 });
    // a vote: the results show at once with the user's choice, marked pending
    await poll.getByRole('radio', { name: '4 to 8' }).check();
    await poll.getByRole('button', { name: en('feed.poll.vote') }).click();
    await poll.getByText(en('feed.poll.yourChoice')).waitFor();
    await poll.getByTestId('feed-pending').waitFor();
    // a reaction: pressed with its count
    await poll.getByRole('button', { name: en('feed.reactionCount', { reaction: en('feed.reaction.clap'), count: 0 }) }).click();
    await poll.getByRole('button', { name: en('feed.reactionCount', { reaction: en('feed.reaction.clap'), count: 1 }) }).waitFor();
    // a quiz answer: saved, the verdict waits for the server
    await quiz.getByRole('button', { name: 'Gandhinagar' }).click();
    await quiz.getByText(en('feed.quiz.checking')).waitFor();
    await shot(page, 'en-2-offline-pending');
    expect(await serverState(userUuid)).toEqual({ votes: [], answers: [], reactions: [] });

    // reload with no network: the feed comes from the device, the choices still pending
    await page.reload();
    await openPostTab(page, 'en').catch(async () => openPostTab(page, 'en'));
    await card(page, SEED_POLL.post).getByText(en('feed.poll.yourChoice')).waitFor({ timeout: 30_000 });
    await card(page, SEED_POLL.post).getByTestId('feed-pending').waitFor();
    await card(page, SEED_QUIZ.post).getByText(en('feed.quiz.checking')).waitFor();
    expect(await serverState(userUuid)).toEqual({ votes: [], answers: [], reactions: [] });

    // online: each act reaches the server once; the quiz then tells the right answer
    await context.setOffline(false);
    await expect.poll(() => serverState(userUuid), { timeout: 60_000 }).toEqual({ votes: [SEED_POLL.options[1]], answers: [SEED_QUIZ.questions[0]!.options[1]], reactions: ['clap'] });
    await expect.poll(() => page.getByTestId('feed-pending').count(), { timeout: 30_000 }).toBe(0);
    await card(page, SEED_QUIZ.post).getByText(en('feed.quiz.correct')).waitFor({ timeout: 30_000 });
    expect(await serverState(userUuid)).toEqual({ votes: [SEED_POLL.options[1]], answers: [SEED_QUIZ.questions[0]!.options[1]], reactions: ['clap'] });
    // posts on screen for a second were counted as seen (batched)
    await expect.poll(async () => (await stage.server.db.query('SELECT 1 FROM feed_views WHERE user_uuid = $1', [userUuid])).length, { timeout: 30_000 }).toBeGreaterThan(0);
    await shot(page, 'en-3-online');

    // a bot publishes: the socket's feed-post frame refreshes the open feed, the post on top
    const fresh = await publishPost(stage.server.db, '1000000000000104', { subtype: 'announcement', title: { en: 'Breaking: rain expected tonight' } }, Date.now());
    await card(page, fresh).getByRole('heading', { name: 'Breaking: rain expected tonight' }).waitFor({ timeout: 30_000 });
    await context.close();
  });

  it('opens a deep link, lists saved posts and my activity by type', async () => {
    const en = texts('en');
    const { context, page, national } = await openSignedIn(stage.browser, stage.server.url, { beforePage: notificationsDenied });
    const userUuid = await userUuidOf(stage.server.db, national);
    await page.goto(`${stage.server.url}/feed?post=${SEED_ANNOUNCEMENT.post}`);
    const announcement = card(page, SEED_ANNOUNCEMENT.post);
    await announcement.getByRole('heading', { name: 'Monsoon is near: prepare your fields' }).waitFor({ timeout: 30_000 });
    await announcement.getByRole('img').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'en-4-deep-link');
    // save it and react
    await announcement.getByRole('button', { name: en('feed.saveLabel', { title: 'Monsoon is near: prepare your fields' }) }).click();
    await announcement.getByRole('button', { name: en('feed.reactionCount', { reaction: en('feed.reaction.like'), count: 0 }) }).click();
    await expect.poll(async () => (await stage.server.db.query('SELECT 1 FROM feed_saves WHERE user_uuid = $1', [userUuid])).length, { timeout: 30_000 }).toBe(1);
    await expect.poll(async () => (await serverState(userUuid)).reactions, { timeout: 30_000 }).toEqual(['like']);
    // the server says no (422): the change is undone and the act's text shows
    await context.route('**/api/feed/add-reaction', (route) => route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ statusCode: 422, error: 'Unprocessable Entity', message: 'No' }) }));
    await announcement.getByRole('button', { name: en('feed.reactionCount', { reaction: en('feed.reaction.love'), count: 0 }) }).click();
    await page.getByText(en('feed.refused.reaction')).waitFor({ timeout: 30_000 });
    await announcement.getByRole('button', { name: en('feed.reactionCount', { reaction: en('feed.reaction.like'), count: 1 }), pressed: true }).waitFor();
    expect(await serverState(userUuid)).toMatchObject({ reactions: ['like'] });
    await context.unroute('**/api/feed/add-reaction');

    await page.goto(`${stage.server.url}/saved-items`);
    await page.getByTestId('saved-posts').locator(`[data-post="${SEED_ANNOUNCEMENT.post}"]`).waitFor({ timeout: 30_000 });
    await shot(page, 'en-5-saved');

    await page.goto(`${stage.server.url}/my-activity`);
    const rows = page.getByTestId('activity-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    await page.getByRole('group', { name: en('myActivity.filters') }).getByRole('button', { name: en('myActivity.type.reaction') }).click();
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(1);
    await rows.first().getByText(en('myActivity.row.reaction', { detail: en('feed.reaction.like') })).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'en-6-activity');
    await rows.first().getByRole('button').click();
    await page.waitForURL(new RegExp(`/feed\\?post=${SEED_ANNOUNCEMENT.post}`));
    await context.close();
  });

  it('refreshes when the list is pulled down from its top', async () => {
    const en = texts('en');
    const { context, page } = await openSignedIn(stage.browser, stage.server.url, { beforePage: notificationsDenied, context: { hasTouch: true } });
    await openPostTab(page, 'en');
    const list = page.getByTestId('feed-list');
    // the opening refresh (a first visit) is over: the next get-feed can only come from the pull
    await expect.poll(() => list.getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');
    const box = (await list.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + 20;
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', dy: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: y + dy }] });
    // the sync worker makes the call: watched on the context, which sees a worker's requests too
    const refresh = context.waitForEvent('request', {
      predicate: (r) => r.url().endsWith('/api/feed/get-feed') && (r.postDataJSON() as { max?: { post: unknown } }).max?.post === null,
      timeout: 30_000,
    });
    await touch('touchStart', 0);
    for (const dy of [30, 60, 90, 120]) await touch('touchMove', dy);
    await page.getByText(en('feed.pullToRefresh')).waitFor();
    await shot(page, 'en-7-pull');
    await touch('touchEnd', 120);
    await refresh;
    await page.getByText(en('feed.pullToRefresh')).waitFor({ state: 'hidden' });
    await context.close();
  });

  it('reads in Telugu, axe clean', async () => {
    const te = texts('te');
    const { context, page } = await openSignedIn(stage.browser, stage.server.url, { locale: 'te', beforePage: notificationsDenied });
    await openPostTab(page, 'te');
    await card(page, SEED_POLL.post).getByRole('heading', { name: 'మీరు రోజుకు ఎన్ని గ్లాసుల నీళ్లు తాగుతారు?' }).waitFor({ timeout: 30_000 });
    await card(page, SEED_POLL.post).getByRole('button', { name: te('feed.poll.vote') }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'te-1-feed');
    await context.close();
  });
});
