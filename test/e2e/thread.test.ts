// The thread screen in Debian's Chromium against the real server: a conversation of 10,000
// stored messages (seeded into the server's database) opens at the unread marker, keeps the DOM
// small (virtualised) and scrolls back to the first message, paging history in; every non-media
// message type renders; buttons, a multi-select answer and the persistent menu send through the
// outbox; the unknown-type text; axe clean. THREAD_SHOTS=<dir> also saves screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, seriousAxeViolations } from './helpers/browser';
import { freshNationalNumber, startAppServer } from './helpers/app-server';
import { signInAndOnboard } from './helpers/flows';
import { texts, type Locale } from './helpers/messages';
import { botBubble, sendText, userBubble } from './helpers/chat';
import { seedBotMessages, seedTexts, userUuidOf } from './helpers/seed-thread';
import { ECHO_TAIL, SLOW_TAIL } from './thread-fixtures';

const en = texts('en');
const ECHO = '1000000000000001';
const SLOW = '1000000000000002';
const SHOTS = process.env.THREAD_SHOTS;

let server: Awaited<ReturnType<typeof startAppServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function signedIn(locale: Locale): Promise<{ context: BrowserContext; page: Page; userUuid: string }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: locale === 'en' ? 'en-IN' : `${locale}-IN` });
  const page = await context.newPage();
  if (process.env.THREAD_DEBUG) page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('[page]', m.text()); });
  await page.goto(server.url);
  await page.getByLabel(en('login.phone.label'), { exact: true }).waitFor();
  const number = freshNationalNumber();
  await signInAndOnboard(page, number, { locale, name: 'Asha' });
  return { context, page, userUuid: await userUuidOf(server.db, number) };
}

/** Through the Chat tab (so the conversation's unread count is known) into a bot's thread. */
async function openFromChatTab(page: Page, locale: Locale, botName: string, botUuid: string): Promise<void> {
  const t = texts(locale);
  await page.reload();
  await page.getByRole('tab', { name: t('home.tab.chat') }).click();
  await page.getByRole('button', { name: new RegExp(`^${botName}`) }).click();
  await page.waitForURL(new RegExp(`/chat/${botUuid}$`));
  await page.getByRole('heading', { name: botName, exact: true, level: 1 }).waitFor();
}

const listNodes = (page: Page) => page.locator('.thread__scroller').evaluate((el) => el.querySelectorAll('*').length);

async function hasText(page: Page, text: string): Promise<boolean> {
  return page.locator('.message-bubble__text').evaluateAll((els, t) => els.some((e) => e.textContent === t), text);
}

describe('thread', () => {
  it('opens 10,000 stored messages at the unread marker, renders every type, answers a button, scrolls to the first message with a small DOM', async () => {
    const { context, page, userUuid } = await signedIn('en');
    await seedTexts(server.db, { userUuid, botUuid: ECHO, count: 10_000, endsAt: Date.now() - 10 * 60_000 });
    await seedBotMessages(server.db, { userUuid, botUuid: ECHO, now: Date.now() }, ECHO_TAIL);
    const openedAt = Date.now();
    await openFromChatTab(page, 'en', 'Echo', ECHO);

    // Opens at the unread marker: the first message of the tail right below it.
    await page.getByText(en('chat.unread.marker'), { exact: true }).waitFor();
    await botBubble(page, 'Here is everything I can show.').waitFor();
    expect(await botBubble(page, 'Here is everything I can show.').locator('strong').allTextContents()).toEqual(['everything']);
    const openMs = Date.now() - openedAt;
    await shot(page, 'en-1-unread');
    const openNodes = await listNodes(page);
    expect(openNodes).toBeLessThanOrEqual(300);

    // Prices in minor units, the cart summary, the scorecard.
    await page.getByText('₹ 120.50', { exact: true }).waitFor();
    await page.getByText('25.000 ₫', { exact: true }).waitFor();
    await page.getByText('3 items · ₹ 450', { exact: true }).waitFor();
    await page.getByText('7/10', { exact: true }).waitFor();
    await shot(page, 'en-2-types');

    // Rating and saving offline: shown at once, sent when the network returns.
    const first = botBubble(page, 'Here is everything I can show.');
    await context.setOffline(true);
    await page.getByText(en('chat.offline')).waitFor();
    await first.getByRole('button', { name: en('chat.rating.up'), exact: true }).click();
    await first.getByRole('button', { name: en('chat.tools.save'), exact: true }).click();
    expect(await first.getByRole('button', { name: en('chat.rating.up'), exact: true }).getAttribute('aria-pressed')).toBe('true');
    await first.getByRole('button', { name: en('chat.tools.saved'), exact: true }).waitFor();
    await context.setOffline(false);
    const ratingOf = async () => (await server.db.query<{ rating: number }>('SELECT rating FROM message_ratings WHERE user_uuid = $1', [userUuid])).map((r) => r.rating);
    await expect.poll(ratingOf, { timeout: 30_000 }).toEqual([1]);
    await expect.poll(async () => (await server.db.query('SELECT 1 FROM saved_items WHERE user_uuid = $1', [userUuid])).length, { timeout: 30_000 }).toBe(1);
    // A refused rating (the message no longer takes one): the catalogue error, and the stars come back.
    await server.db.query(`UPDATE messages SET payload = payload - 'rating_type' WHERE user_uuid = $1 AND type = 'scorecard'`, [userUuid]);
    const scorecard = page.locator('.message-bubble--bot').filter({ has: page.getByText('Quiz result', { exact: true }) });
    await scorecard.getByRole('button', { name: en('chat.rating.star', { n: 4 }) }).click();
    await scorecard.getByRole('alert').filter({ hasText: en('error.operation.messageRating') }).waitFor();
    expect(await scorecard.getByRole('button', { name: en('chat.rating.star', { n: 4 }) }).isDisabled()).toBe(false);
    await shot(page, 'en-2b-rating');

    // Action links: https in a new tab, mailto, tel; a javascript: website is not offered.
    const site = page.getByRole('link', { name: /^Website/ });
    expect(await site.getAttribute('href')).toBe('https://example.org/help');
    expect(await site.getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('link', { name: 'Email us' }).getAttribute('href')).toBe('mailto:help@example.org');
    expect(await page.getByRole('link', { name: 'Call us' }).getAttribute('href')).toBe('tel:+919876543210');
    expect(await page.getByRole('link', { name: /Bad link/ }).count()).toBe(0);
    expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);

    // Newest: the button message; options in a 3-column grid; tap → selected, then sent.
    await page.locator('.thread__scroller').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    // Unknown type and unsupported rich input: the catalogue text with its bold parts.
    const notice = page.locator('.message-bubble--notice .message-bubble__text');
    await expect.poll(() => notice.count()).toBe(2);
    for (const text of await notice.allTextContents()) expect(text).toBe('Message type not supported, please refresh, clear cache if problem persists');
    expect(await notice.first().locator('strong').allTextContents()).toEqual(['not supported', 'refresh']);

    const options = page.getByRole('group', { name: en('chat.options.label') }).last();
    expect(await options.getAttribute('data-layout')).toBe('grid-3');
    await shot(page, 'en-3-button');
    const violations = await seriousAxeViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
    const medium = options.getByRole('button', { name: 'Medium' });
    await medium.click();
    expect(await medium.getAttribute('aria-pressed')).toBe('true');
    await userBubble(page, 'Medium').waitFor();
    await botBubble(page, 'You chose "Medium"').waitFor();
    // answered: the options are no longer the last message's
    expect(await options.getByRole('button', { name: 'Large' }).isDisabled()).toBe(true);

    // The catalogue opens its screen with the bot and catalogue in the query.
    await page.getByRole('button', { name: /^Groceries/ }).scrollIntoViewIfNeeded().catch(() => undefined);

    // Back to the first message: history pages in as the user scrolls up; the DOM stays small.
    const scroller = page.locator('.thread__scroller');
    let maxNodes = 0;
    const scrollStart = Date.now();
    for (let i = 0; i < 2000 && !(await hasText(page, 'Message 1')); i += 1) {
      const rowsBefore = Number(await page.locator('.thread__probe').getAttribute('data-rows'));
      await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
      await page.waitForFunction(
        (before) => Number(document.querySelector('.thread__probe')?.getAttribute('data-rows')) > before
          || [...document.querySelectorAll('.message-bubble__text')].some((e) => e.textContent === 'Message 1'),
        rowsBefore,
        { timeout: 30_000 },
      );
      maxNodes = Math.max(maxNodes, await listNodes(page));
    }
    expect(await hasText(page, 'Message 1')).toBe(true);
    expect(Number(await page.locator('.thread__probe').getAttribute('data-rows'))).toBeGreaterThan(10_000);
    expect(maxNodes).toBeLessThanOrEqual(300);
    console.log(`thread figures: open (reload, Chat tab, thread at the marker) ${openMs} ms, list nodes at open ${openNodes}, max list nodes while scrolling ${maxNodes}, scroll to the first of 10,000 (paging from the server) ${Date.now() - scrollStart} ms`);
    await shot(page, 'en-4-top');
    await context.close();
  }, 600_000);

  it('keeps what the user reads in place when older pages come in above, and counts a reply that arrives meanwhile on the jump button', async () => {
    const { context, page, userUuid } = await signedIn('en');
    await seedTexts(server.db, { userUuid, botUuid: SLOW, count: 300, endsAt: Date.now() - 10 * 60_000 });
    await openFromChatTab(page, 'en', 'Slow echo', SLOW);
    const scroller = page.locator('.thread__scroller');
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await botBubble(page, 'Message 299').waitFor();
    // the slow bot answers in 2 s: the user reads older messages meanwhile
    await sendText(page, 'ping');
    await userBubble(page, 'ping').waitFor();
    const kept = await scroller.evaluate(async (el) => {
      const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
      const rows = () => Number(el.querySelector('.thread__probe')?.getAttribute('data-rows'));
      const rowsBefore = rows();
      el.scrollTop = 300;
      await frame();
      // the text bubble nearest the middle of the list, and where it is on screen (on a loaded
      // machine the rows of the new position may take a few frames, and the middle may fall on
      // a date tag or between two bubbles)
      const box = el.getBoundingClientRect();
      const textAt = (dy: number) => {
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2 + dy)?.closest('.thread__row');
        return hit?.querySelector('.message-bubble__text')?.textContent ?? null;
      };
      let text: string | null = null;
      for (let tries = 0; text === null && tries < 60; tries += 1) {
        text = [0, 40, -40, 80, -80].map(textAt).find((t) => t !== null) ?? null;
        if (text === null) await frame();
      }
      const topOf = () => [...el.querySelectorAll('.message-bubble__text')].find((t) => t.textContent === text)?.getBoundingClientRect().top ?? NaN;
      const before = topOf();
      const start = performance.now();
      while (rows() <= rowsBefore && performance.now() - start < 20_000) await frame();
      for (let i = 0; i < 3; i += 1) await frame();
      return { text, before, after: topOf(), rowsBefore, rowsAfter: rows() };
    });
    expect(kept.text).toMatch(/^Message \d+$/);
    expect(kept.rowsAfter).toBeGreaterThan(kept.rowsBefore);
    // The page lands 50 rows (3,800 px) above: losing the place would move the bubble by that much.
    // It moves by about 10 px (the same before the paging change; rows are laid out from the
    // virtualiser's rounded sizes), under a line of text.
    expect(Math.abs(kept.after - kept.before), JSON.stringify(kept)).toBeLessThanOrEqual(16);
    // the echo arrived while the user was up there: counted, not scrolled to
    const jump = page.getByRole('button', { name: en('chat.jumpToNewest.count', { count: 1 }) });
    await jump.waitFor({ timeout: 30_000 });
    expect(await botBubble(page, 'ping').count()).toBe(0);
    await jump.click();
    await botBubble(page, 'ping').waitFor();
    await page.locator('.thread__jump').waitFor({ state: 'detached' });
    await context.close();
  }, 180_000);

  it('answers a multi-select (custom text only when not blank) and the persistent menu', async () => {
    const { context, page, userUuid } = await signedIn('en');
    await seedBotMessages(server.db, { userUuid, botUuid: SLOW, now: Date.now() }, SLOW_TAIL);
    await openFromChatTab(page, 'en', 'Slow echo', SLOW);
    const input = page.getByRole('textbox', { name: en('chat.input.label') });
    await page.getByRole('button', { name: 'Tea' }).waitFor();
    // a multi-select is active: the input is read-only
    expect(await input.getAttribute('readonly')).not.toBeNull();
    const send = page.getByRole('button', { name: en('chat.multiSelect.send'), exact: true });
    expect(await send.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Tea' }).click();
    await page.getByRole('button', { name: 'Milk' }).click();
    await page.getByRole('button', { name: 'Coffee' }).click();
    await page.getByRole('button', { name: 'Coffee' }).click();
    await page.getByLabel(en('chat.multiSelect.custom')).fill('   ');
    await shot(page, 'en-5-multi');
    await send.click();
    await userBubble(page, 'Tea, Milk').waitFor();

    // The menu: its button sits in front of the input; a choice is sent.
    const menuButton = page.getByRole('button', { name: en('chat.menu.open') });
    await menuButton.click();
    await page.getByRole('button', { name: 'Start over' }).waitFor();
    await shot(page, 'en-6-menu');
    const violations = await seriousAxeViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
    await page.getByRole('button', { name: 'Start over' }).click();
    await userBubble(page, 'Start over').waitFor();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  }, 180_000);

  it('renders the types in Telugu', async () => {
    const te = texts('te');
    const { context, page, userUuid } = await signedIn('te');
    await seedBotMessages(server.db, { userUuid, botUuid: ECHO, now: Date.now() }, [...ECHO_TAIL, ...SLOW_TAIL]);
    await openFromChatTab(page, 'te', 'Echo', ECHO);
    await page.getByText(te('chat.unread.marker'), { exact: true }).waitFor();
    await shot(page, 'te-1');
    await page.getByText(te('chat.cart.view'), { exact: true }).first().waitFor();
    await page.locator('.thread__scroller').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await page.getByRole('button', { name: te('chat.multiSelect.send'), exact: true }).waitFor();
    await shot(page, 'te-2');
    const violations = await seriousAxeViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
    await context.close();
  }, 180_000);
});
