// The PWA's promise (issue 6): on a train with no signal the app opens, shows everything it has,
// takes messages and delivers them later, each once. Chromium, the built app with its service
// worker, the real server.
//
// "No network" is made two ways at once: Chromium's offline emulation (context.setOffline, which
// covers the page, its workers and the service worker: the first test checks that), and a proxy
// between the browser and the server that drops every request, so nothing can reach the server
// whatever the browser believes (its counter proves that none did).
import { describe, expect, it } from 'vitest';
import { e2eStage } from './helpers/stage';
import { seriousAxeViolations } from './helpers/browser';
import { notificationsDenied, openSignedIn } from './helpers/flows';
import { texts } from './helpers/messages';
import { botBubble, sendText, userBubble } from './helpers/chat';
import { serverCounts, waitForServiceWorker } from './helpers/service-worker';
import { REGISTRY_TEXT } from '../../server/bots/registry';

const en = texts('en');
const ECHO_BOT_ID = '1000000000000001';

const stage = e2eStage({ proxy: true });

describe('offline start', () => {
  it("context.setOffline cuts the service worker's own requests too", async () => {
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    await page.goto(stage.url);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    const before = stage.proxy.counts.passed;
    // /icons/ is a stale-while-revalidate route: the service worker itself fetches a missing icon
    const outcome = await page.evaluate(() => fetch('/icons/bots/not-cached.svg').then((r) => `status ${r.status}`, () => 'failed'));
    expect(outcome).toBe('failed');
    expect(stage.proxy.counts.passed).toBe(before);
    await context.close();
  });

  it('cold start with no network: chat list and history from RxDB, two sends queued, each delivered once when the network returns', async () => {
    const { context, page } = await openSignedIn(stage.browser, stage.url, { name: 'Ravi', beforePage: notificationsDenied });
    await page.goto(`${stage.url}/chat/${ECHO_BOT_ID}`);
    await page.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
    await sendText(page, 'before the train');
    await botBubble(page, 'before the train').waitFor();
    await waitForServiceWorker(page);

    // no network at all, then a cold start of the app at its home
    await context.setOffline(true);
    stage.proxy.cutAll(true);
    const passed = stage.proxy.counts.passed;
    await page.goto(`${stage.url}/home`);
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
    expect(stage.proxy.counts.passed).toBe(passed);
    expect(await serverCounts(stage.server.db, ['offline one', 'offline two'])).toEqual([0, 0]);

    // the network returns: each delivered once, in order, with the bot's answers
    stage.proxy.cutAll(false);
    await context.setOffline(false);
    for (const text of ['offline one', 'offline two']) {
      await botBubble(page, text).waitFor({ timeout: 30_000 });
      await userBubble(page, text).getByRole('img', { name: en('chat.status.delivered') }).waitFor();
    }
    expect(await serverCounts(stage.server.db, ['offline one', 'offline two'])).toEqual([1, 1]);
    await context.close();
  });
  it("first visit, before the service worker takes over: offline right after sign-in, Echo opens from Discover, takes a message and its profile opens; back online, Echo's welcome comes first and the header's picture loads", async () => {
    // no service worker: as in the first minute on a slow network, before its install is done
    const { context, page } = await openSignedIn(stage.browser, stage.url, { name: 'Meena', beforePage: notificationsDenied, context: { serviceWorkers: 'block' } });
    const chatWithEcho = page.getByRole('button', { name: en('home.discover.chatWith', { name: 'Echo' }), exact: true });
    await chatWithEcho.waitFor();
    // the signed-in shell has loaded the screens used offline (src/app/offline-screens.ts)
    await page.waitForFunction(() => performance.getEntriesByName('boot:offline-screens').length > 0, undefined, { timeout: 60_000 });

    await context.setOffline(true);
    stage.proxy.cutAll(true);
    // Echo's picture not fetched yet (a route also keeps it out of the HTTP cache): the thread's
    // header shows its initials until the network returns
    const icon = '**/icons/bots/echo.svg';
    await page.route(icon, (route) => route.abort());
    await chatWithEcho.click();
    await page.waitForURL(new RegExp(`/chat/${ECHO_BOT_ID}$`));
    await sendText(page, 'first minute');
    await userBubble(page, 'first minute').getByRole('img', { name: en('chat.status.pending') }).waitFor();
    await page.getByRole('link', { name: en('chat.header.info') }).click();
    await page.getByRole('heading', { name: 'Echo', level: 2 }).waitFor();
    expect(await page.getByRole('heading', { name: en('app.screenOffline.title') }).count()).toBe(0);
    await page.goBack();

    const headerPicture = page.locator('.chat-header .avatar__img');
    await page.locator('.chat-header .avatar__initials').waitFor();
    // the network returns: the message is delivered, with Echo's answer, and the header's picture
    await page.unroute(icon);
    stage.proxy.cutAll(false);
    await context.setOffline(false);
    await userBubble(page, 'first minute').getByRole('img', { name: en('chat.status.delivered') }).waitFor({ timeout: 30_000 });
    await botBubble(page, 'first minute').waitFor();
    // the thread was never started online: its start goes before the message (the outbox's
    // ensureStarted), so Echo's welcome is above it, as for a thread opened online
    await botBubble(page, REGISTRY_TEXT.echoWelcome).waitFor();
    const thread = await page.locator('.message-bubble__text').allTextContents();
    expect(thread.indexOf(REGISTRY_TEXT.echoWelcome)).toBeGreaterThanOrEqual(0);
    expect(thread.indexOf(REGISTRY_TEXT.echoWelcome)).toBeLessThan(thread.indexOf('first minute'));
    await headerPicture.waitFor();
    expect(await headerPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await context.close();
  });
});
