// Cold start with no network (issue 6): the built app (with its service worker) opening /home on
// a device that stores 200 conversations and 100,000 messages, timed from the navigation's start
// to the first painted frame that shows the chat list. The reference, measured in the same
// browser in the same run: a bare page that opens an IndexedDB database, reads 20 rows and
// paints them (the floor of "a page that shows stored rows").
//
// Set-up (not timed): the app is built with the project's own Vite config (service worker and
// all) into a temporary directory, with a seeding page next to it (bench/cold-start/) on the
// same origin; the seeding page signs a user in against the reference server and stores the
// data with the engine's own write path. The app is then opened once online so its service
// worker installs, and the browser context goes offline (Chromium's emulation, which covers the
// service worker too). Each timed run is a fresh tab opening /home.
import type { BrowserContext, Page } from 'playwright-core';
import { median, openAppSite } from './app-site';
import { fmtRatio } from './browser-harness';
import { statsOf, type Bench } from './lib';

const CONVERSATIONS = 200;
const PER_CONVERSATION = 500;
const RUNS = 10;
const WARM_UP = 2;
const GOAL_MS = 500;
/** A different origin from the app's (127.0.0.1): the service worker never sees it. */
const REFERENCE_ORIGIN = 'http://localhost:1';
const REFERENCE_URL = `${REFERENCE_ORIGIN}/reference.html`;

// Installed before any script of the page: the time of the first frame painted after `selector`
// matched, in ms since the navigation started (performance.now()). rAF runs just before a frame
// is painted; a task queued from it runs after that frame.
const PAINT_PROBE = (selector: string) => `
  (() => {
    const done = () => requestAnimationFrame(() => setTimeout(() => { window.paintedAt = performance.now(); }, 0));
    const check = () => {
      if (document.querySelector(${JSON.stringify(selector)})) { observer.disconnect(); done(); }
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true });
  })();`;

const REFERENCE_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>reference</title></head><body><ul id="rows"></ul><script>
  const open = () => new Promise((resolve, reject) => {
    const req = indexedDB.open('reference', 1);
    req.onupgradeneeded = () => req.result.createObjectStore('rows', { keyPath: 'id' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  (async () => {
    const db = await open();
    if (location.hash === '#seed') {
      const tx = db.transaction('rows', 'readwrite');
      for (let i = 0; i < 20; i++) tx.objectStore('rows').put({ id: 'row-' + String(i).padStart(2, '0'), name: 'Shop ' + i, text: 'namaste kal milte hain order ready delivery today', time: Date.now() });
      await new Promise((r) => { tx.oncomplete = r; });
      window.seeded = true;
      return;
    }
    const rows = await new Promise((resolve) => {
      const req = db.transaction('rows').objectStore('rows').getAll(null, 20);
      req.onsuccess = () => resolve(req.result);
    });
    const ul = document.getElementById('rows');
    for (const r of rows) { const li = document.createElement('li'); li.className = 'row'; li.textContent = r.name + ': ' + r.text; ul.append(li); }
  })();
</script></body></html>`;

async function timedOpen(context: BrowserContext, url: string, selector: string): Promise<{ ms: number; page: Page }> {
  const page = await context.newPage();
  await page.addInitScript(PAINT_PROBE(selector));
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as Window & { paintedAt?: number }).paintedAt !== undefined, undefined, { timeout: 30_000 });
  const ms = await page.evaluate(() => (window as Window & { paintedAt?: number }).paintedAt!);
  return { ms, page };
}

const bench: Bench = async () => {
  const { url, browser, context, seed, installServiceWorker, close } = await openAppSite('cold-start', REFERENCE_ORIGIN, REFERENCE_PAGE);
  try {
    // seed (not timed as a figure): the app's data, then the reference's 20 rows
    const seeded = await seed({ conversations: CONVERSATIONS, perConversation: PER_CONVERSATION });
    const seeder = await context.newPage();
    await seeder.goto(`${REFERENCE_URL}#seed`);
    await seeder.waitForFunction(() => (window as Window & { seeded?: boolean }).seeded === true);
    await seeder.close();

    // the app once online: its service worker installs and takes control
    await installServiceWorker('/home', '.conversation-row');

    await context.setOffline(true);
    const appMs: number[] = [];
    const refMs: number[] = [];
    let rows = 0;
    const marks = new Map<string, number[]>();
    for (let i = 0; i < WARM_UP + RUNS; i++) {
      // alternate which goes first, so neither always runs right after the other's work
      const order = i % 2 === 0 ? ['app', 'ref'] : ['ref', 'app'];
      for (const which of order) {
        if (which === 'app') {
          const { ms, page } = await timedOpen(context, `${url}/home`, '.conversation-row');
          // the first frame reads only the first screenful (chat-list-panel.tsx): the rest must follow;
          // the list is virtualised, so each rendered row says how many the list holds (aria-setsize)
          await page.waitForFunction((n) => Number(document.querySelector('.home-list__items--rows > li')?.getAttribute('aria-setsize')) >= n, CONVERSATIONS, { timeout: 10_000 });
          rows = await page.locator('.conversation-row').count();
          // the app's boot:* marks (bench/cold-start-profile.ts reads the same): where the time went
          if (i >= WARM_UP) {
            for (const [name, at] of await page.evaluate(() => performance.getEntriesByType('mark').map((m) => [m.name, m.startTime] as [string, number]))) {
              marks.set(name, [...(marks.get(name) ?? []), at]);
            }
          }
          const offlineShown = await page.evaluate(() => navigator.onLine === false);
          if (!offlineShown) throw new Error('the app ran online: the offline emulation did not hold');
          if (i >= WARM_UP) appMs.push(ms);
          await page.close();
        } else {
          const { ms, page } = await timedOpen(context, REFERENCE_URL, '#rows li');
          if ((await page.locator('#rows li').count()) !== 20) throw new Error('the reference page did not show its 20 rows');
          if (i >= WARM_UP) refMs.push(ms);
          await page.close();
        }
      }
    }
    const app = statsOf(appMs, 1, appMs.reduce((a, b) => a + b, 0));
    const ref = statsOf(refMs, 1, refMs.reduce((a, b) => a + b, 0));
    const appMedian = median(appMs);
    const refMedian = median(refMs);
    return {
      subject: `cold start offline: a new tab opening /home until the first painted frame showing the chat list (${CONVERSATIONS} conversations, ${(CONVERSATIONS * PER_CONVERSATION).toLocaleString('en')} messages stored), from the navigation's start`,
      reference: 'a bare page (another origin, served from memory) that opens IndexedDB, reads 20 rows and paints them, timed the same way',
      notes: [
        `Chromium ${browser.version()} headless, 390×844; the app built with vite.config.ts (service worker, production mode) and served by the reference server at ${url}`,
        `seeded (not a figure): sign-in and onboarding through the engine, then ${seeded.stored.toLocaleString('en')} messages by storeServerMessages in ${(seeded.ms / 1000).toFixed(1)} s`,
        `offline: context.setOffline(true) (the page, its workers and the service worker); the app's list holds all ${CONVERSATIONS} conversations and renders ${rows} rows (virtualised)`,
        `${RUNS} timed runs each after ${WARM_UP} warm-up runs, the app and the reference alternating which goes first; each run is a fresh tab`,
        `app boot marks, medians in ms since the navigation's start: ${[...marks].map(([n, ts]) => [n, median(ts)] as const).sort((a, b) => a[1] - b[1]).map(([n, t]) => `${n.replace('boot:', '')} ${t.toFixed(0)}`).join(', ')}`,
        `median: app ${appMedian.toFixed(0)} ms, reference ${refMedian.toFixed(0)} ms, ratio ${fmtRatio(appMedian / refMedian)}; goal < ${GOAL_MS} ms: ${appMedian < GOAL_MS ? 'met' : 'NOT met'}`,
      ],
      cases: [{
        name: `${RUNS} cold starts each`,
        reference: { label: 'bare page: IndexedDB, 20 rows, paint', unit: 'start', stats: ref },
        measured: [{ label: 'app /home offline: chat list painted', unit: 'start', stats: app }],
      }],
    };
  } finally {
    await close();
  }
};

export default bench;
