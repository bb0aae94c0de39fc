// The PWA shell in Debian's Chromium against the real server: the update dialog when the
// server's version.json is newer than the build (once a day), the offline indicator driven by
// the network, the in-app banner for another bot's message (a tap opens that chat), and the
// notification confirm modal (declined, not asked again).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { dialogNamed, launchBrowser, seriousAxeViolations } from './helpers/browser';
import { freshNationalNumber, startAppServer } from './helpers/app-server';
import { openSignedIn, signInAndOnboard } from './helpers/flows';
import { texts } from './helpers/messages';
import { botBubble } from './helpers/chat';
import { packageVersion, versionCodeOf } from '../../server/web/version';
import { DEFAULT_REMOTE_FLAGS } from '../../src/api/remote-flags';

const en = texts('en');
const SLOW_BOT_ID = '1000000000000002';
const ECHO_BOT_ID = '1000000000000001';
const BUILD_VERSION_CODE = versionCodeOf(packageVersion());

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

async function signedInPage(url: string, permissions: string[] = []): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openSignedIn(browser, url, { context: { permissions } });
  return { context, page };
}

async function openBot(page: Page, name: string, id: string): Promise<void> {
  await page.getByRole('button', { name: en('home.discover.chatWith', { name }), exact: true }).click();
  await page.waitForURL(new RegExp(`/chat/${id}$`));
  await page.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
}

describe('update available', () => {
  it('shows the update dialog when version.json is newer than the build; declined, not again the same day', async () => {
    let served = BUILD_VERSION_CODE;
    const server = await startAppServer({ server: { versionCode: () => served } });
    const { context, page } = await signedInPage(server.url);
    try {
      // a new version is deployed while the app runs; the next check (here: the one at start) sees it
      served = BUILD_VERSION_CODE + 1;
      await page.reload();
      const dialog = dialogNamed(page, en('dialog.update.title'));
      await dialog.waitFor();
      await dialog.getByText(en('dialog.update.body')).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: en('dialog.update.decline') }).click();
      await dialog.waitFor({ state: 'detached' });

      // a reload checks again (the answer is still newer) but the prompt waits a day
      const checked = page.waitForResponse((r) => new URL(r.url()).pathname === '/version.json');
      await page.reload();
      const answer = await checked;
      expect(new URL(answer.url()).searchParams.get('t')).toMatch(/^\d+$/);
      expect((await answer.json()) as unknown).toMatchObject({ version_code: BUILD_VERSION_CODE + 1 });
      await page.getByRole('tablist').first().waitFor();
      expect(await dialogNamed(page, en('dialog.update.title')).count()).toBe(0);
    } finally {
      await context.close();
      await server.close();
    }
  });

  it('shows no dialog when the server has the same version', async () => {
    const server = await startAppServer();
    const { context, page } = await signedInPage(server.url);
    try {
      const checked = page.waitForResponse((r) => new URL(r.url()).pathname === '/version.json');
      await page.reload();
      expect((await (await checked).json()) as unknown).toMatchObject({ version_code: BUILD_VERSION_CODE });
      await page.getByRole('tablist').first().waitFor();
      expect(await dialogNamed(page, en('dialog.update.title')).count()).toBe(0);
    } finally {
      await context.close();
      await server.close();
    }
  });
});

describe('connectivity and notifications', () => {
  let server: Awaited<ReturnType<typeof startAppServer>>;
  beforeAll(async () => { server = await startAppServer({ server: { slowBotDelayMs: 2500 } }); });
  afterAll(async () => { await server?.close(); });

  it('home shows the offline indicator while the network is cut, and drops it when it returns', async () => {
    const { context, page } = await signedInPage(server.url);
    try {
      const indicator = page.getByTestId('home-offline-indicator');
      expect(await indicator.count()).toBe(0);
      await context.setOffline(true);
      await indicator.waitFor();
      expect(await indicator.textContent()).toContain(en('home.offline.indicator'));
      await page.getByRole('status').filter({ hasText: en('home.offline') }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await context.setOffline(false);
      await indicator.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it("a message of another bot shows a banner in the thread; a tap opens that bot's chat", async () => {
    const { context, page } = await signedInPage(server.url, ['notifications']);
    try {
      await openBot(page, 'Slow echo', SLOW_BOT_ID);
      const input = page.getByRole('textbox', { name: en('chat.input.label') });
      await input.fill('wake me');
      await input.press('Enter');
      await page.getByRole('button', { name: en('chat.back') }).click();
      await page.waitForURL(/\/home$/);
      await openBot(page, 'Echo', ECHO_BOT_ID);

      const banner = page.getByRole('status').getByRole('button', { name: /^Slow echo/ });
      await banner.waitFor({ timeout: 15_000 });
      expect(await banner.textContent()).toContain('wake me');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await banner.click();
      await page.waitForURL(new RegExp(`/chat/${SLOW_BOT_ID}$`));
      await botBubble(page, 'wake me').waitFor();
    } finally {
      await context.close();
    }
  });

  it('asks with the confirm modal on home after a conversation; "Not now" is remembered', async () => {
    // Headless Chromium answers 'denied' without asking: the page sees a browser that has not asked yet
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
    await context.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'default' });
    });
    const page = await context.newPage();
    try {
      await page.goto(server.url);
      await page.getByLabel(en('login.phone.label'), { exact: true }).waitFor();
      await signInAndOnboard(page, freshNationalNumber(), { locale: 'en', name: 'Asha' });
      expect(await page.evaluate(() => Notification.permission)).toBe('default');
      await openBot(page, 'Echo', ECHO_BOT_ID);
      const input = page.getByRole('textbox', { name: en('chat.input.label') });
      await input.fill('hi');
      await input.press('Enter');
      await botBubble(page, 'hi').waitFor();
      await page.getByRole('button', { name: en('chat.back') }).click();
      const modal = dialogNamed(page, en('notification.prompt.title'));
      await modal.waitFor({ timeout: 10_000 });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await modal.getByRole('button', { name: en('notification.prompt.deny') }).click();
      await modal.waitFor({ state: 'detached' });
      await page.reload();
      // the conversation list is read (the modal's condition) before the check
      await page.getByRole('tab', { name: en('home.tab.chat') }).click();
      await page.getByText('Echo', { exact: true }).first().waitFor();
      expect(await dialogNamed(page, en('notification.prompt.title')).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('remote config', () => {
  it('a bot on the remote hidden list stays out of the Chat tab and of /select-bot', async () => {
    const server = await startAppServer({ server: { remoteFlags: { ...DEFAULT_REMOTE_FLAGS, hidden_bots: [ECHO_BOT_ID] } } });
    const { context, page } = await signedInPage(server.url);
    try {
      for (const [name, id] of [['Echo', ECHO_BOT_ID], ['Slow echo', SLOW_BOT_ID]] as const) {
        await openBot(page, name, id);
        const input = page.getByRole('textbox', { name: en('chat.input.label') });
        await input.fill(`hello ${name}`);
        await input.press('Enter');
        await page.getByRole('button', { name: en('chat.back') }).click();
        await page.waitForURL(/\/home$/);
      }
      await page.getByRole('tab', { name: en('home.tab.chat') }).click();
      const list = page.locator('#home-chat-heading + ul');
      await list.getByText('Slow echo', { exact: true }).waitFor();
      expect(await list.getByText('Echo', { exact: true }).count()).toBe(0);
      // the bot chooser leaves out the same bots (the remote list, not the defaults)
      await page.goto(`${server.url}/select-bot`);
      await page.getByRole('button', { name: en('selectBot.open', { name: 'Slow echo' }) }).waitFor();
      expect(await page.getByRole('button', { name: en('selectBot.open', { name: 'Echo' }), exact: true }).count()).toBe(0);
    } finally {
      await context.close();
      await server.close();
    }
  });
});
