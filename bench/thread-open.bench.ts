// Opening a long thread (issue 4): the built app (service worker and all) opening /chat/{bot} in a
// fresh tab with no network, on a device that stores 10,000 messages of that bot, timed from the
// navigation's start to the first painted frame that shows a message; the DOM nodes inside the
// thread's list; then scrolling to the top through the whole stored history (every animation
// frame sets the list's scrollTop to 0, as a user flinging up again and again): the time until
// the first message is on screen and the longest task meanwhile (PerformanceObserver 'longtask').
//
// References, measured in the same browser in the same run on another origin (no service worker):
// a bare page painting 50 divs (for the open), and a bare page that prepends 10,000 divs, 50 per
// animation frame, keeping scrollTop at 0 (for the scroll: the floor of "bring 10,000 rows into
// view 50 at a time" without a database or a framework).
//
// Set-up (not timed): as bench/cold-start.bench.ts: the app built with vite.config.ts, the seeding
// page bench/cold-start/ on the same origin (sign-in and onboarding through the engine, messages
// stored by storeServerMessages, here 1 conversation × 10,000 with its history complete and
// nothing unread), the app opened once online so its service worker controls it, then offline.
import { availableParallelism, loadavg } from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';
import { median, openAppSite } from './app-site';
import { fmtRatio } from './browser-harness';
import { statsOf, type Bench } from './lib';

const MESSAGES = 10_000;
/** The seeding page names its first conversation's bot so (bench/cold-start/seed.ts). */
const BOT = '9000000000000000';
/** The text of that conversation's oldest message (messagesOf(0, …)[0] in bench/cold-start/seed.ts). */
const FIRST_TEXT = 'namaste hain delivery offer';
// diagnostics only (A/B of a change to the open): more opens, no scrolls
const OPEN_RUNS = Number(process.env.THREAD_OPEN_RUNS ?? 6);
const SCROLL_RUNS = Number(process.env.THREAD_OPEN_SCROLLS ?? 2);
const WARM_UP = 1;
const NODE_GOAL = 300;
const LONG_TASK_GOAL_MS = 50;
const REFERENCE_ORIGIN = 'http://localhost:1';

// Installed before any script of the page: every long task, and the time of the first frame
// painted after `selector` matched (rAF runs just before a frame is painted; a task queued from
// it runs after that frame), in ms since the navigation started.
// tsx compiles this file keeping function names (esbuild keepNames), so a function passed to
// page.evaluate that names inner functions calls a helper __name the page lacks: an identity here.
export const PROBES = (selector: string) => `
  (() => {
    window.__name = (f) => f;
    window.longTasks = [];
    try {
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push({ start: e.startTime, duration: e.duration }); })
        .observe({ type: 'longtask', buffered: true });
    } catch {}
    const done = () => requestAnimationFrame(() => setTimeout(() => { window.paintedAt = performance.now(); }, 0));
    const check = () => {
      if (document.querySelector(${JSON.stringify(selector)})) { observer.disconnect(); done(); }
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true });
  })();`;

const REFERENCE_OPEN = `<!doctype html><html><head><meta charset="utf-8"><title>reference</title>
<style>#list{height:100vh;overflow-y:auto}.row{padding:8px 12px;margin:4px 0;border-radius:8px;background:#eef}</style></head>
<body><div id="list"></div><script>
  const list = document.getElementById('list');
  for (let i = 0; i < 50; i++) { const d = document.createElement('div'); d.className = 'row'; d.textContent = 'Message ' + i + ': namaste kal milte hain order ready'; list.append(d); }
  list.scrollTop = list.scrollHeight;
</script></body></html>`;

interface ScrollResult { ms: number; steps: number; maxNodes: number; rows: number; longestTaskMs: number; longTasks: number; blockingMs: number; byQuarter?: number[] }

export async function timedOpen(context: BrowserContext, url: string, selector: string): Promise<{ ms: number; page: Page; longestOpenTaskMs: number }> {
  const page = await context.newPage();
  await page.addInitScript(PROBES(selector));
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as Window & { paintedAt?: number }).paintedAt !== undefined, undefined, { timeout: 60_000 });
  const { ms, longest } = await page.evaluate(() => {
    const w = window as Window & { paintedAt?: number; longTasks?: { start: number; duration: number }[] };
    const at = w.paintedAt!;
    return { ms: at, longest: Math.max(0, ...(w.longTasks ?? []).filter((t) => t.start <= at).map((t) => t.duration)) };
  });
  return { ms, page, longestOpenTaskMs: longest };
}

/** In the app's thread: scrollTop = 0 on every frame until the oldest message is on screen. */
function scrollAppToTop(page: Page): Promise<ScrollResult> {
  return page.evaluate(async ({ firstText, total }) => {
    const w = window as Window & { longTasks?: { start: number; duration: number }[] };
    const scroller = document.querySelector<HTMLElement>('.thread__scroller');
    if (!scroller) throw new Error('no thread list');
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
    // every stored message in the window, and the oldest one's bubble among the first rows
    const probe = scroller.querySelector<HTMLElement>('.thread__probe');
    const atFirst = () => {
      if (Number(probe?.dataset.rows ?? 0) < total) return false;
      const rows = [...scroller.querySelectorAll<HTMLElement>('.thread__row')].filter((r) => Number(r.dataset.index) <= 2);
      return rows.some((r) => [...r.querySelectorAll('.message-bubble__text')].some((t) => t.textContent === firstText));
    };
    const start = performance.now();
    let steps = 0;
    let maxNodes = 0;
    // when the window first held a quarter, half, three quarters of the history
    const crossed: number[] = [];
    while (!atFirst()) {
      if (performance.now() - start > 300_000) throw new Error(`the first message was not reached in 300 s (${steps} steps)`);
      scroller.scrollTop = 0;
      await frame();
      steps += 1;
      maxNodes = Math.max(maxNodes, scroller.querySelectorAll('*').length);
      const shown = Number(probe?.dataset.rows ?? 0);
      while (crossed.length < 3 && shown >= (total * (crossed.length + 1)) / 4) crossed.push(performance.now());
    }
    const end = performance.now();
    // a long task is reported after it ends: let the observer catch up
    await new Promise((r) => setTimeout(r, 0));
    await frame();
    const tasks = (w.longTasks ?? []).filter((t) => t.start >= start && t.start <= end);
    return {
      ms: end - start,
      steps,
      maxNodes,
      rows: Number(scroller.querySelector<HTMLElement>('.thread__probe')?.dataset.rows ?? 0),
      longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
      longTasks: tasks.length,
      blockingMs: tasks.reduce((a, t) => a + Math.max(0, t.duration - 50), 0),
      byQuarter: [start, ...crossed, end].slice(0, -1).map((from, i, all) => {
        const to = all[i + 1] ?? end;
        return Math.max(0, ...tasks.filter((t) => t.start >= from && t.start < to).map((t) => t.duration));
      }),
    };
  }, { firstText: FIRST_TEXT, total: MESSAGES });
}

/** The reference: 10,000 plain divs prepended 50 per frame, scrollTop kept at 0. */
function scrollReferenceToTop(page: Page, total: number): Promise<ScrollResult> {
  return page.evaluate(async (n) => {
    const w = window as Window & { longTasks?: { start: number; duration: number }[] };
    const list = document.getElementById('list')!;
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
    const start = performance.now();
    let made = 50;
    let steps = 0;
    let maxNodes = 0;
    while (made < n) {
      const chunk = document.createDocumentFragment();
      for (let i = 0; i < 50 && made < n; i++, made++) {
        const d = document.createElement('div');
        d.className = 'row';
        d.textContent = `Message ${n - made}: namaste kal milte hain order ready`;
        chunk.append(d);
      }
      list.prepend(chunk);
      list.scrollTop = 0;
      await frame();
      steps += 1;
      maxNodes = Math.max(maxNodes, list.querySelectorAll('*').length);
    }
    const end = performance.now();
    await new Promise((r) => setTimeout(r, 0));
    await frame();
    const tasks = (w.longTasks ?? []).filter((t) => t.start >= start && t.start <= end);
    return {
      ms: end - start, steps, maxNodes, rows: list.children.length,
      longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)), longTasks: tasks.length,
      blockingMs: tasks.reduce((a, t) => a + Math.max(0, t.duration - 50), 0),
    };
  }, total);
}

interface TracedTasks { longestWallMs: number; longestCpuMs: number; over50Wall: number; over50Cpu: number; tasks: number }

/**
 * `run` under a Chromium trace: the page's main-thread tasks (RunTask) by wall time (what the
 * longtask observer reports) and by the main thread's own CPU time (the trace's tdur). On a
 * loaded machine a task's wall time also counts the time its thread waited for a core.
 */
async function tracedTasks<T>(page: Page, run: () => Promise<T>): Promise<TracedTasks> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReturnAsStream' });
  await run();
  const complete = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (e) => resolve(e.stream ?? '')));
  await cdp.send('Tracing.end');
  const stream = await complete;
  const chunks: string[] = [];
  for (;;) {
    const r = await cdp.send('IO.read', { handle: stream });
    chunks.push(r.data);
    if (r.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  await cdp.detach();
  interface TraceEvent { name: string; ph: string; pid: number; tid: number; dur?: number; tdur?: number; args?: { name?: string } }
  const parsed = JSON.parse(chunks.join('')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'RunTask' || !mains.has(key)) continue;
    byThread.set(key, [...(byThread.get(key) ?? []), e]);
  }
  // the traced page's main thread: the renderer main thread that ran the most tasks
  const tasks = [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  const wall = tasks.map((t) => (t.dur ?? 0) / 1000);
  const cpu = tasks.map((t) => (t.tdur ?? 0) / 1000);
  return {
    longestWallMs: Math.max(0, ...wall),
    longestCpuMs: Math.max(0, ...cpu),
    over50Wall: wall.filter((x) => x > 50).length,
    over50Cpu: cpu.filter((x) => x > 50).length,
    tasks: tasks.length,
  };
}

/** The app's `boot:*` marks (src/db/boot-gate.ts) and the thread screen's chunk fetched, in ms since the navigation's start. */
function bootMarks(page: Page): Promise<Array<[string, number]>> {
  return page.evaluate(() => {
    const out: Array<[string, number]> = [];
    for (const m of performance.getEntriesByType('mark')) if (m.name.startsWith('boot:')) out.push([m.name.slice(5), m.startTime]);
    for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      if (/\/assets\/chat-screen-[^/]*\.js$/.test(r.name)) out.push(['thread chunk fetched', r.responseEnd]);
    }
    const w = window as Window & { paintedAt?: number };
    if (w.paintedAt !== undefined) out.push(['PAINTED', w.paintedAt]);
    return out;
  });
}

const threadNodes = (page: Page) => page.locator('.thread__scroller').evaluate((el) => el.querySelectorAll('*').length);

const bench: Bench = async () => {
  const { url, browser, context, seed, installServiceWorker, close } = await openAppSite('thread-open', REFERENCE_ORIGIN, REFERENCE_OPEN);
  try {
    // seed (not a figure)
    const seeded = await seed({ conversations: 1, perConversation: MESSAGES, conversation: { history_complete: true, unread_count: 0 } });
    if (seeded.stored !== MESSAGES) throw new Error(`seeded ${seeded.stored} messages, not ${MESSAGES}`);

    // the app once online: its service worker installs and takes control
    await installServiceWorker(`/chat/${BOT}`, '.thread__item');
    await context.setOffline(true);

    const appOpen: number[] = [];
    const refOpen: number[] = [];
    const openNodes: number[] = [];
    const openLongest: number[] = [];
    const marks = new Map<string, number[]>();
    for (let i = 0; i < WARM_UP + OPEN_RUNS; i++) {
      const order = i % 2 === 0 ? ['app', 'ref'] : ['ref', 'app'];
      for (const which of order) {
        if (which === 'app') {
          const { ms, page, longestOpenTaskMs } = await timedOpen(context, `${url}/chat/${BOT}`, '.thread__item');
          if (!(await page.evaluate(() => navigator.onLine === false))) throw new Error('the app ran online: the offline emulation did not hold');
          // the list settles on the newest message (measured rows re-render once)
          await page.waitForFunction(() => document.querySelector('.thread__probe')?.getAttribute('data-rows') !== null);
          if (i >= WARM_UP) {
            appOpen.push(ms);
            openNodes.push(await threadNodes(page));
            openLongest.push(longestOpenTaskMs);
            for (const [name, at] of await bootMarks(page)) marks.set(name, [...(marks.get(name) ?? []), at]);
          }
          await page.close();
        } else {
          const { ms, page } = await timedOpen(context, `${REFERENCE_ORIGIN}/reference.html`, '#list .row');
          if ((await page.locator('#list .row').count()) !== 50) throw new Error('the reference page did not show its 50 rows');
          if (i >= WARM_UP) refOpen.push(ms);
          await page.close();
        }
      }
    }

    const appScroll: ScrollResult[] = [];
    const refScroll: ScrollResult[] = [];
    for (let i = 0; i < SCROLL_RUNS; i++) {
      const { page } = await timedOpen(context, `${url}/chat/${BOT}`, '.thread__item');
      await page.locator('.thread__probe').waitFor({ state: 'attached' });
      appScroll.push(await scrollAppToTop(page));
      await page.close();
      const ref = await timedOpen(context, `${REFERENCE_ORIGIN}/reference.html`, '#list .row');
      refScroll.push(await scrollReferenceToTop(ref.page, MESSAGES));
      await ref.page.close();
    }

    // one more scroll of each under a trace (not in the figures above: tracing slows the page)
    const scrolled = SCROLL_RUNS > 0;
    const tracedApp = !scrolled ? null : await (async () => {
      const { page } = await timedOpen(context, `${url}/chat/${BOT}`, '.thread__item');
      await page.locator('.thread__probe').waitFor({ state: 'attached' });
      const t = await tracedTasks(page, () => scrollAppToTop(page));
      await page.close();
      return t;
    })();
    const tracedRef = !scrolled ? null : await (async () => {
      const { page } = await timedOpen(context, `${REFERENCE_ORIGIN}/reference.html`, '#list .row');
      const t = await tracedTasks(page, () => scrollReferenceToTop(page, MESSAGES));
      await page.close();
      return t;
    })();
    const tracedLine = (t: TracedTasks | null) => !t ? 'not run' :
      `${t.tasks} main-thread tasks; longest ${t.longestWallMs.toFixed(0)} ms wall, ${t.longestCpuMs.toFixed(1)} ms of the main thread's CPU time; over 50 ms: ${t.over50Wall} by wall time, ${t.over50Cpu} by CPU time`;

    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const stats = (xs: number[]) => statsOf(xs, 1, sum(xs));
    const appMedian = median(appOpen);
    const refMedian = median(refOpen);
    const maxOpenNodes = Math.max(...openNodes);
    const maxScrollNodes = Math.max(0, ...appScroll.map((s) => s.maxNodes));
    const longest = Math.max(0, ...appScroll.map((s) => s.longestTaskMs));
    const scrollLine = (s: ScrollResult) =>
      `${(s.ms / 1000).toFixed(1)} s, ${s.steps} frames, ${s.rows} rows at the end, list nodes ≤ ${s.maxNodes}, longest task ${s.longestTaskMs.toFixed(0)} ms, ${s.longTasks} long tasks, blocking ${s.blockingMs.toFixed(0)} ms${s.byQuarter ? `; longest task by quarter of the history in the window: ${s.byQuarter.map((q) => q.toFixed(0)).join(' / ')} ms` : ''}`;
    return {
      subject: `a thread of ${MESSAGES.toLocaleString('en')} stored messages opened offline in a new tab (/chat/{bot}) until the first painted frame showing a message, then scrolled to its first message`,
      reference: 'bare pages on another origin: 50 divs painted (open); 10,000 divs prepended 50 per frame with scrollTop kept at 0 (scroll)',
      notes: [
        `Chromium ${browser.version()} headless, 390×844; the app built with vite.config.ts (service worker, production mode), served by the reference server at ${url}, run offline`,
        `seeded (not a figure): sign-in and onboarding through the engine, then ${seeded.stored.toLocaleString('en')} messages of one bot by storeServerMessages in ${(seeded.ms / 1000).toFixed(1)} s (history complete, nothing unread: it opens on the newest)`,
        `open: median app ${appMedian.toFixed(0)} ms, reference ${refMedian.toFixed(0)} ms, ratio ${fmtRatio(appMedian / refMedian)} (${OPEN_RUNS} runs each after ${WARM_UP} warm-up, alternating); longest task before the first paint, median ${median(openLongest).toFixed(0)} ms`,
        `where an open's time goes, medians in ms since the navigation's start: ${[...marks].map(([n, ts]) => [n, median(ts)] as const).sort((a, b) => a[1] - b[1]).map(([n, t]) => `${n} ${t.toFixed(0)}`).join(', ')}`,
        `DOM nodes inside the thread list (.thread__scroller *): at open ${Math.min(...openNodes)}–${maxOpenNodes}, while scrolling ≤ ${maxScrollNodes}; goal ≤ ${NODE_GOAL}: ${Math.max(maxOpenNodes, maxScrollNodes) <= NODE_GOAL ? 'met' : 'NOT met'}`,
        ...appScroll.map((s, i) => `scroll to the first message, app run ${i + 1}: ${scrollLine(s)}`),
        ...refScroll.map((s, i) => `scroll reference run ${i + 1}: ${scrollLine(s)}`),
        `longest task while scrolling to the top: ${longest.toFixed(0)} ms; goal < ${LONG_TASK_GOAL_MS} ms: ${longest < LONG_TASK_GOAL_MS ? 'met' : 'NOT met'}`,
        `traced scroll to the first message (Chromium trace, not in the figures above), app: ${tracedLine(tracedApp)}`,
        `traced scroll, reference: ${tracedLine(tracedRef)}`,
        `machine load average when the scrolls ended: ${loadavg().map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 min) on ${availableParallelism()} cores`,
      ],
      cases: [
        {
          name: `open offline, ${OPEN_RUNS} runs each`,
          reference: { label: 'bare page: 50 divs painted', unit: 'open', stats: stats(refOpen) },
          measured: [{ label: 'app /chat/{bot}: first message painted', unit: 'open', stats: stats(appOpen) }],
        },
        ...(scrolled ? [{
          name: `scroll to the first of ${MESSAGES.toLocaleString('en')}, ${SCROLL_RUNS} runs each`,
          reference: { label: 'bare page: 10,000 divs, 50 per frame', unit: 'scroll', stats: stats(refScroll.map((s) => s.ms)) },
          measured: [{ label: 'app: until the first message is shown', unit: 'scroll', stats: stats(appScroll.map((s) => s.ms)) }],
        }] : []),
      ],
    };
  } finally {
    await close();
  }
};

export default bench;
