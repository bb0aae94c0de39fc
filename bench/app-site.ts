// The plumbing of the benchmarks that open the built app (cold-start, thread-open): the app built
// with the project's own vite.config.ts (service worker and all) and the seeding page
// (bench/cold-start/, under /bench-seed/) in one temporary site served by the reference server,
// so both share the app's origin; Chromium headless with a 390×844 context whose requests to
// `referenceOrigin` answer `referencePage` from memory (another origin: no service worker).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { build } from 'vite';
import { createServer } from '../server/app';
import { waitForServiceWorker } from '../test/e2e/helpers/service-worker';
import { freshMobile } from '../test/integration/helpers/server';
import { OTP } from './browser-harness';
import { BENCH_SERVER_LIMITS } from './server-limits';

const ROOT = join(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What bench/cold-start/seed.ts stores: conversations × messages, through the engine's write path. */
export interface SeedOptions {
  conversations: number;
  perConversation: number;
  /** fields set on every seeded conversation */
  conversation?: Record<string, unknown>;
  /** feed posts stored on the device, Post tab chosen (bench/feed-open.bench.ts) */
  feedPosts?: number;
}

export interface AppSite {
  url: string;
  browser: Browser;
  context: BrowserContext;
  /** Signs a fresh user in through the seeding page and stores the messages (not a figure). */
  seed(options: SeedOptions): Promise<{ ms: number; stored: number }>;
  /** Opens `path` online until `selector` shows, and waits for the service worker to control it. */
  installServiceWorker(path: string, selector: string): Promise<void>;
  close(): Promise<void>;
}

export async function openAppSite(name: string, referenceOrigin: string, referencePage: string): Promise<AppSite> {
  const site = mkdtempSync(join(tmpdir(), `${name}-site-`));
  const seedOut = mkdtempSync(join(tmpdir(), `${name}-seed-`));
  const removeDirs = () => {
    rmSync(site, { recursive: true, force: true });
    rmSync(seedOut, { recursive: true, force: true });
  };
  let server: Awaited<ReturnType<typeof createServer>> | null = null;
  let browser: Browser | null = null;
  try {
    await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), mode: 'production', logLevel: 'warn', build: { outDir: site, emptyOutDir: true } });
    await build({ root: join(ROOT, 'bench/cold-start'), configFile: false, base: '/bench-seed/', mode: 'production', logLevel: 'warn', build: { outDir: seedOut, emptyOutDir: true, target: 'es2022' } });
    cpSync(seedOut, join(site, 'bench-seed'), { recursive: true });
    server = await createServer({ dataDir: 'memory://', otpFixed: OTP, staticDir: site, logger: false, ...BENCH_SERVER_LIMITS });
    const url = await server.listen({ port: 0, host: '127.0.0.1' });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-sync'],
    });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
    await context.route(`${referenceOrigin}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: referencePage }));
    const opened = { server, browser };
    return {
      url,
      browser,
      context,
      async seed(options) {
        const seeder = await context.newPage();
        await seeder.goto(`${url}/bench-seed/index.html`);
        await seeder.waitForFunction(() => (window as Window & { seed?: unknown }).seed !== undefined);
        const seeded = await seeder.evaluate(
          (o) => (window as unknown as { seed: (x: typeof o) => Promise<{ ms: number; stored: number }> }).seed(o),
          { mobile: freshMobile(), otp: OTP, ...options },
        );
        await seeder.close();
        return seeded;
      },
      async installServiceWorker(path, selector) {
        const first = await context.newPage();
        await first.goto(`${url}${path}`);
        await first.locator(selector).first().waitFor({ timeout: 60_000 });
        await waitForServiceWorker(first);
        await first.close();
      },
      async close() {
        await opened.browser.close();
        await opened.server.close();
        removeDirs();
      },
    };
  } catch (err) {
    await browser?.close();
    await server?.close();
    removeDirs();
    throw err;
  }
}

export const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
