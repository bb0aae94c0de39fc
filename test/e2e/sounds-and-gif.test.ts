// Issue 18's sounds and GIF display time in Debian's Chromium against the real server.
// Sounds (src/screens/shared/sounds.ts) are WebAudio tones: an init script records the frequency
// of every oscillator the page starts, so a sent message (990 Hz) and a received one (660 then
// 880 Hz) are told apart, and the Settings switch is seen to silence both. The GIF rule (spec
// part 1 §9: at least 5 s, whole loops) is read on the page's own clock: Playwright's fake clock,
// paused, is moved by hand past the display time of the Showcase bot's anim.gif (20 frames of
// 10 hundredths: three 2 s loops, 6 s), so nothing depends on how fast this machine is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEFAULT_REMOTE_FLAGS } from '../../src/api/remote-flags';
import { launchBrowser, shotIfAsked } from './helpers/browser';
import { startAppServer } from './helpers/app-server';
import { notificationsDenied, openSignedIn } from './helpers/flows';
import { botBubble, sendText } from './helpers/chat';
import { texts } from './helpers/messages';

const en = texts('en');
const SHOWCASE = '1000000000000004';
const PLAIN_TEXT = 'Hello! This is a plain text message from the Showcase bot.';
const SENT = [990];
const RECEIVED = [660, 880];

let browser: Browser;
let server: Awaited<ReturnType<typeof startAppServer>>;

beforeAll(async () => {
  server = await startAppServer({ server: { remoteFlags: () => ({ ...DEFAULT_REMOTE_FLAGS }) } });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** For `beforePage`: notifications denied, and every oscillator the page starts recorded by its frequency. */
async function recordTones(context: BrowserContext): Promise<void> {
  await notificationsDenied(context);
  await context.addInitScript(() => {
    const w = window as unknown as { __tones: number[] };
    w.__tones = [];
    const start = AudioScheduledSourceNode.prototype.start;
    AudioScheduledSourceNode.prototype.start = function recordedStart(this: AudioScheduledSourceNode, ...args: Parameters<typeof start>) {
      if (this instanceof OscillatorNode) w.__tones.push(this.frequency.value);
      start.apply(this, args);
    };
  });
}
const tones = (page: Page) => page.evaluate(() => (window as unknown as { __tones: number[] }).__tones);

/** The tones recorded so far contain `seq` in order, one after the other. */
function hasRun(all: readonly number[], seq: readonly number[]): boolean {
  return all.some((_, i) => seq.every((hz, j) => all[i + j] === hz));
}

describe('sounds', () => {
  it('a sent and a received message play their sounds; with the Settings switch off nothing plays', async () => {
    const { context, page } = await openSignedIn(browser, server.url, { beforePage: recordTones });
    try {
      await page.goto(`${server.url}/chat/${SHOWCASE}`);
      await page.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
      await page.evaluate(() => void ((window as unknown as { __tones: number[] }).__tones = []));
      await sendText(page, 'text');
      await expect.poll(async () => hasRun(await tones(page), SENT)).toBe(true);
      await botBubble(page, PLAIN_TEXT).waitFor();
      await expect.poll(async () => hasRun(await tones(page), RECEIVED)).toBe(true);

      await page.goto(`${server.url}/settings`);
      const toggle = page.getByRole('switch', { name: en('settings.sounds.toggle') });
      expect(await toggle.isChecked()).toBe(true);
      await toggle.click();
      await expect.poll(() => toggle.isChecked()).toBe(false);
      await shotIfAsked(page, 'settings-sounds-off');

      // a new page life: the recorder starts empty; two exchanges, so the first reply's effects have run
      await page.goto(`${server.url}/chat/${SHOWCASE}`);
      await botBubble(page, PLAIN_TEXT).waitFor();
      await sendText(page, 'text');
      await expect.poll(() => botBubble(page, PLAIN_TEXT).count()).toBe(2);
      await sendText(page, 'text');
      await expect.poll(() => botBubble(page, PLAIN_TEXT).count()).toBe(3);
      expect(await tones(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('GIF display time', () => {
  it('a GIF plays whole loops for at least 5 s (anim.gif: 3 × 2 s) and then rests on a frame, with a control to play it again', async () => {
    const { context, page } = await openSignedIn(browser, server.url, { beforePage: notificationsDenied });
    try {
      await page.goto(`${server.url}/chat/${SHOWCASE}`);
      await sendText(page, 'gif');
      const gif = page.locator('img[data-testid="media-image"][data-gif]');
      // on the real clock first: it plays, then rests (about 6 s)
      await page.locator('img[data-gif="playing"]').waitFor({ timeout: 30_000 });
      await page.locator('img[data-gif="still"]').waitFor({ timeout: 30_000 });
      await shotIfAsked(page, 'gif-still');

      // then on a paused fake clock: the replay's timer is set at the paused instant
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      await page.evaluate(() => {
        const w = window as unknown as { __delays: number[] };
        w.__delays = [];
        const fake = window.setTimeout;
        window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
          w.__delays.push(ms ?? 0);
          return fake(handler, ms, ...rest);
        }) as typeof window.setTimeout;
      });
      await page.getByRole('button', { name: en('media.gif.replay') }).click();
      await page.locator('img[data-gif="playing"]').waitFor();
      await expect.poll(() => page.evaluate(() => (window as unknown as { __delays: number[] }).__delays.includes(6000))).toBe(true);
      await expect.poll(() => page.evaluate(() => {
        const img = document.querySelector<HTMLImageElement>('img[data-gif="playing"]');
        return !!img && img.complete && img.naturalWidth > 0;
      })).toBe(true);

      // React renders through MessageChannel tasks (not faked): two hops let a state change show
      const settle = () => page.evaluate(() => new Promise<void>((done) => {
        const hop = (n: number) => { if (n === 0) { done(); return; } const c = new MessageChannel(); c.port1.onmessage = () => hop(n - 1); c.port2.postMessage(0); };
        hop(2);
      }));
      await page.clock.runFor(5999);
      await settle();
      expect(await gif.getAttribute('data-gif')).toBe('playing');
      await page.clock.runFor(1);
      await page.locator('img[data-gif="still"]').waitFor();
      expect(await gif.count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
