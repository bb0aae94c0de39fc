// The standalone (single-bot) app in Debian's Chromium (issue 17; spec part 1 §1, §5): /bot/<id>,
// /?botId=<id> and a host name the server maps to a bot open that one bot's thread with no sign-in,
// no home tabs and no way to other bots. Offline, a reopen shows the stored history and takes
// messages, which the outbox delivers once when the network returns. Behind the API cut proxy
// (offline-start.test.ts), so "no network" is real.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eStage } from './helpers/stage';
import { seriousAxeViolations, shotIfAsked } from './helpers/browser';
import { texts } from './helpers/messages';
import { botBubble, sendText, userBubble } from './helpers/chat';
import { serverCounts, waitForServiceWorker } from './helpers/service-worker';

const en = texts('en');
const te = texts('te');
const ECHO = '1000000000000001';
const SHOWCASE = '1000000000000004';

// 'localhost' is mapped to the Showcase bot; the tests reach the app at 127.0.0.1 otherwise
// FULL_APP_URL: where "Open the full app" leads on that mapped host (a stand-in page, page.route)
const FULL_APP = 'https://full-app.example/';
const stage = e2eStage({ proxy: true, server: { server: { standaloneHosts: { localhost: SHOWCASE }, fullAppUrl: FULL_APP } } });

/** The single-bot page: the bot's thread, and nothing of the member app. */
async function expectStandaloneThread(page: Page, botName: string, t = en): Promise<void> {
  await page.getByRole('heading', { level: 1, name: botName }).waitFor({ timeout: 60_000 });
  await page.getByRole('textbox', { name: t('chat.input.label') }).waitFor();
  expect(await page.getByRole('tab').count()).toBe(0);
  expect(await page.getByRole('button', { name: t('chat.back') }).count()).toBe(0);
  expect(await page.getByRole('link', { name: t('chat.header.info') }).count()).toBe(0);
  // no sign-in screen: no mobile number field, no "Continue"
  expect(await page.getByRole('button', { name: t('login.continue') }).count()).toBe(0);
  expect(await page.locator('input[type="tel"]').count()).toBe(0);
}

describe('standalone app', () => {
  it('by path: /bot/<id> opens the bot\'s thread with no sign-in; a message is answered (en and te, 390 and 1280 px)', async () => {
    const context = await stage.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${stage.url}/bot/${ECHO}`);
    await expectStandaloneThread(page, 'Echo');
    expect(new URL(page.url()).pathname).toBe(`/bot/${ECHO}`);
    await sendText(page, 'hello standalone');
    await botBubble(page, 'hello standalone').waitFor({ timeout: 30_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shotIfAsked(page, 'standalone-en-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shotIfAsked(page, 'standalone-en-1280');

    // the header's language switcher (no settings screen in this mode)
    await page.getByRole('button', { name: en('common.language.change', { language: 'English' }) }).click();
    await page.getByRole('radio', { name: /తెలుగు/ }).click();
    await page.getByRole('textbox', { name: te('chat.input.label') }).waitFor();
    await expectStandaloneThread(page, 'Echo', te);
    await shotIfAsked(page, 'standalone-te-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shotIfAsked(page, 'standalone-te-390');
    // its saved items (this bot's only), from the header, in Telugu
    await page.getByRole('link', { name: te('savedItems.title') }).click();
    await page.waitForURL(`${stage.url}/saved-items`);
    await page.getByRole('heading', { level: 1, name: te('savedItems.title') }).waitFor();
    await shotIfAsked(page, 'standalone-saved-te-390');
    await page.getByRole('button', { name: te('common.back') }).click();
    await page.waitForURL(`${stage.url}/bot/${ECHO}`);

    // the member app's routes lead back to the bot: no home, no other bot
    for (const path of ['/', '/home', `/chat/${SHOWCASE}`, '/settings']) {
      await page.goto(`${stage.url}${path}`);
      await page.waitForURL(`${stage.url}/bot/${ECHO}`);
      await page.getByRole('textbox', { name: te('chat.input.label') }).waitFor();
    }
    await context.close();
  });

  it('by query: /?botId=<id> opens that bot; a message is answered', async () => {
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stage.url}/?botId=${ECHO}`);
    await page.waitForURL(`${stage.url}/bot/${ECHO}`);
    await expectStandaloneThread(page, 'Echo');
    await sendText(page, 'hello by query');
    await botBubble(page, 'hello by query').waitFor({ timeout: 30_000 });
    // saved items are reachable in this mode: the header opens them, the bot's own only
    const reply = botBubble(page, 'hello by query');
    await reply.getByRole('button', { name: en('chat.tools.save'), exact: true }).click();
    await reply.getByRole('button', { name: en('chat.tools.saved'), exact: true }).waitFor();
    await page.getByRole('link', { name: en('savedItems.title') }).click();
    await page.waitForURL(`${stage.url}/saved-items`);
    const saved = page.getByTestId('saved-item');
    await saved.filter({ hasText: 'hello by query' }).waitFor({ timeout: 30_000 });
    expect(await saved.count()).toBe(1);
    // no bot chips and no other areas' saved things in the one-bot mode
    expect(await page.getByRole('group', { name: en('savedItems.filters') }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await shotIfAsked(page, 'standalone-saved-en-390');
    // opening the item goes back to the bot's thread (there is no other)
    await saved.locator('button.saved-item__open').click();
    await page.waitForURL(`${stage.url}/bot/${ECHO}`);
    await expectStandaloneThread(page, 'Echo');
    // the way out (not in an embedding page's frame): the full app's sign-in, for good
    await page.getByRole('button', { name: en('standalone.leave') }).click();
    await page.getByRole('button', { name: en('login.continue') }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    await page.reload();
    await page.getByRole('button', { name: en('login.continue') }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('by host name: a host the server maps (STANDALONE_HOSTS) opens its bot at /', async () => {
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    const url = stage.url.replace('127.0.0.1', 'localhost');
    await page.goto(`${url}/`);
    await page.waitForURL(`${url}/bot/${SHOWCASE}`, { timeout: 60_000 });
    await expectStandaloneThread(page, 'Showcase');
    // "Open the full app": here '/' is this bot again, so it leads to FULL_APP_URL
    await page.route(`${FULL_APP}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Full app</title><h1>The full app</h1>' }));
    await page.getByRole('button', { name: en('standalone.leave') }).click({ timeout: 30_000 });
    await page.waitForURL(FULL_APP);
    await page.getByRole('heading', { name: 'The full app' }).waitFor();
    await context.close();
  });

  it('offline: a reopen shows the stored history and takes a message, delivered once when the network returns', async () => {
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stage.url}/bot/${ECHO}`);
    await expectStandaloneThread(page, 'Echo');
    await sendText(page, 'before going offline');
    await botBubble(page, 'before going offline').waitFor({ timeout: 30_000 });
    await waitForServiceWorker(page);

    await context.setOffline(true);
    stage.proxy.cutAll(true);
    const passed = stage.proxy.counts.passed;
    // a cold start at the app's root: the stored bot opens, with its history
    await page.goto(`${stage.url}/`);
    await page.waitForURL(`${stage.url}/bot/${ECHO}`);
    await expectStandaloneThread(page, 'Echo');
    await userBubble(page, 'before going offline').waitFor();
    await botBubble(page, 'before going offline').waitFor();
    await page.reload();
    await botBubble(page, 'before going offline').waitFor();

    await sendText(page, 'typed offline');
    await userBubble(page, 'typed offline').getByRole('img', { name: en('chat.status.pending') }).waitFor();
    expect(stage.proxy.counts.passed).toBe(passed);
    expect(await serverCounts(stage.server.db, ['typed offline'])).toEqual([0]);

    stage.proxy.cutAll(false);
    await context.setOffline(false);
    await botBubble(page, 'typed offline').waitFor({ timeout: 60_000 });
    await userBubble(page, 'typed offline').getByRole('img', { name: en('chat.status.delivered') }).waitFor({ timeout: 30_000 });
    expect(await serverCounts(stage.server.db, ['typed offline'])).toEqual([1]);
    await context.close();
  });
});
