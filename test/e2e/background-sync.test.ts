// Background sync (issue 6 part 2) in Chromium: messages queued offline, every page closed, the
// network back, the 'outbox-flush' sync event dispatched to the service worker through the
// DevTools protocol. The service worker alone (no page, so no page worker) delivers each message
// exactly once, with the same outbox code the page's engine runs.
import { describe, expect, it } from 'vitest';
import { freshNationalNumber } from './helpers/app-server';
import { signInAndOnboard } from './helpers/flows';
import { texts } from './helpers/messages';
import { botBubble, sendText, userBubble } from './helpers/chat';
import { registrationIdOf, serverCounts, waitForServiceWorker } from './helpers/service-worker';
import { e2eStage } from './helpers/stage';

const en = texts('en');
const ECHO_BOT_ID = '1000000000000001';

const stage = e2eStage({ proxy: true });

describe('background sync', () => {
  it('delivers what was queued offline, each once, with every page closed', async () => {
    const context = await stage.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
    const page = await context.newPage();
    await page.goto(stage.url);
    await signInAndOnboard(page, freshNationalNumber(), { locale: 'en', name: 'Asha' });
    await page.goto(`${stage.url}/chat/${ECHO_BOT_ID}`);
    await page.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
    await sendText(page, 'hello before');
    await botBubble(page, 'hello before').waitFor();
    await waitForServiceWorker(page);

    await context.setOffline(true);
    const bodies = ['queued one', 'queued two', 'queued three'];
    for (const text of bodies) await sendText(page, text);
    for (const text of bodies) await userBubble(page, text).getByRole('img', { name: en('chat.status.pending') }).waitFor();
    // the page asked for a background sync while offline with sends queued
    await expect.poll(() => page.evaluate(async () => {
      const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { getTags(): Promise<string[]> } };
      return (await reg.sync?.getTags()) ?? [];
    })).toContain('outbox-flush');

    // Chromium fires a registered sync by itself when ITS network is up, which it is (the offline
    // emulation does not count): the stage.server stays unreachable behind the stage.proxy until the test
    // says, so that what happened before is known
    stage.proxy.cut(true);
    await context.setOffline(false);
    // every page closes: from now on nothing can deliver but the service worker
    await page.close();
    expect(context.pages()).toHaveLength(0);
    expect(await serverCounts(stage.server.db, bodies)).toEqual([0, 0, 0]);
    stage.proxy.cut(false);

    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    expect(await blank.evaluate(() => window.location.href)).toBe('about:blank');
    const registrationId = await registrationIdOf(cdp, `${stage.url}/`);
    // stopped first, as a phone stops an idle service worker: the event starts a fresh one, which
    // evaluates the flush script it imported while installing (sw/background-sync.ts)
    await cdp.send('ServiceWorker.stopAllWorkers');
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: stage.url, registrationId, tag: 'outbox-flush', lastChance: false });
    await expect.poll(() => serverCounts(stage.server.db, bodies), { timeout: 30_000 }).toEqual([1, 1, 1]);
    // a second event (a retry, the stage.browser's own firing) sends nothing again
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: stage.url, registrationId, tag: 'outbox-flush', lastChance: true });
    expect(context.pages().map((p) => p.url())).toEqual(['about:blank']);

    // the app, opened again, shows them sent, once each, and the bot's answers arrive
    const again = await context.newPage();
    await again.goto(`${stage.url}/chat/${ECHO_BOT_ID}`);
    for (const text of bodies) {
      await botBubble(again, text).waitFor({ timeout: 30_000 });
      await expect.poll(() => userBubble(again, text).count()).toBe(1);
    }
    expect(await serverCounts(stage.server.db, bodies)).toEqual([1, 1, 1]);
    await cdp.detach();
    await context.close();
  });
});
