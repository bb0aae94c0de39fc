// Embedded mode in Debian's Chromium (issue 17): a website on another origin (a second port) adds
// embed.js with one script tag; its chat bubble opens the bot of this app in an iframe, which
// loads cross-origin because the app names that website in frame-ancestors. The frame opens the
// app's standalone entry (/bot/<id>): the bot's thread with no sign-in, where a message gets the
// Echo bot's answer. A website the app does not name cannot frame it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { TEST_OTP, freshNationalNumber, startAppServer } from './helpers/app-server';
import { launchBrowser } from './helpers/browser';
import { startEmbedDemoHost } from '../../server/embed/embed';
import { texts } from './helpers/messages';

const ECHO = '1000000000000001';
let app: Awaited<ReturnType<typeof startAppServer>>;
let allowed: Awaited<ReturnType<typeof startEmbedDemoHost>>;
let stranger: Awaited<ReturnType<typeof startEmbedDemoHost>>;
let browser: Browser;
/** How far the server's clock is ahead (to expire a web session). */
let skew = 0;

beforeAll(async () => {
  // the websites first (their origins go into the app's frame-ancestors), the app after
  let appUrl = '';
  allowed = await startEmbedDemoHost({ port: 0, appOrigin: () => appUrl, botId: ECHO });
  stranger = await startEmbedDemoHost({ port: 0, host: 'localhost', appOrigin: () => appUrl, botId: ECHO });
  app = await startAppServer({ now: () => Date.now() + skew, server: { security: { frameAncestors: [allowed.url] } } });
  appUrl = app.url;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await allowed?.close();
  await stranger?.close();
  await app?.close();
});

describe('embed.js', () => {
  it('shows a bubble on the other origin that opens the bot\'s chat in an iframe (no sign-in); a message gets the echo', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(allowed.url);
    expect(new URL(page.url()).origin).not.toBe(new URL(app.url).origin);
    const bubble = page.getByRole('button', { name: 'Chat with us' });
    await bubble.click();
    expect(await page.locator('iframe[data-embed="frame"]').getAttribute('src')).toBe(`${app.url}/bot/${ECHO}`);
    const frame = page.frameLocator('iframe[data-embed="frame"]');
    // the app's standalone entry runs in the frame: the Echo bot's thread, with no sign-in screen
    await frame.getByRole('heading', { level: 1, name: 'Echo' }).waitFor({ timeout: 60_000 });
    expect(await frame.getByRole('textbox', { name: /mobile/i }).count()).toBe(0);
    expect(await frame.getByRole('button', { name: 'Back' }).count()).toBe(0);
    // the way out to the full app is not offered inside a website's frame (its close button is)
    expect(await frame.getByRole('button', { name: 'Open the full app' }).count()).toBe(0);
    // the Echo bot answers with the words it was sent
    const words = `hello from the website ${Date.now()}`;
    const input = frame.getByRole('textbox', { name: 'Message' });
    await input.fill(words);
    await input.press('Enter');
    await frame.locator('.message-bubble--user .message-bubble__text', { hasText: words }).waitFor({ timeout: 30_000 });
    await frame.locator('.message-bubble--bot .message-bubble__text', { hasText: words }).waitFor({ timeout: 30_000 });
    if (process.env.MINI_SHOTS) await page.screenshot({ path: `${process.env.MINI_SHOTS}/embed-390.png` });
    await page.getByRole('button', { name: 'Close chat' }).click();
    expect(await page.locator('iframe[data-embed="frame"]').count()).toBe(0);
    await page.close();
  });

  it('a web session that expires (440) closes the frame; the bubble opens the bot again with a new session', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(allowed.url);
    await page.getByRole('button', { name: 'Chat with us' }).click();
    const frame = page.frameLocator('iframe[data-embed="frame"]');
    const input = frame.getByRole('textbox', { name: 'Message' });
    await input.waitFor({ timeout: 60_000 });
    await input.fill('before it expires');
    await input.press('Enter');
    await frame.locator('.message-bubble--bot .message-bubble__text', { hasText: 'before it expires' }).waitFor({ timeout: 30_000 });
    // 31 days later (sessions last 30): the next frame is refused, the address call answers 440
    skew = 31 * 24 * 3600_000;
    try {
      await input.fill('after it expired');
      await input.press('Enter');
      await expect.poll(() => page.locator('iframe[data-embed="frame"]').count(), { timeout: 30_000 }).toBe(0);
      await page.getByRole('button', { name: 'Chat with us' }).click();
      await page.frameLocator('iframe[data-embed="frame"]').getByRole('heading', { level: 1, name: 'Echo' }).waitFor({ timeout: 60_000 });
    } finally {
      skew = 0;
    }
    await page.close();
  });

  it('signed in: the page hands its user\'s token to the frame by postMessage (never in the address); the chat is that user\'s', async () => {
    // the website's visitor is signed in to the app (the website's own back end got the login token)
    const mobile = `+91${freshNationalNumber()}`;
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${app.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.status, path).toBe(200);
      return await res.json() as Record<string, unknown>;
    };
    await post('/mobile/send-otp', { mobile });
    const { loginToken } = await post('/mobile/verify-otp', { mobile, otp: TEST_OTP }) as { loginToken: string };
    const [member] = await app.db.query<{ user_uuid: string }>('SELECT user_uuid FROM users WHERE mobile = $1', [mobile]);

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(allowed.url);
    await page.evaluate((token) => (window as unknown as { ChatbotEmbed: { open(o: { accessToken: string }): void } }).ChatbotEmbed.open({ accessToken: token }), loginToken);
    expect(await page.locator('iframe[data-embed="frame"]').getAttribute('src')).toBe(`${app.url}/bot/${ECHO}?auth=1`);
    const frame = page.frameLocator('iframe[data-embed="frame"]');
    await frame.getByRole('heading', { level: 1, name: 'Echo' }).waitFor({ timeout: 60_000 });
    const words = `signed in from the website ${Date.now()}`;
    const input = frame.getByRole('textbox', { name: 'Message' });
    await input.fill(words);
    await input.press('Enter');
    await frame.locator('.message-bubble--bot .message-bubble__text', { hasText: words }).waitFor({ timeout: 30_000 });
    // the web session is the member's (started with the access token), for this bot
    const sessions = await app.db.query<{ bot_uuid: string; signed_in: boolean }>(
      'SELECT bot_uuid, login_token_hash IS NOT NULL AS signed_in FROM sessions WHERE user_uuid = $1 AND device_id IS NOT NULL', [member!.user_uuid]);
    expect(sessions).toEqual([{ bot_uuid: ECHO, signed_in: true }]);
    // and the token was in no address the browser asked for
    expect(requests.filter((u) => u.includes(loginToken))).toEqual([]);
    if (process.env.MINI_SHOTS) await page.screenshot({ path: `${process.env.MINI_SHOTS}/embed-signed-in-390.png` });
    await page.close();
  });

  it('signed-in mode with no token handed over: no guest session is opened in its place', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(allowed.url);
    // a frame asking for the signed-in mode whose page (not embed.js) never answers its question
    await page.evaluate((appUrl) => {
      const frame = document.createElement('iframe');
      frame.src = `${appUrl}/bot/${'1000000000000001'}?auth=1`;
      frame.setAttribute('data-embed', 'unanswered');
      document.body.appendChild(frame);
    }, app.url);
    const frame = page.frameLocator('iframe[data-embed="unanswered"]');
    await frame.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 60_000 });
    // it says the sign-in is missing, not that the internet is
    await frame.getByText(texts('en')('standalone.start.noSignInBody')).waitFor();
    expect(await frame.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    await page.close();
  });

  it('a website the app does not name cannot frame it', async () => {
    const page = await browser.newPage();
    const blocked = new Promise<boolean>((resolve) => {
      page.on('console', (m) => { if (/frame-ancestors|Refused to frame/i.test(m.text())) resolve(true); });
      setTimeout(() => resolve(false), 20_000);
    });
    await page.goto(stranger.url);
    await page.getByRole('button', { name: 'Chat with us' }).click();
    expect(await blocked).toBe(true);
    await page.close();
  });

  it('refuses a bot id that is not 16 digits', async () => {
    const res = await fetch(`${app.url}/embed.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toContain('data-bot-id must be a 16-digit bot id');
  });
});
