// Opening a long feed (issue 13): the built app (service worker and all) opening /home on its
// Post tab in a fresh tab with no network, on a device that stores 1,000 feed posts (polls,
// quizzes, announcements), timed from the navigation's start to the first painted frame that
// shows a post; the DOM nodes inside the feed's list; then flung to the end (every animation
// frame moves the list FLING_PX further down, a fast fling held to the end, so every stretch of
// the list is rendered on the way) until the 1,000th post is on screen: the time, the longest task meanwhile (PerformanceObserver
// 'longtask'; goal < 50 ms) and the most DOM nodes in the list.
//
// References, in the same browser in the same run on another origin (no service worker): a bare
// page painting 15 cards (for the open), and a bare page holding all 1,000 cards flung to the
// end the same way (for the fling: the floor of "show the last of 1,000 cards" with no database,
// framework or virtualiser, and the DOM a list without virtualisation would keep).
//
// Set-up (not timed): as bench/thread-open.bench.ts, through bench/cold-start/ (sign-in and
// onboarding through the engine, then the 1,000 posts written into the `feed` collection as the
// feed sync leaves them, the visit marked so no refresh is due, the Post tab chosen).
import { availableParallelism, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { median, openAppSite } from './app-site';
import { fmtRatio } from './browser-harness';
import { statsOf, type Bench } from './lib';
import { timedOpen } from './thread-open.bench';

const POSTS = 1000;
const OPEN_RUNS = 5;
const FLING_RUNS = 2;
const WARM_UP = 1;
const LONG_TASK_GOAL_MS = 50;
const REFERENCE_ORIGIN = 'http://localhost:2';
const POST_SELECTOR = '[data-testid="feed-post"]';
/** How far one frame of the fling moves the list (px): about 2.5 screens. */
const FLING_PX = 2000;

const CARD = (i: number) => `<article class="card"><b>Quiz Champ</b><h3>${i + 1}. namaste kal milte hain order ready</h3><p>delivery today price offer thanks</p><ul><li>yes</li><li>no</li><li>maybe later</li></ul></article>`;
const REFERENCE = `<!doctype html><html><head><meta charset="utf-8"><title>reference</title>
<style>#list{height:100vh;overflow-y:auto}.card{padding:12px;margin:8px;border-radius:12px;border:1px solid #ddd}</style></head>
<body><div id="list"></div><script>
  const n = Number(new URLSearchParams(location.search).get('n') || 15);
  document.getElementById('list').innerHTML = Array.from({ length: n }, (_, i) => ${JSON.stringify(CARD(0))}.replace('1.', (i + 1) + '.')).join('');
</script></body></html>`;

interface FlingResult { ms: number; steps: number; maxNodes: number; longestTaskMs: number; longTasks: number; blockingMs: number }

/** scrollTop += step on every frame until the last card is on screen. */
function fling(page: Page, scrollerSelector: string, lastSelector: string): Promise<FlingResult> {
  return page.evaluate(async ({ scrollerSelector, lastSelector, step }) => {
    const w = window as Window & { longTasks?: { start: number; duration: number }[] };
    const scroller = document.querySelector<HTMLElement>(scrollerSelector);
    if (!scroller) throw new Error(`no ${scrollerSelector}`);
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
    const atLast = () => {
      const last = scroller.querySelector(lastSelector);
      if (!last) return false;
      const box = last.getBoundingClientRect();
      const view = scroller.getBoundingClientRect();
      return box.top < view.bottom && box.bottom > view.top;
    };
    const start = performance.now();
    let steps = 0;
    let maxNodes = 0;
    while (!atLast()) {
      if (performance.now() - start > 120_000) throw new Error(`the last post was not reached in 120 s (${steps} steps)`);
      scroller.scrollTop += step;
      await frame();
      steps += 1;
      maxNodes = Math.max(maxNodes, scroller.querySelectorAll('*').length);
    }
    const end = performance.now();
    await new Promise((r) => setTimeout(r, 0));
    await frame();
    const tasks = (w.longTasks ?? []).filter((t) => t.start >= start && t.start <= end);
    return {
      ms: end - start, steps, maxNodes,
      longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)), longTasks: tasks.length,
      blockingMs: tasks.reduce((a, t) => a + Math.max(0, t.duration - 50), 0),
    };
  }, { scrollerSelector, lastSelector, step: FLING_PX });
}

/** The app's `boot:*` performance marks of a page, ms since its navigation's start. */
const bootMarksOf = (page: Page) => page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark')
  .filter((m) => m.name.startsWith('boot:')).map((m) => [m.name.slice(5), m.startTime])));

/** Each mark's median over the runs, in the order they came: 'main 31, db-open 40, …'. */
function medianMarks(runs: Array<Record<string, number>>): string {
  const names = Object.keys(runs[0] ?? {}).sort((a, b) => median(runs.map((r) => r[a] ?? NaN)) - median(runs.map((r) => r[b] ?? NaN)));
  return names.map((n) => `${n} ${median(runs.flatMap((r) => (n in r ? [r[n]!] : []))).toFixed(0)}`).join(', ');
}

const listNodes = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el.querySelectorAll('*').length);

const bench: Bench = async () => {
  const { url, browser, context, seed, installServiceWorker, close } = await openAppSite('feed-open', REFERENCE_ORIGIN, REFERENCE);
  try {
    const seeded = await seed({ conversations: 0, perConversation: 0, feedPosts: POSTS });
    if (seeded.stored !== POSTS) throw new Error(`seeded ${seeded.stored} posts, not ${POSTS}`);
    await installServiceWorker('/home', POST_SELECTOR);
    await context.setOffline(true);

    const appOpen: number[] = [];
    const refOpen: number[] = [];
    const openNodes: number[] = [];
    const openLongest: number[] = [];
    const bootMarks: Array<Record<string, number>> = [];
    for (let i = 0; i < WARM_UP + OPEN_RUNS; i++) {
      const { ms, page, longestOpenTaskMs } = await timedOpen(context, `${url}/home`, POST_SELECTOR);
      if (!(await page.evaluate(() => navigator.onLine === false))) throw new Error('the app ran online: the offline emulation did not hold');
      if (i >= WARM_UP) { appOpen.push(ms); openNodes.push(await listNodes(page, '.feed__scroller')); openLongest.push(longestOpenTaskMs); bootMarks.push(await bootMarksOf(page)); }
      await page.close();
      const ref = await timedOpen(context, `${REFERENCE_ORIGIN}/reference.html?n=15`, '#list .card');
      if (i >= WARM_UP) refOpen.push(ref.ms);
      await ref.page.close();
    }

    const appFling: FlingResult[] = [];
    const refFling: FlingResult[] = [];
    for (let i = 0; i < FLING_RUNS; i++) {
      const { page } = await timedOpen(context, `${url}/home`, POST_SELECTOR);
      appFling.push(await fling(page, '.feed__scroller', `[data-index="${POSTS - 1}"] ${POST_SELECTOR}`));
      await page.close();
      const ref = await timedOpen(context, `${REFERENCE_ORIGIN}/reference.html?n=${POSTS}`, '#list .card');
      refFling.push(await fling(ref.page, '#list', '.card:last-child'));
      await ref.page.close();
    }

    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const stats = (xs: number[]) => statsOf(xs, 1, sum(xs));
    const appMedian = median(appOpen);
    const refMedian = median(refOpen);
    const longest = Math.max(...appFling.map((f) => f.longestTaskMs));
    const line = (f: FlingResult) => `${(f.ms / 1000).toFixed(2)} s, ${f.steps} frames, list nodes ≤ ${f.maxNodes}, longest task ${f.longestTaskMs.toFixed(0)} ms, ${f.longTasks} long tasks, blocking ${f.blockingMs.toFixed(0)} ms`;
    return {
      subject: `a feed of ${POSTS.toLocaleString('en')} stored posts opened offline on /home's Post tab until the first painted frame showing a post, then flung to the last post`,
      reference: `bare pages on another origin: 15 cards painted (open); 1,000 cards all in the DOM flung to the end the same way, ${FLING_PX} px a frame (fling)`,
      notes: [
        `Chromium ${browser.version()} headless, 390×844; the app built with vite.config.ts (service worker, production mode), served by the reference server at ${url}, run offline`,
        `seeded (not a figure): sign-in and onboarding through the engine, then ${POSTS.toLocaleString('en')} feed posts into the feed collection in ${(seeded.ms / 1000).toFixed(1)} s`,
        `open: median app ${appMedian.toFixed(0)} ms, reference ${refMedian.toFixed(0)} ms, ratio ${fmtRatio(appMedian / refMedian)} (${OPEN_RUNS} runs each after ${WARM_UP} warm-up); longest task before the first paint, median ${median(openLongest).toFixed(0)} ms`,
        `open, the app's boot marks (src/db/boot-gate.ts), median ms since the navigation's start: ${medianMarks(bootMarks)}`,
        `DOM nodes inside the feed list at open: ${Math.min(...openNodes)}–${Math.max(...openNodes)}; while flinging ≤ ${Math.max(...appFling.map((f) => f.maxNodes))} (the reference keeps ${Math.max(...refFling.map((f) => f.maxNodes))}: every card in the DOM)`,
        ...appFling.map((f, i) => `fling to the last post, app run ${i + 1}: ${line(f)}`),
        ...refFling.map((f, i) => `fling reference run ${i + 1}: ${line(f)}`),
        `longest task while flinging: ${longest.toFixed(0)} ms; goal < ${LONG_TASK_GOAL_MS} ms: ${longest < LONG_TASK_GOAL_MS ? 'met' : 'NOT met'}`,
        `machine load average when the flings ended: ${loadavg().map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 min) on ${availableParallelism()} cores`,
      ],
      cases: [
        {
          name: `open offline, ${OPEN_RUNS} runs each`,
          reference: { label: 'bare page: 15 cards painted', unit: 'open', stats: stats(refOpen) },
          measured: [{ label: 'app /home Post tab: first post painted', unit: 'open', stats: stats(appOpen) }],
        },
        {
          name: `fling to the last of ${POSTS.toLocaleString('en')}, ${FLING_RUNS} runs each`,
          reference: { label: 'bare page: 1,000 cards in the DOM', unit: 'fling', stats: stats(refFling.map((f) => f.ms)) },
          measured: [{ label: 'app: until the last post is shown', unit: 'fling', stats: stats(appFling.map((f) => f.ms)) }],
        },
      ],
    };
  } finally {
    await close();
  }
};

export default bench;
