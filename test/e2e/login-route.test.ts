// The login route without the database (src/app/boot-hint.ts): a signed-out start renders the
// login screen before RxDB's code has arrived, takes a number, and sends the code once the data
// client runs; the hint never overrides what the database says. Also prints the gzip size of the
// JavaScript the page had fetched when the login screen showed (the 150 KB goal; a figure, not
// an assertion: scripts/report-size.ts prints the same from the build's manifest).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { dialogNamed, seriousAxeViolations } from './helpers/browser';
import { freshNationalNumber } from './helpers/app-server';
import { e2eStage } from './helpers/stage';
import { requestCode, signInAndOnboard } from './helpers/flows';
import { texts } from './helpers/messages';

const en = texts('en');
const hi = texts('hi');
const dist = resolve(import.meta.dirname, '../../dist');
/** The chunk of src/db/database.ts: RxDB, Dexie and the schemas, the data client's group (scripts/boot-chunks-plugin.ts). */
const DATABASE_CHUNK = /\/assets\/data-[\w-]+\.js$/;
/** The sync worker's script and the engine's chunk (the page's fallback when there is no worker). */
const SYNC_CODE = /\/assets\/(sync\.worker|engine)-[\w-]+\.js$/;

const stage = e2eStage();

/** A context whose requests for the database chunk wait until release() is called. */
async function holdingDatabase(): Promise<{ context: BrowserContext; page: Page; held: () => number; release: () => Promise<void>; scripts: string[] }> {
  const context = await stage.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
  const waiting: Route[] = [];
  let holding = true;
  await context.route(DATABASE_CHUNK, async (route) => {
    if (holding) waiting.push(route);
    else await route.continue();
  });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) scripts.push(path);
  });
  return {
    context,
    page,
    scripts,
    held: () => waiting.length,
    release: async () => {
      holding = false;
      await Promise.all(waiting.splice(0).map((r) => r.continue()));
    },
  };
}

const gzipKb = (paths: string[]) => [...new Set(paths)].reduce((sum, p) => sum + gzipSync(readFileSync(resolve(dist, `.${p}`)), { level: 9 }).length, 0) / 1024;

describe('login route without the database', () => {
  it('a first visit shows the login screen and takes a number while the database code is held back; Continue sends the code once it arrives', async () => {
    const { context, page, held, release, scripts } = await holdingDatabase();
    // not until 'load': the held import keeps the load event back
    await page.goto(stage.server.url, { waitUntil: 'domcontentloaded' });
    const phone = page.getByLabel(en('login.phone.label'), { exact: true });
    await phone.waitFor();
    await page.getByRole('heading', { name: en('login.title') }).waitFor();
    // the app asked for the database only after the login screen's code and messages were in
    await expect.poll(held).toBe(1);
    const before = [...scripts];
    console.log(`login screen shown with ${before.length} scripts, ${gzipKb(before).toFixed(1)} KB gzip (database chunk held back):\n  ${[...new Set(before)].sort().join('\n  ')}`);
    expect(before.some((p) => DATABASE_CHUNK.test(p))).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await phone.fill(freshNationalNumber());
    const cont = page.getByRole('button', { name: en('login.continue') });
    expect(await cont.isEnabled()).toBe(true);
    await cont.click();
    // the request waits for the client; the OTP screen comes once the database code arrives
    await page.getByRole('button', { name: en('login.continue.pending') }).waitFor();
    await release();
    await page.getByLabel(en('otp.digit', { position: 1, count: 4 })).waitFor();
    expect(new URL(page.url()).pathname).toBe('/otp-verification');
    await context.close();
  });

  /**
   * The code matching `code` cannot be fetched until `allow()`, as after the network went
   * (ERR_INTERNET_DISCONNECTED): Continue says there is no internet, Close keeps the number, and
   * once the code can come the next Continue sends the code. Answers the page, on the OTP screen.
   */
  async function continueWithoutCode(code: RegExp): Promise<{ context: BrowserContext; page: Page }> {
    const context = await stage.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
    let failing = true;
    await context.route(code, (route) => (failing ? route.abort('internetdisconnected') : route.continue()));
    const page = await context.newPage();
    await page.goto(stage.server.url);
    const phone = page.getByLabel(en('login.phone.label'), { exact: true });
    await phone.waitFor();
    const number = freshNationalNumber();
    await phone.fill(number);
    await page.getByRole('button', { name: en('login.continue') }).click();
    const dialog = dialogNamed(page, en('error.noInternet.title'));
    await dialog.getByText(en('error.noInternet.body')).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: en('dialog.action.close') }).click();
    expect(await phone.inputValue()).toBe(number);
    // the network is back: the next Continue starts the data client again and sends the code
    failing = false;
    await page.getByRole('button', { name: en('login.continue') }).click();
    await page.getByLabel(en('otp.digit', { position: 1, count: 4 })).waitFor();
    expect(new URL(page.url()).pathname).toBe('/otp-verification');
    return { context, page };
  }

  it('when the network goes before the database code comes, Continue says there is no internet and keeps the number; once it is back, Continue sends the code', async () => {
    const { context } = await continueWithoutCode(DATABASE_CHUNK);
    await context.close();
  });

  it('when the sync worker and the engine cannot be fetched, Continue says there is no internet; once they can, Continue sends the code', async () => {
    // the database came, then the network went: the worker's script fails (its 'error' event is
    // all the page hears) and so does the engine the page would run instead
    // (The engine that sends it may be the worker or, when a start begun before the network came
    // back loads the page's engine instead, the page: either way the code is sent, once.)
    const { context } = await continueWithoutCode(SYNC_CODE);
    await context.close();
  });

  it('a language chosen before the database arrives sticks, and the next start speaks it at once', async () => {
    const { context, page, release } = await holdingDatabase();
    await page.goto(stage.server.url, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: en('login.title') }).waitFor();
    await page.getByRole('button', { name: en('common.language.change', { language: 'English' }) }).click();
    await page.getByRole('radio', { name: /हिंदी/ }).click();
    await release();
    await page.getByRole('heading', { name: hi('login.title') }).waitFor();
    // a signed-out reload: the login screen in Hindi, with the database held back again
    await context.unroute(DATABASE_CHUNK);
    await context.route(DATABASE_CHUNK, () => undefined);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: hi('login.title') }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('ui.boot-hint'))).toBe('signed-out');
    await context.close();
  });

  it('a number kept by "edit mobile" is filled in after a reload', async () => {
    const context = await stage.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
    const page = await context.newPage();
    await page.goto(stage.server.url);
    const number = freshNationalNumber();
    await requestCode(page, number);
    await page.getByRole('button', { name: en('otp.editMobile') }).click();
    const phone = page.getByLabel(en('login.phone.label'), { exact: true });
    await phone.waitFor();
    await page.reload();
    await phone.waitFor();
    await expect.poll(() => phone.inputValue()).toContain(number.slice(-4));
    await context.close();
  });

  it('a hint that says signed out while the database says signed in ends on home', async () => {
    const context = await stage.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
    const page = await context.newPage();
    await page.goto(stage.server.url);
    await page.getByLabel(en('login.phone.label'), { exact: true }).waitFor();
    await signInAndOnboard(page, freshNationalNumber(), { locale: 'en', name: 'Ravi' });
    expect(await page.evaluate(() => localStorage.getItem('ui.boot-hint'))).toBe('other');
    // as if another tab had signed in after this one last wrote the hint
    await page.evaluate(() => localStorage.setItem('ui.boot-hint', 'signed-out'));
    await page.goto(stage.server.url);
    await page.waitForURL(/\/home$/);
    await page.getByText(en('home.greeting', { name: 'Ravi' })).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('ui.boot-hint'))).toBe('other');
    await context.close();
  });
});
