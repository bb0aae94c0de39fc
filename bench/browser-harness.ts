// The plumbing of the browser benchmarks (ingest, newest-50, flush): builds the bench page
// (bench/browser) with Vite's JS API as a production build, starts the reference server in this
// process serving that page (same origin for the page, the API and the socket), launches
// Debian's Chromium headless through playwright-core and opens the page. The benchmarks then call
// `window.bench.*` with page.evaluate; every figure is timed inside the page.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { createServer, type Server } from '../server/app';
import type { BenchApi } from './browser/main';
import type { LoadStats } from './lib';
import { percentile } from './lib';
import { BENCH_SERVER_LIMITS } from './server-limits';

export type { BenchApi };

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const OTP = '1234';

let built: Promise<string> | null = null;

/** Builds bench/browser once per process (production mode: import.meta.env.DEV is false). */
export function buildBenchPage(): Promise<string> {
  built ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'bench-page-'));
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    await build({
      root: join(BENCH_DIR, 'browser'),
      configFile: false,
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false, reportCompressedSize: false },
    });
    return outDir;
  })();
  return built;
}

export interface BenchBrowser {
  page: Page;
  server: Server;
  url: string;
  chromiumVersion: string;
  /** Warnings and errors the page logged (the engine logs what it refuses or fails to store). */
  consoleLines: string[];
  /** The page's main-thread time so far (Chromium's Performance.getMetrics), ms. */
  pageMetrics(): Promise<{ taskMs: number; scriptMs: number }>;
  /** Calls one function of window.bench in the page. */
  call<K extends keyof BenchApi>(name: K, ...args: Parameters<BenchApi[K]>): Promise<Awaited<ReturnType<BenchApi[K]>>>;
  close(): Promise<void>;
}

/** The built page served by the real server on 127.0.0.1, open in a fresh headless Chromium. */
export async function openBenchBrowser(): Promise<BenchBrowser> {
  const staticDir = await buildBenchPage();
  const server = await createServer({ dataDir: 'memory://', otpFixed: OTP, staticDir, logger: false, ...BENCH_SERVER_LIMITS });
  let browser: Browser | null = null;
  try {
    const url = await server.listen({ port: 0, host: '127.0.0.1' });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-sync'],
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const consoleLines: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') consoleLines.push(`${m.type()}: ${m.text().slice(0, 3000)}`);
    });
    await page.goto(url);
    await page.waitForFunction(() => window.bench !== undefined, undefined, { timeout: 30_000 }).catch(() => {
      throw new Error(`the bench page did not start: ${errors.join('; ') || 'no page error'}`);
    });
    const b = browser;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    return {
      async pageMetrics() {
        const { metrics } = await cdp.send('Performance.getMetrics');
        const get = (name: string) => (metrics.find((m) => m.name === name)?.value ?? Number.NaN) * 1000;
        return { taskMs: get('TaskDuration'), scriptMs: get('ScriptDuration') };
      },
      page,
      server,
      url,
      chromiumVersion: browser.version(),
      consoleLines,
      call: (name, ...args) =>
        page.evaluate(
          ([n, a]) => {
            const api = window.bench as unknown as Record<string, (...x: unknown[]) => Promise<unknown>>;
            const fn = api[n]!;
            return fn(...a);
          },
          [name, args] as [string, unknown[]],
        ) as never,
      async close() {
        await b.close();
        await server.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.close();
    throw error;
  }
}

/**
 * Stats of whole rounds (each timed in the page): latency percentiles of one round, and
 * throughput in items per second over all rounds.
 */
export function roundStats(roundsMs: readonly number[], itemsPerRound: number): LoadStats {
  const sorted = [...roundsMs].sort((a, b) => a - b);
  const total = sorted.reduce((a, b) => a + b, 0);
  return {
    ops: sorted.length,
    concurrency: 1,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean: total / sorted.length,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    throughput: total > 0 ? (itemsPerRound * sorted.length * 1000) / total : Number.NaN,
    wallMs: total,
  };
}

export const fmtRatio = (v: number) => `${v < 10 ? v.toFixed(2) : v.toFixed(1)}×`;
