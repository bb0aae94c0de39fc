// The PWA's promise (issue 6): on a train with no signal the app opens, shows everything it has,
// takes messages and delivers them later, each once. Chromium, the built app with its service
// worker, the real server.
//
// "No network" is made two ways at once: Chromium's offline emulation (context.setOffline, which
// covers the page, its workers and the service worker: the first test checks that), and a proxy
// between the browser and the server that drops every request, so nothing can reach the server
// whatever the browser believes (its counter proves that none did).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, seriousAxeViolations } from './helpers/browser';
import { freshNationalNumber, startAppServer } from './helpers/app-server';
import { signInAndOnboard } from './helpers/flows';
import { texts } from './helpers/messages';
import { botBubble, sendText, userBubble } from './helpers/chat';
import { startApiCutProxy, type ApiCutProxy } from './helpers/api-cut-proxy';
import { serverCounts, waitForServiceWorker } from './helpers/service-worker';

const en = texts('en');
const ECHO_BOT_ID = '1000000000000001';

let server: Awaited<ReturnType<typeof startAppServer>>;
let browser: Browser;
let proxy: ApiCutProxy;
let appUrl: string;

beforeAll(async () => {
  server = await startAppServer();
  proxy = await startApiCutProxy(server.url);
  appUrl = proxy.url;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await server?.close();
});

describe('offline start', () => {
  it("context.setOffline cuts the service worker's own requests too", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(appUrl);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    const before = proxy.counts.passed;
    // /icons/ is a stale-while-revalidate route: the service worker itself fetches a missing icon
    const outcome = await page.evaluate(() => fetch('/icons/bots/not-cached.svg').then((r) => `status ${r.status}`, () => 'failed'));
    expect(outcome).toBe('failed');
    expect(proxy.counts.passed).toBe(before);
    await context.close();
  });

  it('cold start with no network: chat list and history from RxDB, two sends queued, each delivered once when the network returns', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
    const page = await context.newPage();
    await page.goto(appUrl);
    await page.getByLabel(en('login.phone.label'), { exact: true }).waitFor();
    await signInAndOnboard(page, freshNationalNumber(), { locale: 'en', name: 'Ravi' });
    await page.goto(`${appUrl}/chat/${ECHO_BOT_ID}`);
    await page.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
    await sendText(page, 'before the train');
    await botBubble(page, 'before the train').waitFor();
    await waitForServiceWorker(page);

    // no network at all, then a cold start of the app at its home
    await context.setOffline(true);
    proxy.cutAll(true);
    const passed = proxy.counts.passed;
    await page.goto(`${appUrl}/home`);
    await page.getByRole('tab', { name: en('home.tab.chat') }).click();
    const row = page.getByRole('button', { name: /^Echo/ });
    await row.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await row.click();
    await botBubble(page, 'before the train').waitFor();
    await userBubble(page, 'before the train').waitFor();

    // a reload of the thread itself, still offline: the same
    await page.reload();
    await botBubble(page, 'before the train').waitFor();

    // two messages, accepted and queued
    for (const text of ['offline one', 'offline two']) await sendText(page, text);
    for (const text of ['offline one', 'offline two']) await userBubble(page, text).getByRole('img', { name: en('chat.status.pending') }).waitFor();
    // nothing reached the server while the network was away
    expect(proxy.counts.passed).toBe(passed);
    expect(await serverCounts(server.db, ['offline one', 'offline two'])).toEqual([0, 0]);

    // the network returns: each delivered once, in order, with the bot's answers
    proxy.cutAll(false);
    await context.setOffline(false);
    for (const text of ['offline one', 'offline two']) {
      await botBubble(page, text).waitFor({ timeout: 30_000 });
      await userBubble(page, text).getByRole('img', { name: en('chat.status.delivered') }).waitFor();
    }
    expect(await serverCounts(server.db, ['offline one', 'offline two'])).toEqual([1, 1]);
    await context.close();
  });
});
