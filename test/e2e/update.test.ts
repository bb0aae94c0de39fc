// The update rule (issue 6 part 4): a new service worker waits, and when the update is accepted
// (applyUpdateWhenIdle, which the update dialog calls) it takes over only once the outbox is
// empty. A new version is made by changing the served sw.js (a copy of dist/, so the build stays
// as it is); a message is queued offline; the update is accepted; the switch must come after the
// server has the message, not before.
import { cpSync, mkdtempSync, appendFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { precompress } from '../../scripts/precompress';
import { createServer, type Server } from '../../server/app';
import { launchBrowser } from './helpers/browser';
import { freshNationalNumber, TEST_OTP } from './helpers/app-server';
import { signInAndOnboard } from './helpers/flows';
import { texts } from './helpers/messages';
import { botBubble, sendText, userBubble } from './helpers/chat';
import { waitForServiceWorker } from './helpers/service-worker';

const en = texts('en');
const ECHO_BOT_ID = '1000000000000001';

let server: Server;
let url: string;
let browser: Browser;
let site: string;
/** the lazily loaded chunk that holds applyUpdateWhenIdle, as the build named it */
let glueChunk: string;

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), 'update-site-'));
  cpSync(resolve(import.meta.dirname, '../../dist'), site, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(site, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  glueChunk = `/${manifest['src/app/service-worker.ts']!.file}`;
  server = await createServer({ dataDir: 'memory://', otpFixed: TEST_OTP, staticDir: site });
  url = await server.listen({ port: 0 });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (site) rmSync(site, { recursive: true, force: true });
});

describe('update', () => {
  it('a new service worker waits, and takes over only after the outbox is empty', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
    const page = await context.newPage();
    await page.goto(url);
    await signInAndOnboard(page, freshNationalNumber(), { locale: 'en', name: 'Kiran' });
    await page.goto(`${url}/chat/${ECHO_BOT_ID}`);
    await page.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
    await waitForServiceWorker(page);

    // a new version is published: it installs, and waits (no skipWaiting of its own)
    appendFileSync(join(site, 'sw.js'), '\n// the next version\n');
    // its compressed copies are made again, as a build does (the server prefers them)
    precompress(site);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    // (and no other install under way: the app's own update check on load may have fetched the
    // new sw.js too, and an install still running would replace the waiting worker)
    await page.waitForFunction(() => navigator.serviceWorker.getRegistration().then((r) => r?.installing === null && r.waiting?.state === 'installed'), undefined, { timeout: 30_000 });

    // a send is queued with no network, then the user accepts the update
    await context.setOffline(true);
    // the page has heard it is offline (and told the engine) and the live socket is down: an
    // emulated offline leaves an open WebSocket alone, so a send made before would go through it
    await page.getByText(en('chat.offline')).waitFor();
    await page.getByText(en('chat.connection.waiting')).waitFor();
    await sendText(page, 'before the update');
    await userBubble(page, 'before the update').getByRole('img', { name: en('chat.status.pending') }).waitFor();
    await page.evaluate(() => {
      navigator.serviceWorker.addEventListener('controllerchange', () => sessionStorage.setItem('switched-at', String(Date.now())));
    });
    // What the update dialog's accept button runs (dialogs-host.tsx). The build shortens the
    // chunk's export names, so the function is found by the event it waits for. (A string:
    // vitest would rewrite an import() written in the test's own code.)
    await page.evaluate(`import(${JSON.stringify(glueChunk)}).then((m) => {
      const apply = Object.values(m).find((v) => typeof v === 'function' && String(v).includes('controllerchange'));
      window.updateAccepted = apply();
    })`);
    await page.waitForFunction(() => 'updateAccepted' in window);
    // the message is still queued: the new version is still pending, the old one in control.
    // (Pending: waiting, or installing again: Chromium sometimes checks sw.js once more, even
    // under the emulated offline, and a new install replaces the waiting worker; the page then
    // switches to the newest, see waitingWorker in src/app/service-worker.ts.)
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r !== undefined && (r.waiting ?? r.installing) !== null))).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('switched-at'))).toBeNull();

    // the network returns: the message goes out, then the new version takes over and the page reloads
    await context.setOffline(false);
    await page.waitForFunction(() => sessionStorage.getItem('switched-at') !== null, undefined, { timeout: 30_000 });
    await page.waitForFunction(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting === null && r.active?.state === 'activated'), undefined, { timeout: 30_000 });
    const switchedAt = Number(await page.evaluate(() => sessionStorage.getItem('switched-at')));
    const rows = await server.db.query<{ created_at: string }>(
      "SELECT created_at FROM messages WHERE sender = 'user' AND payload->'text'->>'body' = 'before the update'",
    );
    expect(rows).toHaveLength(1);
    expect(switchedAt).toBeGreaterThanOrEqual(Number(rows[0]!.created_at));
    // the reloaded page runs under the new worker with the message delivered
    await botBubble(page, 'before the update').waitFor({ timeout: 30_000 });
    await context.close();
  });
});
