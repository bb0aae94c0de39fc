// A thread opens at its newest message (or its unread marker) however it was left: the router's
// scroll restoration (src/app/router.tsx) puts every other screen back where it was, but restored on
// a thread after its own first scroll, a reload showed it mid-history with the newest message out
// of sight (a walk at 390 px, session 24).
import { describe, expect, it } from 'vitest';
import { e2eStage } from './helpers/stage';
import { notificationsDenied, openSignedIn } from './helpers/flows';
import { botBubble, sendText } from './helpers/chat';
import { waitForServiceWorker } from './helpers/service-worker';

const ECHO_BOT_ID = '1000000000000001';
const stage = e2eStage();

/** How far the thread's list is from its end (px), and whether the newest bubble is fully above the input. */
const whereTheListIs = (page: import('playwright-core').Page, newest: string) =>
  page.evaluate((text) => {
    const list = document.querySelector<HTMLElement>('.thread__scroller')!;
    const bubbles = [...document.querySelectorAll<HTMLElement>('.message-bubble--bot .message-bubble__text')].filter((b) => b.textContent === text);
    const input = document.querySelector<HTMLElement>('.chat__main textarea, .chat__main [role=textbox]')!;
    const bottom = bubbles.at(-1)?.getBoundingClientRect().bottom ?? Infinity;
    return { fromEnd: Math.round(list.scrollHeight - list.clientHeight - list.scrollTop), newestShown: bottom <= input.getBoundingClientRect().top };
  }, newest);

describe('reopening a thread', () => {
  it('a reload after scrolling up opens the thread at its newest message again, online and offline', async () => {
    const { context, page } = await openSignedIn(stage.browser, stage.url, { name: 'Meera', beforePage: notificationsDenied });
    await page.goto(`${stage.url}/chat/${ECHO_BOT_ID}`);
    const texts = Array.from({ length: 10 }, (_, i) => `note ${i + 1}`);
    for (const text of texts) await sendText(page, text);
    await botBubble(page, 'note 10').waitFor({ timeout: 30_000 });
    await waitForServiceWorker(page);

    for (const offline of [false, true]) {
      await context.setOffline(offline);
      // the user scrolls up, as a finger would
      const list = page.locator('.thread__scroller');
      await list.hover();
      for (let i = 0; i < 10; i++) await page.mouse.wheel(0, -600);
      await expect.poll(async () => (await whereTheListIs(page, 'note 10')).fromEnd).toBeGreaterThan(300);

      await page.reload();
      await botBubble(page, 'note 10').waitFor();
      // settled: the first frames measure the rows
      await page.waitForTimeout(500);
      const where = await whereTheListIs(page, 'note 10');
      expect(where.newestShown).toBe(true);
      expect(where.fromEnd).toBeLessThanOrEqual(2);
    }
    await context.close();
  });
});
