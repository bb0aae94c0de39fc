// Where a cold start's time goes (issue 6): not a benchmark (the runner only picks *.bench.ts),
// a tool to break bench/cold-start.bench.ts's figure down. It keeps the seeded browser profile
// and the server's data between runs (under COLD_PROFILE_DIR, default /tmp/cold-start-profile),
// so after the first run (about 70 s of seeding) each run only rebuilds the app and measures.
//
//   npx tsx bench/cold-start-profile.ts [runs] [--cpu] [--trace] [--shots]
//
// Per run (a fresh tab opening /home offline, as the bench does) it prints, in ms since the
// navigation's start: the response end of the document, each script's and chunk's fetch (from
// the service worker's cache), the app's own `boot:*` performance marks (src/main.tsx,
// src/db/client.ts, the home screen), and the first painted frame with a conversation row (the
// bench's probe). The medians over the runs are the breakdown in bench/README.md. With --cpu,
// one more run is recorded with the CDP Profiler and the main thread's self time is summed by
// script and by function.
import { existsSync, mkdirSync, cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { build } from 'vite';
import { createServer } from '../server/app';
import { freshMobile } from '../test/integration/helpers/server';
import { OTP } from './browser-harness';
import { BENCH_SERVER_LIMITS } from './server-limits';

const ROOT = join(import.meta.dirname, '..');
const DIR = process.env.COLD_PROFILE_DIR ?? '/tmp/cold-start-profile';
const PORT = Number(process.env.COLD_PROFILE_PORT ?? 41237);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 8);
const CPU = process.argv.includes('--cpu');
const GAP_MS = Number(process.env.COLD_PROFILE_GAP_MS ?? 0);

const PROBE = `
  (() => {
    const done = () => requestAnimationFrame(() => setTimeout(() => { window.paintedAt = performance.now(); }, 0));
    const observer = new MutationObserver(() => {
      if (document.querySelector('.conversation-row')) { observer.disconnect(); done(); }
    });
    observer.observe(document, { childList: true, subtree: true });
    window.longTasks = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.longTasks.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
  })();`;

interface RunTimes {
  paintedAt: number;
  rows: number;
  entries: Array<[string, number]>;
  longTasks: Array<[number, number]>;
  /** how the service worker served the scripts and styles: static route source → count */
  servedBy: Record<string, number>;
}

async function measure(context: BrowserContext, url: string): Promise<RunTimes> {
  const page = await context.newPage();
  await page.addInitScript(PROBE);
  await page.goto(`${url}/home`, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as Window & { paintedAt?: number }).paintedAt !== undefined, undefined, { timeout: 30_000 });
  // COLD_PROFILE_WAIT_WORKER=1: also wait for the sync worker's start (the bench closes the tab at the paint)
  if (process.env.COLD_PROFILE_WAIT_WORKER) await page.waitForFunction(() => performance.getEntriesByName('boot:worker-ready').length > 0, undefined, { timeout: 10_000 });
  const out = await page.evaluate(() => {
    const w = window as Window & { paintedAt?: number; longTasks?: Array<[number, number]> };
    const entries: Array<[string, number]> = [];
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (nav) {
      entries.push(['document responseEnd', nav.responseEnd]);
      entries.push(['document domInteractive', nav.domInteractive]);
    }
    const servedBy: Record<string, number> = {};
    for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      // Chromium's static routing fields (sw/static-routes.ts): 'cache' when read straight from Cache Storage
      const source = (r as PerformanceResourceTiming & { workerFinalSourceType?: string }).workerFinalSourceType || 'fetch handler or network';
      if (/\.(js|css)$/.test(r.name)) servedBy[source] = (servedBy[source] ?? 0) + 1;
      const name = new URL(r.name).pathname.replace(/-[A-Za-z0-9_-]{8}\./, '.');
      if (!/\.(js|css|json)$/.test(name)) continue;
      entries.push([`fetch ${name} start`, r.startTime]);
      entries.push([`fetch ${name} end`, r.responseEnd]);
    }
    for (const m of performance.getEntriesByType('mark')) entries.push([m.name, m.startTime]);
    return { paintedAt: w.paintedAt!, rows: document.querySelectorAll('.conversation-row').length, entries, longTasks: w.longTasks ?? [], servedBy };
  });
  await page.close();
  return out;
}

async function cpuProfile(context: BrowserContext, url: string): Promise<void> {
  const page = await context.newPage();
  await page.addInitScript(PROBE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${url}/home`, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as Window & { paintedAt?: number }).paintedAt !== undefined, undefined, { timeout: 30_000 });
  const paintedAt = await page.evaluate(() => (window as Window & { paintedAt?: number }).paintedAt!);
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(join(DIR, 'home.cpuprofile'), JSON.stringify(profile));
  const byScript = new Map<string, number>();
  const byFn = new Map<string, number>();
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const n = nodes.get(id)!;
    const ms = (dt[i] ?? 0) / 1000;
    const file = n.callFrame.url ? new URL(n.callFrame.url).pathname : `(${n.callFrame.functionName || 'native'})`;
    byScript.set(file, (byScript.get(file) ?? 0) + ms);
    const fn = `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + ms);
  });
  const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, ms]) => `  ${ms.toFixed(1).padStart(7)} ms  ${n}`).join('\n');
  console.log(`\nCPU profile (one run, painted at ${paintedAt.toFixed(0)} ms; samples until paint + a little):\nself time by script:\n${top(byScript, 15)}\nself time by function:\n${top(byFn, 30)}`);
  await page.close();
}

/**
 * --trace: one more run under a Chromium trace (devtools.timeline); the main thread's events
 * summed by name over the whole start and over the last stretch (from the chat list's render to
 * the painted frame), which is where a first paint's style, layout and paint show.
 */
async function trace(context: BrowserContext, url: string): Promise<void> {
  const page = await context.newPage();
  await page.addInitScript(PROBE);
  const cdp = await context.newCDPSession(page);
  const events: Array<{ name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: { name?: string } }> = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as typeof events)));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
  await page.goto(`${url}/home`, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as Window & { paintedAt?: number }).paintedAt !== undefined, undefined, { timeout: 30_000 });
  await cdp.send('Tracing.end');
  await done;
  await page.close();
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((m) => m.pid === e.pid && m.name === 'boot:chat-list-render'));
  if (!main) return console.log('trace: no renderer main thread with the marks');
  const on = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const at = (name: string) => on.find((e) => e.name === name)?.ts ?? NaN;
  const main0 = at('boot:main');
  const from = at('boot:chat-list-render');
  const sum = (list: typeof on) => {
    const by = new Map<string, number>();
    for (const e of list) if (e.ph === 'X' && e.dur) by.set(e.name, (by.get(e.name) ?? 0) + e.dur / 1000);
    return [...by].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([n, ms]) => `  ${ms.toFixed(1).padStart(8)} ms  ${n}`).join('\n');
  };
  const read = at('boot:chat-rows-read');
  const between = on.filter((e) => e.ts >= read && e.ts < from);
  const busy = between.filter((e) => e.ph === 'X' && e.name === 'RunTask').reduce((ms, e) => ms + (e.dur ?? 0) / 1000, 0);
  console.log(`\ntrace: chat-rows-read → chat-list-render ${((from - read) / 1000).toFixed(0)} ms, main thread busy ${busy.toFixed(0)} ms of it; events by name:\n${sum(between)}`);
  console.log(`\ntrace (one run; chat-list-render at +${((from - main0) / 1000).toFixed(0)} ms after boot:main): main-thread events from chat-list-render on, by name (nested events counted in each):\n${sum(on.filter((e) => e.ts >= from))}\nthe whole start:\n${sum(on)}`);
}

/** --shots: the offline home list in English and Hindi (390×844) into COLD_PROFILE_DIR, to look at. */
async function screenshots(context: BrowserContext, url: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${url}/home`);
  await page.waitForFunction(() => Number(document.querySelector('.home-list__items--rows > li')?.getAttribute('aria-setsize')) >= 200);
  await page.screenshot({ path: join(DIR, 'home-en.png') });
  const choose = async (name: RegExp) => {
    // choosing a language offline raises the no-internet dialog (the profile is not updated), which a later start shows again: close it
    for (const dialog of await page.locator('[role=dialog], [role=alertdialog]').all()) await dialog.getByRole('button').last().click().catch(() => undefined);
    await page.getByRole('button', { name: /^(Change language|भाषा)/ }).click();
    await page.getByRole('radio', { name }).check();
    await page.getByTestId('language-dialog').getByRole('button').last().click().catch(() => undefined);
  };
  await choose(/हिंदी/);
  await page.waitForFunction(() => document.documentElement.lang === 'hi');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: join(DIR, 'home-hi.png') });
  await choose(/English/);
  await page.waitForFunction(() => document.documentElement.lang === 'en-IN');
  await page.close();
}

async function main() {
  mkdirSync(DIR, { recursive: true });
  const site = join(DIR, 'site');
  await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), mode: 'production', logLevel: 'warn', build: { outDir: site, emptyOutDir: true } });
  const seedMarker = join(DIR, 'seeded');
  if (!existsSync(seedMarker)) {
    const seedOut = join(DIR, 'seed-build');
    await build({ root: join(ROOT, 'bench/cold-start'), configFile: false, base: '/bench-seed/', mode: 'production', logLevel: 'warn', build: { outDir: seedOut, emptyOutDir: true, target: 'es2022' } });
    cpSync(seedOut, join(DIR, 'seed-site'), { recursive: true });
  }
  if (existsSync(join(DIR, 'seed-site'))) cpSync(join(DIR, 'seed-site'), join(site, 'bench-seed'), { recursive: true });
  const server = await createServer({ dataDir: join(DIR, 'server-data'), otpFixed: OTP, staticDir: site, logger: false, ...BENCH_SERVER_LIMITS });
  const url = await server.listen({ port: PORT, host: '127.0.0.1' });
  const context = await chromium.launchPersistentContext(join(DIR, 'browser'), {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 390, height: 844 },
    locale: 'en-IN',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-sync'],
  });
  try {
    await context.setOffline(false);
    if (!existsSync(seedMarker)) {
      const seeder = await context.newPage();
      await seeder.goto(`${url}/bench-seed/index.html`);
      await seeder.waitForFunction(() => (window as Window & { seed?: unknown }).seed !== undefined);
      const seeded = await seeder.evaluate(
        (o) => (window as unknown as { seed: (x: typeof o) => Promise<{ ms: number; stored: number }> }).seed(o),
        { mobile: freshMobile(), otp: OTP, conversations: 200, perConversation: 500 },
      );
      console.log(`seeded ${seeded.stored} messages in ${(seeded.ms / 1000).toFixed(1)} s`);
      await seeder.close();
      writeFileSync(seedMarker, new Date().toISOString());
    }
    // the new build's service worker: drop the old one and its caches, install this one online
    const first = await context.newPage();
    await first.goto(`${url}/version.json`);
    await first.evaluate(async () => {
      for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
      for (const k of await caches.keys()) await caches.delete(k);
    });
    await first.goto(`${url}/home`);
    await first.locator('.conversation-row').first().waitFor({ timeout: 60_000 });
    await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await first.reload();
    await first.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await first.locator('.conversation-row').first().waitFor({ timeout: 60_000 });
    await first.close();
    await context.setOffline(true);

    const runs: RunTimes[] = [];
    for (let i = 0; i < RUNS + 2; i++) {
      // diagnostic only: a pause between runs (COLD_PROFILE_GAP_MS), to see what the previous tab's teardown costs
      if (GAP_MS > 0) await new Promise((resolve) => setTimeout(resolve, GAP_MS));
      const r = await measure(context, url);
      if (i >= 2) runs.push(r);
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
    const names = new Map<string, number[]>();
    for (const r of runs) for (const [n, t] of r.entries) names.set(n, [...(names.get(n) ?? []), t]);
    const rows = [...names].map(([n, ts]) => [n, med(ts)] as const).sort((a, b) => a[1] - b[1]);
    console.log(`\n${runs.length} runs offline, medians (ms since navigation start):`);
    for (const [n, t] of rows) console.log(`  ${t.toFixed(0).padStart(6)}  ${n}`);
    console.log(`  ${med(runs.map((r) => r.paintedAt)).toFixed(0).padStart(6)}  PAINTED (first frame with a conversation row); rows: ${runs[0]!.rows}`);
    console.log(`  all runs: ${runs.map((r) => r.paintedAt.toFixed(0)).join(', ')}`);
    const KEY = ['boot:main', 'boot:db-open', 'boot:db-code', 'boot:db-created', 'boot:db-opened', 'boot:client-started', 'boot:auth-ready', 'boot:home-render', 'boot:chat-list-mount', 'boot:chat-rows-read', 'boot:chat-list-render', 'boot:screen-painted'];
    console.log(`  per run: ${KEY.map((k) => k.replace('boot:', '')).join(' / ')} / painted`);
    for (const r of runs) console.log(`    ${KEY.map((k) => (r.entries.find(([n]) => n === k)?.[1] ?? NaN).toFixed(0)).join(' / ')} / ${r.paintedAt.toFixed(0)}`);
    console.log(`  scripts and styles served by (first run): ${JSON.stringify(runs[0]!.servedBy)}`);
    console.log(`  long tasks of the median-ish run: ${JSON.stringify(runs[Math.floor(runs.length / 2)]!.longTasks)}`);
    if (CPU) await cpuProfile(context, url);
    if (process.argv.includes('--trace')) await trace(context, url);
    if (process.argv.includes('--shots')) await screenshots(context, url);
  } finally {
    await context.close();
    await server.close();
  }
}

await main();
