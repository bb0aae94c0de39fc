// The app under its Content-Security-Policy (issue 21, item 7), in Debian's Chromium against the
// real server: signing in and chatting raise no CSP violation, in the page or in the sync worker
// (each watched with `securitypolicyviolation` listeners, proven to work by a deliberate
// violation of each at the end, and with the console's errors); and a page of another origin
// (a second tiny server on loopback) that frames the app gets nothing: frame-ancestors 'none'.
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from 'playwright-core';
import { e2eStage } from './helpers/stage';
import { notificationsDenied, openSignedIn } from './helpers/flows';
import { texts } from './helpers/messages';
import { botBubble, sendText, userBubble } from './helpers/chat';

const en = texts('en');
const ECHO_BOT_ID = '1000000000000001';
const stage = e2eStage();

/** Installed in every document before its scripts (and, below, in each worker): records violations. */
function watchViolations(scope: { addEventListener: (type: string, fn: (e: Event) => void) => void }, store: { __csp?: string[] }) {
  store.__csp = [];
  scope.addEventListener('securitypolicyviolation', (e: Event) => {
    const v = e as SecurityPolicyViolationEvent;
    store.__csp!.push(`${v.effectiveDirective} ${v.blockedURI}`);
  });
}

let framer: HttpServer;
let framerUrl = '';
beforeAll(async () => {
  // another origin (other port) whose page frames the app
  framer = createHttpServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><title>framer</title><iframe id="app" src="${stage.server.url}/" width="390" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
  framerUrl = `http://127.0.0.1:${(framer.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise((resolve) => framer.close(resolve)));

describe('content security policy', () => {
  it('lets the app sign in and chat with no violation in the page or the sync worker', async () => {
    const consoleErrors: string[] = [];
    const workers: Worker[] = [];
    const { context, page } = await openSignedIn(stage.browser, stage.server.url, {
      beforePage: async (ctx) => {
        await notificationsDenied(ctx);
        await ctx.addInitScript(`(${watchViolations.toString()})(document, window)`);
        ctx.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
        ctx.on('page', (p) => p.on('worker', (w) => {
          workers.push(w);
          void w.evaluate(`(${watchViolations.toString()})(self, self)`).catch(() => undefined);
        }));
      },
    });
    try {
      const answer = await page.request.get(stage.server.url, { headers: { accept: 'text/html' } });
      expect(answer.headers()['content-security-policy']).toMatch(/script-src 'self';/);

      await page.getByRole('button', { name: en('home.discover.chatWith', { name: 'Echo' }), exact: true }).click();
      await page.waitForURL(new RegExp(`/chat/${ECHO_BOT_ID}$`));
      await sendText(page, 'under a strict policy');
      await userBubble(page, 'under a strict policy').waitFor();
      await botBubble(page, 'under a strict policy').waitFor();
      // the live socket carried it: the reply arrives while the thread is open
      await sendText(page, 'and again');
      await botBubble(page, 'and again').waitFor();
      // a reload (the service worker and the boot screen's hashed style) stays clean too
      const workersBefore = workers.length;
      await page.reload();
      await userBubble(page, 'and again').waitFor();
      // the reloaded page's sync worker starts once the thread is painted: wait for it, or the
      // last one listed is the old page's, closed by the reload (seen: "Target ... closed")
      await expect.poll(() => workers.length, { timeout: 15_000 }).toBeGreaterThan(workersBefore);

      const pageViolations = await page.evaluate(() => (window as { __csp?: string[] }).__csp ?? null);
      expect(pageViolations).toEqual([]);
      expect(workers.length).toBeGreaterThan(0);
      const worker = workers.at(-1)!;
      expect(await worker.evaluate(() => (self as { __csp?: string[] }).__csp ?? null)).toEqual([]);
      expect(consoleErrors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);

      // the watchers do see a violation: an inline script in the page, a foreign connection in the worker
      await page.evaluate(() => { const s = document.createElement('script'); s.textContent = 'window.__inlineRan = true'; document.head.append(s); });
      await expect.poll(() => page.evaluate(() => (window as { __csp?: string[] }).__csp?.length ?? 0)).toBeGreaterThan(0);
      expect(await page.evaluate(() => (window as { __inlineRan?: boolean }).__inlineRan ?? false)).toBe(false);
      await worker.evaluate(() => fetch('http://127.0.0.2:9/').catch(() => undefined));
      await expect.poll(() => worker.evaluate(() => (self as { __csp?: string[] }).__csp?.length ?? 0)).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('refuses to be framed by a page of another origin', async () => {
    const context = await stage.browser.newContext();
    const refusals: string[] = [];
    context.on('console', (m) => { if (/frame-ancestors|X-Frame-Options/i.test(m.text())) refusals.push(m.text()); });
    try {
      const page = await context.newPage();
      await page.goto(framerUrl);
      const frame = await (await page.waitForSelector('#app')).contentFrame();
      await page.waitForLoadState('load');
      // the framed document is Chromium's error page, never the app: no #root, no app origin
      await expect.poll(async () => frame?.url() ?? '').not.toBe('');
      const appInFrame = await frame?.evaluate(() => document.getElementById('root') !== null).catch(() => false);
      expect(appInFrame).toBe(false);
      expect(frame?.url().startsWith(stage.server.url)).not.toBe(true);
      // and the app itself opens fine at the top level
      const top = await context.newPage();
      await top.goto(stage.server.url);
      await top.waitForSelector('#root');
    } finally {
      await context.close();
    }
  });
});
