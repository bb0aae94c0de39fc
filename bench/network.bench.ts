// The app on a phone's network (issue 20): every request of the page, its workers, the service
// worker and the WebSocket crosses a slow link (bench/slow-link.ts: 150 ms round trip, 1.6 Mbit/s
// down, 750 kbit/s up, shared like one radio), and the page's main thread runs 4× slower
// (DevTools' CPU throttling; it does not reach the sync worker). Four flows, each with its goal:
//   1. first visit to the login route (fresh profile, no service worker): First Contentful Paint,
//      Largest Contentful Paint, and total blocking time (the long tasks' time over 50 ms, from
//      FCP until a second after the number field is ready);
//   2. a signed-in repeat visit online (service worker installed, 20 conversations stored): /home
//      opened until the chat list is painted;
//   3. opening a chat from that list: the tap until the thread's first message is painted;
//   4. a send to the Echo bot: Enter until the bot's echo is painted.
// Also the layout shifts of the first and the repeat visit (Cumulative Layout Shift, goal ≤ 0.1,
// Web Vitals' "good"), and with NETWORK_SHOTS=<folder> a filmstrip of one more first visit and
// one more repeat visit (not timed: a screenshot every 250 ms while it loads), to see that
// nothing jumps and no text is invisible while the fonts load.
// Reference, under the same link and CPU slowdown in the same run: a bare HTML page's FCP (one
// request, no script: what the link alone costs a page), and for the send a fetch of
// /version.json from the page (one round trip to the server).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { ECHO_BOT_ID } from '../server/bots/bot-types';
import { waitForServiceWorker } from '../test/e2e/helpers/service-worker';
import { freshMobile } from '../test/integration/helpers/server';
import { median, openAppSite } from './app-site';
import { fmtRatio, OTP } from './browser-harness';
import { statsOf, type Bench } from './lib';
import { openSlowLink, type LinkProfile } from './slow-link';

const LINK: LinkProfile = { rttMs: 150, downKbps: 1600, upKbps: 750 };
const CPU_SLOWDOWN = 4;
const RUNS = 5;
const GOALS = { fcpMs: 1800, lcpMs: 2500, tbtMs: 200, repeatMs: 1000, openChatMs: 500, echoMs: 500, cls: 0.1 };
const SHOTS = process.env.NETWORK_SHOTS;

// Installed before any script of a page: paints, long tasks, and the first frame painted after
// `selector` matches (window.paintedAt, ms since the navigation's start).
const PROBE = (selector: string | null) => `
  (() => {
    window.probe = { fcp: null, lcp: null, longTasks: [], cls: 0 };
    new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.probe.cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.probe.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.probe.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.probe.longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
    const selector = ${JSON.stringify(selector)};
    if (!selector) return;
    const done = () => requestAnimationFrame(() => setTimeout(() => { window.paintedAt = performance.now(); }, 0));
    const observer = new MutationObserver(() => { if (document.querySelector(selector)) { observer.disconnect(); done(); } });
    observer.observe(document, { childList: true, subtree: true });
  })();`;

interface Probe { fcp: number | null; lcp: number | null; longTasks: [number, number][]; cls: number }

/** Screenshots every 250 ms (at most 40) until `ready` holds, and one a second after. */
async function filmstrip(page: Page, dir: string, name: string, ready: () => Promise<boolean>): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  for (let i = 0; i < 40; i++) {
    const at = Date.now() - started;
    await page.screenshot({ path: join(dir, `${name}-${String(at).padStart(5, '0')}ms.png`) }).catch(() => undefined);
    if (await ready().catch(() => false)) break;
    await page.waitForTimeout(250);
  }
  await page.waitForTimeout(1000);
  await page.screenshot({ path: join(dir, `${name}-settled.png`) });
}

async function slowPage(context: BrowserContext, selector: string | null): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(PROBE(selector));
  return { page, cdp };
}

const probeOf = (page: Page) => page.evaluate(() => (window as unknown as { probe: Probe }).probe);

/** The time of the first frame painted after `check` holds, measured in the page from `start` (its performance.now()). */
function paintedAfter(page: Page, check: string): Promise<number> {
  return page.evaluate((source) => new Promise<number>((resolve) => {
    const test = new Function(`return (${source})`) as () => boolean;
    const observer = new MutationObserver(() => {
      if (!test()) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  }), check);
}

const bench: Bench = async () => {
  const site = await openAppSite('network', 'http://localhost:1', '');
  const link = await openSlowLink(site.url, LINK);
  const { browser, context } = site;
  try {
    const fresh = () => browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN', serviceWorkers: 'block' });

    // 1. first visits, and the bare page, alternating
    const fcp: number[] = [], lcp: number[] = [], tbt: number[] = [], bare: number[] = [], clsFirst: number[] = [];
    for (let i = 0; i < RUNS * 2; i++) {
      const ctx = await fresh();
      const { page } = await slowPage(ctx, null);
      if (i % 2 === 0) {
        await page.goto(`${link.url}/`, { waitUntil: 'commit' });
        await page.locator('input[type="tel"]').first().waitFor({ timeout: 60_000 });
        const ready = await page.evaluate(() => performance.now());
        await page.waitForTimeout(1000);
        const p = await probeOf(page);
        if (p.fcp === null) throw new Error('first visit: no first-contentful-paint entry');
        fcp.push(p.fcp);
        lcp.push(p.lcp ?? p.fcp);
        clsFirst.push(p.cls);
        tbt.push(p.longTasks.filter(([start]) => start >= p.fcp! && start <= ready + 1000).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0));
      } else {
        await page.goto(`${link.url}/bench-seed/bare.html`, { waitUntil: 'load' });
        await page.waitForTimeout(200);
        const p = await probeOf(page);
        if (p.fcp === null) throw new Error('bare page: no first-contentful-paint entry');
        bare.push(p.fcp);
      }
      await ctx.close();
    }

    if (SHOTS) {
      const ctx = await fresh();
      const { page } = await slowPage(ctx, null);
      await page.goto(`${link.url}/`, { waitUntil: 'commit' });
      await filmstrip(page, SHOTS, 'first-visit', () => page.locator('input[type="tel"]').first().isVisible());
      await ctx.close();
    }

    // the signed-in device (not timed): sign-in and 20 conversations through the seeding page on
    // the link's origin, the app once online (its service worker installs), Echo opened and used
    const seeder = await context.newPage();
    await seeder.goto(`${link.url}/bench-seed/index.html`);
    await seeder.waitForFunction(() => (window as Window & { seed?: unknown }).seed !== undefined, undefined, { timeout: 60_000 });
    await seeder.evaluate((o) => (window as unknown as { seed: (x: typeof o) => Promise<unknown> }).seed(o), { mobile: freshMobile(), otp: OTP, conversations: 20, perConversation: 50 });
    await seeder.close();
    const first = await context.newPage();
    await first.goto(`${link.url}/chat/${ECHO_BOT_ID}`);
    const composer = () => first.getByRole('textbox').last();
    await composer().waitFor({ timeout: 60_000 });
    await waitForServiceWorker(first);
    await composer().fill('warm up');
    await composer().press('Enter');
    await first.locator('.message-bubble--bot .message-bubble__text', { hasText: /^warm up$/ }).waitFor({ timeout: 60_000 });
    await first.close();

    // 2–4. repeat visit, open Echo, send; and a round trip from the page
    const repeat: number[] = [], openChat: number[] = [], echo: number[] = [], roundTrip: number[] = [], clsRepeat: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { page } = await slowPage(context, '.conversation-row');
      await page.goto(`${link.url}/home`, { waitUntil: 'commit' });
      await page.waitForFunction(() => (window as Window & { paintedAt?: number }).paintedAt !== undefined, undefined, { timeout: 60_000 });
      repeat.push(await page.evaluate(() => (window as Window & { paintedAt?: number }).paintedAt!));

      const row = page.locator('.conversation-row', { hasText: 'Echo' }).first();
      await row.waitFor({ timeout: 30_000 });
      clsRepeat.push((await probeOf(page)).cls);
      const opened = paintedAfter(page, `!!document.querySelector('.message-bubble')`);
      const tap = await page.evaluate(() => performance.now());
      await row.click();
      openChat.push((await opened) - tap);

      const text = `ping ${i}`;
      const input = page.getByRole('textbox').last();
      await input.waitFor();
      await input.fill(text);
      const echoed = paintedAfter(page, `[...document.querySelectorAll('.message-bubble--bot .message-bubble__text')].some((e) => e.textContent === ${JSON.stringify(text)})`);
      const sent = await page.evaluate(() => performance.now());
      await input.press('Enter');
      echo.push((await echoed) - sent);

      roundTrip.push(await page.evaluate(async () => {
        const t0 = performance.now();
        await (await fetch('/version.json', { cache: 'no-store' })).text();
        return performance.now() - t0;
      }));
      await page.close();
    }

    if (SHOTS) {
      const { page } = await slowPage(context, '.conversation-row');
      await page.goto(`${link.url}/home`, { waitUntil: 'commit' });
      await filmstrip(page, SHOTS, 'repeat-visit', () => page.evaluate(() => (window as Window & { paintedAt?: number }).paintedAt !== undefined));
      await page.close();
    }

    const stats = (xs: number[]) => statsOf(xs, 1, xs.reduce((a, b) => a + b, 0));
    const bareMedian = median(bare);
    const line = (name: string, xs: number[], goal: number, ref = bareMedian) =>
      `${name}: median ${median(xs).toFixed(0)} ms (runs ${xs.map((x) => x.toFixed(0)).join(', ')}), ${fmtRatio(median(xs) / ref)} the reference; goal ≤ ${goal} ms: ${median(xs) <= goal ? 'met' : 'NOT met'}`;
    const clsLine = (name: string, xs: number[]) =>
      `${name}: median ${median(xs).toFixed(3)} (runs ${xs.map((x) => x.toFixed(3)).join(', ')}); goal ≤ ${GOALS.cls}: ${median(xs) <= GOALS.cls ? 'met' : 'NOT met'}`;
    return {
      subject: 'the built app over a slow link (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, one shared link; page CPU 4× slower): first visit, signed-in repeat visit, opening a chat, a send echoed',
      reference: 'a bare HTML page (no script) over the same link and CPU: its First Contentful Paint; for the send, also one fetch of /version.json from the page',
      notes: [
        `Chromium ${browser.version()} headless, 390×844; the app built with vite.config.ts (production, service worker, precompressed files) served by the reference server behind bench/slow-link.ts at ${link.url}`,
        `${RUNS} runs of each; first visits in fresh profiles (no cache, service workers blocked), alternating with the bare page; the repeat visits in one signed-in profile (service worker and HTTP cache warm, 20 conversations of 50 messages stored)`,
        'CPU throttling is DevTools\' (Emulation.setCPUThrottlingRate) on the page only: the sync worker and the service worker run at full speed',
        line('first visit, First Contentful Paint', fcp, GOALS.fcpMs),
        line('first visit, Largest Contentful Paint', lcp, GOALS.lcpMs),
        `first visit, total blocking time: median ${median(tbt).toFixed(0)} ms (runs ${tbt.map((x) => x.toFixed(0)).join(', ')}); goal ≤ ${GOALS.tbtMs} ms: ${median(tbt) <= GOALS.tbtMs ? 'met' : 'NOT met'}`,
        clsLine('first visit, Cumulative Layout Shift', clsFirst),
        line('repeat visit, chat list painted', repeat, GOALS.repeatMs),
        clsLine('repeat visit, Cumulative Layout Shift until the chat list is there', clsRepeat),
        line('open a chat, first message painted', openChat, GOALS.openChatMs),
        line('send to Echo, echo painted', echo, GOALS.echoMs),
        ...(SHOTS ? [`filmstrips of one more first visit and repeat visit (not timed) in ${SHOTS}`] : []),
        `one fetch of /version.json from the page: median ${median(roundTrip).toFixed(0)} ms; the echo is ${fmtRatio(median(echo) / median(roundTrip))} of it`,
      ],
      cases: [
        {
          name: 'first visit to the login route',
          reference: { label: 'bare page FCP', unit: 'visit', stats: stats(bare) },
          measured: [
            { label: 'FCP', unit: 'visit', stats: stats(fcp) },
            { label: 'LCP', unit: 'visit', stats: stats(lcp) },
          ],
        },
        {
          name: 'signed in, online',
          reference: { label: 'bare page FCP', unit: 'visit', stats: stats(bare) },
          measured: [
            { label: 'repeat visit: chat list painted', unit: 'visit', stats: stats(repeat) },
            { label: 'open a chat: first message painted', unit: 'open', stats: stats(openChat) },
            { label: 'send: echo painted', unit: 'send', stats: stats(echo) },
          ],
        },
        {
          name: 'a send against one round trip',
          reference: { label: 'fetch /version.json', unit: 'request', stats: stats(roundTrip) },
          measured: [{ label: 'send: echo painted', unit: 'send', stats: stats(echo) }],
        },
      ],
    };
  } finally {
    await link.close();
    await site.close();
  }
};

export default bench;
