// Engage games and rewards in Debian's Chromium against the real server (issue 14): each of the
// four kinds of game played to the end from /engage in English and in Hindi (quiz answers picked,
// maths worked out, the word guessed, the memory board turned pair by pair with the page's and the
// server's clocks moved on between moves instead of sleeping: the server scores every answer); the
// rewards terms gate; spin the wheel turning to the server's answer; the daily memory match played
// offline once its board is loaded, its completion queued and recorded when the network returns;
// a coupon copied; lucky-draw results by date (one won); the games list offline. GAMES_SHOTS=<dir> saves
// screenshots at 390 and 1280 px.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { e2eStage } from './helpers/stage';
import { openSignedIn } from './helpers/flows';
import { texts, type Locale } from './helpers/messages';
import { userUuidOf } from './helpers/seed-thread';
import { seriousAxeViolations } from './helpers/browser';
import { gameByUuid } from '../../server/engage/catalogue';
import { WORDS } from '../../server/discovery/word-game';
import { LUCKY_DRAW_PRIZE_MINOR, MEMORY_MIN_MS_PER_MOVE, rewardsDay, WHEEL_SEGMENTS } from '../../src/domain/engage-rewards';
import { DAY_MS } from '../../src/domain/constants';
import { formatMoney } from '../../src/domain/money';
import { enterLuckyDraw } from '../../server/rewards/lucky-draw';

const SHOTS = process.env.GAMES_SHOTS;
/**
 * How far the server's clock is ahead of the real one. A memory board finished faster than
 * MEMORY_MIN_MS_PER_MOVE a move is refused on the server's clock and by the time the page measured
 * (performance.now): the test moves both forward between moves (turnPairs) instead of sleeping.
 */
let serverAhead = 0;
const stage = e2eStage({ server: { now: () => Date.now() + serverAhead } });
beforeAll(() => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize(size);
}

/**
 * Signed in, each page's performance.now() able to be moved on (`__moveOn(ms)`). Not Playwright's
 * clock.install: a faked clock replayed into every later page held back the lists a page showed
 * after a navigation (coupon list, lucky draw) past 30 s; only the memory board's timing needs it.
 */
const openGames = (locale: Locale) => openSignedIn(stage.browser, stage.server.url, {
  locale,
  beforePage: async (context) => {
    await context.addInitScript(() => {
      const real = performance.now.bind(performance);
      let ahead = 0;
      performance.now = () => real() + ahead;
      Object.assign(window, { __moveOn: (ms: number) => { ahead += ms; } });
    });
  },
});

/** Moves the page's measured time and the server's clock on by one humanly possible move. */
async function moveOn(page: Page): Promise<void> {
  serverAhead += MEMORY_MIN_MS_PER_MOVE + 100;
  await page.evaluate((ms) => (window as unknown as { __moveOn(ms: number): void }).__moveOn(ms), MEMORY_MIN_MS_PER_MOVE + 100);
}

const playUuidOf = (page: Page) => new URL(page.url()).searchParams.get('play')!;

async function playRow(playUuid: string) {
  const [row] = await stage.server.db.query<{ game_uuid: string; content: { kind: string; word?: number; cards?: number[] }; status: string; score: number; max_score: number }>(
    'SELECT game_uuid, content, status, score, max_score FROM engage_plays WHERE play_uuid = $1', [playUuid]);
  return row!;
}

/** Opens /engage, filters to one kind of game and starts the first. */
async function startGameOfType(page: Page, locale: Locale, type: string): Promise<string> {
  await page.goto(`${stage.server.url}/engage`);
  const card = page.locator(`[data-testid="game-card"][data-type="${type}"]`).first();
  await card.waitFor({ timeout: 30_000 });
  await card.click();
  await page.waitForURL(/\/engage-play\?play=/, { timeout: 30_000 });
  await page.getByTestId('play').waitFor();
  return playUuidOf(page);
}

/**
 * Turns the memory cards two by two, each pair matched, as slowly as a person could: the page's
 * measured time and the server's clock are moved on by more than the least time a move takes.
 */
async function turnPairs(page: Page, cards: readonly number[]): Promise<void> {
  const seen = new Map<number, number>();
  const pairs: [number, number][] = [];
  cards.forEach((face, i) => {
    const other = seen.get(face);
    if (other === undefined) seen.set(face, i);
    else pairs.push([other, i]);
  });
  const all = page.getByTestId('memory-card');
  for (const [a, b] of pairs) {
    await all.nth(a).click();
    await moveOn(page);
    await all.nth(b).click();
    await expect.poll(() => all.nth(b).getAttribute('data-matched')).toBe('true');
  }
}

async function playAll(locale: Locale) {
  const t = texts(locale);
  const { context, page } = await openGames(locale);
  try {
    // the remote flags arrive with the session: the engage screen waits for them
    await page.goto(`${stage.server.url}/engage`);
    await page.getByRole('heading', { name: t('engage.mostPlayed') }).waitFor({ timeout: 30_000 });
    await shot(page, `${locale}-engage`);
    if (locale === 'en') expect(await seriousAxeViolations(page)).toEqual([]);
    // the list comes in pages of 16: 'Load more' brings the rest
    await expect.poll(() => page.getByTestId('game-card').count(), { timeout: 30_000 }).toBe(16);
    await page.getByRole('button', { name: t('engage.loadMore') }).click();
    await expect.poll(() => page.getByTestId('game-card').count(), { timeout: 30_000 }).toBeGreaterThan(16);

    // timed quiz: the right option of each question
    let play = await startGameOfType(page, locale, 'quiz');
    const quiz = gameByUuid((await playRow(play)).game_uuid)!.quiz!;
    for (const [i, q] of quiz.questions.entries()) {
      const label = typeof q.options[q.answer] === 'string' ? q.options[q.answer] as string : (q.options[q.answer] as Record<Locale, string>)[locale];
      await page.getByText(t('games.question', { n: i + 1, total: quiz.questions.length })).waitFor();
      if (i === 1) await shot(page, `${locale}-quiz`);
      await page.locator('.games-option', { hasText: label }).first().click();
    }
    await page.getByTestId('play-finished').waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await playRow(play)).status, { timeout: 30_000 }).toBe('finished');
    expect((await playRow(play)).score).toBe(quiz.questions.length);
    await page.getByText(t('games.finalScore', { score: quiz.questions.length, max: quiz.questions.length })).waitFor();

    // maths sprint: each sum worked out from its prompt
    play = await startGameOfType(page, locale, 'maths');
    for (let i = 0; i < 10; i++) {
      const prompt = await page.locator('#problem').innerText();
      const [a, op, b] = prompt.split(' ');
      const x = Number(a), y = Number(b);
      const answer = op === '+' ? x + y : op === '−' ? x - y : op === '×' ? x * y : x / y;
      await page.getByRole('textbox', { name: t('games.yourAnswer') }).fill(String(answer));
      await page.getByRole('button', { name: t('games.submit') }).click();
      if (i < 9) await page.getByText(t('games.problem', { n: i + 2, total: 10 })).waitFor();
    }
    await page.getByTestId('play-finished').waitFor({ timeout: 30_000 });
    expect((await playRow(play)).score).toBe(10);

    // word puzzle: a wrong guess (its marks shown), then the word
    play = await startGameOfType(page, locale, 'word');
    const word = WORDS[(await playRow(play)).content.word!]!.word;
    const guess = page.getByRole('textbox', { name: t('games.guess') });
    await guess.fill(word === 'PLANT' ? 'STONE' : 'PLANT');
    await page.getByRole('button', { name: t('games.submit') }).click();
    await page.locator('.games-word__row').first().locator('.games-word__cell--absent, .games-word__cell--present, .games-word__cell--right').first().waitFor({ timeout: 30_000 });
    await shot(page, `${locale}-word`);
    await guess.fill(word.toLowerCase());
    await page.getByRole('button', { name: t('games.submit') }).click();
    await page.getByTestId('play-finished').waitFor({ timeout: 30_000 });
    expect((await playRow(play)).score).toBe(5);

    // memory match (engage): the board turned pair by pair
    play = await startGameOfType(page, locale, 'memory');
    await turnPairs(page, (await playRow(play)).content.cards!);
    await page.getByTestId('play-finished').waitFor({ timeout: 30_000 });
    await shot(page, `${locale}-memory`);
    expect(await playRow(play)).toMatchObject({ status: 'finished', score: 8 });

    // offline: the games list reads from the phone, and starting a game says it needs the network
    await context.setOffline(true);
    await page.getByRole('button', { name: t('games.back') }).click();
    await page.getByText(t('engage.offline')).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('game-card').count()).toBeGreaterThanOrEqual(4);
    await page.getByTestId('game-card').first().click();
    await page.getByText(t('engage.needsNetwork')).waitFor();
    if (locale === 'hi') await shot(page, 'hi-engage-offline');
    await context.setOffline(false);
  } finally {
    await context.close();
  }
}

describe('engage games', () => {
  it('plays a timed quiz, a maths sprint, the word puzzle and a memory match to the end in English', () => playAll('en'), 240_000);
  it('plays the four games to the end in Hindi', () => playAll('hi'), 240_000);
});

describe('rewards', () => {
  it('asks for the terms, spins the wheel to the server\'s answer, and plays memory match offline then online', async () => {
    const t = texts('en');
    const { context, page, national } = await openGames('en');
    try {
      const userUuid = await userUuidOf(stage.server.db, national);
      await page.goto(`${stage.server.url}/rewards`);
      await page.getByTestId('rewards-terms').waitFor({ timeout: 30_000 });
      await shot(page, 'en-rewards-terms');
      await page.getByRole('button', { name: t('rewards.tnc.accept') }).click();
      await page.getByTestId('rewards-home').waitFor({ timeout: 30_000 });
      expect((await stage.server.db.query('SELECT 1 FROM rewards_tnc WHERE user_uuid = $1', [userUuid])).length).toBe(1);
      await shot(page, 'en-rewards-home');
      expect(await seriousAxeViolations(page)).toEqual([]);

      // spin the wheel: the server picks; the wheel turns to that segment
      await page.getByTestId('live-stw').click();
      await page.waitForURL(/\/spin-the-wheel\?schedule=/);
      await page.getByRole('button', { name: t('rewards.spin.button') }).click();
      await page.getByTestId('spin-result').waitFor({ timeout: 30_000 });
      const [spin] = await stage.server.db.query<{ segment_id: string }>('SELECT segment_id FROM stw_spins WHERE user_uuid = $1', [userUuid]);
      const index = WHEEL_SEGMENTS.findIndex((s) => s.id === spin!.segment_id);
      const rotation = Number(await page.getByTestId('wheel').getAttribute('data-rotation'));
      const segment = 360 / WHEEL_SEGMENTS.length;
      // the pointer (at the top) sits in the middle of the server's segment
      expect(((360 - (rotation % 360)) % 360 + 360) % 360).toBeCloseTo((index + 0.5) * segment, 5);
      await shot(page, 'en-spin');
      await expect.poll(async () => page.getByRole('button', { name: t('rewards.spin.button') }).count()).toBe(0);

      // memory match: the board loads online, is played offline, the completion waits, then goes
      await page.goto(`${stage.server.url}/rewards`);
      await page.getByTestId('live-mtc').click();
      await page.waitForURL(/\/memory-match\?schedule=/);
      await page.getByRole('button', { name: t('rewards.mtc.start') }).click();
      await page.getByTestId('memory-grid').waitFor({ timeout: 30_000 });
      const [board] = await stage.server.db.query<{ cards: number[] }>('SELECT cards FROM mtc_boards WHERE user_uuid = $1', [userUuid]);
      await context.setOffline(true);
      await turnPairs(page, board!.cards);
      await page.getByTestId('mtc-queued').waitFor({ timeout: 30_000 });
      await shot(page, 'en-memory-match-queued');
      expect((await stage.server.db.query('SELECT completed_at FROM mtc_boards WHERE user_uuid = $1 AND completed_at IS NOT NULL', [userUuid])).length).toBe(0);
      await context.setOffline(false);
      await page.getByTestId('mtc-done').waitFor({ timeout: 60_000 });
      await expect.poll(async () => (await stage.server.db.query(`SELECT 1 FROM reward_ledger WHERE user_uuid = $1 AND source = 'mtc'`, [userUuid])).length, { timeout: 30_000 }).toBe(1);
      await shot(page, 'en-memory-match-done');

      // a coupon won: listed, its detail with the code, copied
      const entry = randomUUID();
      const coupon = randomUUID();
      const code = `SAATHI-E2E${coupon.slice(0, 6).toUpperCase()}`; // codes are unique: a retry makes its own
      // on the server's clock, which the memory match moved ahead: a coupon the spin won was stamped
      // by it, and one stamped by the real clock would sort below it (the list is newest first)
      const wonAt = Date.now() + serverAhead;
      await stage.server.db.query(`INSERT INTO reward_ledger (entry_id, user_uuid, source_key, source, kind, amount_minor, currency, payout_state, created_at, updated_at)
        VALUES ($1, $2, $3, 'stw', 'coupon', 0, 'INR', 'none', $4, $4)`, [entry, userUuid, `stw:${randomUUID()}`, wonAt]);
      await stage.server.db.query(`INSERT INTO reward_coupons (coupon_uuid, entry_id, user_uuid, offer_id, code, expires_at, created_at) VALUES ($1, $2, $3, 'chai-20', $4, $5, $6)`,
        [coupon, entry, userUuid, code, wonAt + 86_400_000, wonAt]);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stage.server.url });
      await page.goto(`${stage.server.url}/coupon`);
      // the stored list shows first (with the spin's coupon, if it won one): the new coupon is the
      // first (newest) row only once the list is refreshed from the server, so wait for all of them
      const coupons = (await stage.server.db.query(`SELECT 1 FROM reward_coupons WHERE user_uuid = $1`, [userUuid])).length;
      const rows = page.getByTestId('coupon-list').getByRole('button');
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(coupons);
      await rows.first().click();
      await page.getByTestId('coupon-code').getByText(code).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: t('rewards.copy') }).click();
      await page.getByText(t('rewards.copied')).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      await shot(page, 'en-coupon');

      // the lucky draw, yesterday's by default (the memory match of rewards enters no draw: not entered)
      await page.goto(`${stage.server.url}/lucky-draw-results`);
      await page.getByTestId('draw-result').waitFor({ timeout: 30_000 });
      await page.getByText(t('rewards.draw.notEntered')).waitFor();
      // the result of another date: a day ten days back with this user its only entrant, drawn on
      // this first read; the user won it, and the page says so with the rank
      const enteredAt = Date.now() - 10 * DAY_MS;
      const day = rewardsDay(enteredAt);
      await enterLuckyDraw(stage.server.db, userUuid, enteredAt);
      await page.getByLabel(t('rewards.draw.date')).fill(day);
      await page.getByRole('button', { name: t('rewards.draw.show') }).click();
      await page.locator('[data-testid="draw-result"][data-status="drawn"]').waitFor({ timeout: 30_000 });
      await page.getByText(t('rewards.draw.drawn', { winners: 1, entries: 1 })).waitFor();
      await page.getByText(t('rewards.draw.won', { amount: formatMoney({ price: LUCKY_DRAW_PRIZE_MINOR, currency: 'INR' }), rank: 1 })).waitFor({ timeout: 30_000 });
      expect(await stage.server.db.query('SELECT rank FROM lucky_draw_winners WHERE day = $1 AND user_uuid = $2', [day, userUuid])).toEqual([{ rank: 1 }]);
      await shot(page, 'en-lucky-draw');
    } finally {
      await context.close();
    }
  }, 240_000);
});
