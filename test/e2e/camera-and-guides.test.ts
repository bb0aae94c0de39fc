// Issue 18's remaining screens in Debian's Chromium against the real server. The camera is
// Chromium's fake capture device playing a Y4M video made here from a real QR code (the qrcode
// package draws the matrix; the frames are written as raw YUV 4:2:0), so the scanner decodes a
// real picture: a bot link opens that bot's chat with the QR sound; another site's link is shown
// and not opened. Photos taken on the capture screen reach the chat as image attachments (the
// bot confirms each). The welcome banner and the tour show once, by their flags.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { DEFAULT_REMOTE_FLAGS, type RemoteFlags } from '../../src/api/remote-flags';
import { chromiumPath, seriousAxeViolations, shotIfAsked } from './helpers/browser';
import { startAppServer } from './helpers/app-server';
import { notificationsDenied, openSignedIn } from './helpers/flows';
import { texts } from './helpers/messages';

const en = texts('en');
const SHOWCASE = '1000000000000004';
const W = 640;
const H = 480;

/** A Y4M video of `frames` frames showing the QR code of `text`, black on white, centred. */
function qrVideo(file: string, text: string, frames = 10): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const scale = Math.floor((Math.min(W, H) * 0.7) / (size + 8));
  const x0 = Math.floor((W - size * scale) / 2);
  const y0 = Math.floor((H - size * scale) / 2);
  const y = Buffer.alloc(W * H, 235);
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      if (!qr.modules.get(r, c)) continue;
      for (let dy = 0; dy < scale; dy++) y.fill(16, (y0 + r * scale + dy) * W + x0 + c * scale, (y0 + r * scale + dy) * W + x0 + (c + 1) * scale);
    }
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: frames }, () => frame)]));
}

/** Chromium with a fake camera that plays `video`, and camera permission granted. */
function cameraBrowser(video: string): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}

/** Counts the app's sounds: every oscillator the page starts. */
async function countSounds(context: BrowserContext): Promise<void> {
  await notificationsDenied(context);
  await context.addInitScript(() => {
    const w = window as unknown as { __tones: number };
    w.__tones = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function createOscillator(this: AudioContext) {
      w.__tones += 1;
      return original.call(this);
    };
  });
}
const tones = (page: Page) => page.evaluate(() => (window as unknown as { __tones: number }).__tones);

let server: Awaited<ReturnType<typeof startAppServer>>;
let flags: RemoteFlags = { ...DEFAULT_REMOTE_FLAGS };
let dir: string;
const browsers: Browser[] = [];

beforeAll(async () => {
  server = await startAppServer({ server: { remoteFlags: () => flags } });
  dir = mkdtempSync(join(tmpdir(), 'qr-video-'));
});

afterAll(async () => {
  for (const b of browsers) await b.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function browserShowing(text: string): Promise<Browser> {
  const file = join(dir, `qr-${browsers.length}.y4m`);
  qrVideo(file, text);
  const browser = await cameraBrowser(file);
  browsers.push(browser);
  return browser;
}

describe('QR scan', () => {
  it('opens the bot a scanned app link names, with the QR sound', async () => {
    const browser = await browserShowing(`${server.url}/chat/${SHOWCASE}`);
    const { context, page } = await openSignedIn(browser, server.url, { beforePage: countSounds });
    // as a person finds it: the menu, where the scanner is highlighted as new
    await page.getByTestId('highlight-dot').waitFor();
    await page.getByRole('button', { name: en('menu.open.new') }).click();
    await page.getByRole('link', { name: new RegExp(en('menu.qr')) }).click();
    await page.waitForURL(new RegExp(`/chat/${SHOWCASE}$`), { timeout: 30_000 });
    await page.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
    expect(await tones(page)).toBeGreaterThan(0);
    // the highlight was seen: not shown again
    await page.goto(`${server.url}/home`);
    await page.getByRole('button', { name: en('menu.open') }).waitFor();
    expect(await page.getByTestId('highlight-dot').count()).toBe(0);
    await context.close();
  }, 120_000);

  it('shows another site\'s link as text and does not open it', async () => {
    const evil = 'https://evil.example/chat/1000000000000004';
    const browser = await browserShowing(evil);
    const { context, page } = await openSignedIn(browser, server.url, { beforePage: countSounds });
    await page.goto(`${server.url}/qr-code-scan`);
    await page.getByTestId('qr-result').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('qr-result-text').textContent()).toBe(evil);
    expect(new URL(page.url()).pathname).toBe('/qr-code-scan');
    expect(await page.getByRole('link', { name: evil }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  }, 120_000);

  it('says so when the camera is refused', async () => {
    const browser = await browserShowing('unused');
    const { context, page } = await openSignedIn(browser, server.url, {
      beforePage: async (c) => {
        await notificationsDenied(c);
        await c.addInitScript(() => {
          navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
        });
      },
    });
    await page.goto(`${server.url}/qr-code-scan`);
    await page.getByRole('alert').filter({ hasText: en('camera.denied') }).waitFor();
    await page.getByRole('button', { name: en('camera.retry') }).waitFor();
    await context.close();
  }, 120_000);
});

describe('camera capture', () => {
  it('takes two photos on the camera screen and sends them to the chat as images', async () => {
    const browser = await browserShowing('photo');
    const { context, page } = await openSignedIn(browser, server.url, { beforePage: notificationsDenied });
    await page.goto(`${server.url}/chat/${SHOWCASE}`);
    await page.getByRole('button', { name: en('attach.button') }).click();
    await page.getByRole('menuitem', { name: en('attach.option.camera-image') }).click();
    await page.waitForURL(/\/desktop-media-capture\?bot=1000000000000004/);
    const shutter = page.getByRole('button', { name: en('capture.photo.take') });
    await shutter.click();
    await page.getByRole('status').filter({ hasText: en('capture.photo.count', { n: 1, max: 20 }) }).waitFor();
    await shutter.click();
    await page.getByRole('status').filter({ hasText: en('capture.photo.count', { n: 2, max: 20 }) }).waitFor();
    await shotIfAsked(page, 'capture-390');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: en('capture.photo.done') }).click();
    await page.waitForURL(/\/images-captured/);
    const preview = page.getByRole('dialog', { name: en('attach.preview.image') });
    await preview.getByRole('button', { name: en('attach.preview.send') }).click();
    await page.waitForURL(new RegExp(`/chat/${SHOWCASE}$`));
    // the normal attachment path: kept on the device, uploaded, sent; the bot confirms each
    await page.locator('.message-bubble--bot').filter({ hasText: /Got your image “photo-\d{14}-1\.jpg”/ }).waitFor({ timeout: 60_000 });
    await page.locator('.message-bubble--bot').filter({ hasText: /Got your image “photo-\d{14}-2\.jpg”/ }).waitFor({ timeout: 60_000 });
    await context.close();
  }, 180_000);

  it('records a video on /video-capture, previews it and sends it: a video message in the thread and on the server', async () => {
    const browser = await browserShowing('video');
    const { context, page, national } = await openSignedIn(browser, server.url, { beforePage: notificationsDenied });
    await page.goto(`${server.url}/video-capture?bot=${SHOWCASE}`);
    await page.getByRole('button', { name: en('capture.video.start') }).click();
    await page.getByRole('timer').filter({ hasText: en('capture.video.elapsed', { seconds: 2 }) }).waitFor();
    await shotIfAsked(page, 'video-recording-390');
    await page.getByRole('button', { name: en('capture.video.stop') }).click();
    const preview = page.getByRole('dialog', { name: en('attach.preview.video') });
    await preview.waitFor();
    // the preview holds what was recorded: a video the browser can read, with frames
    await expect.poll(() => preview.locator('video').evaluate((v: HTMLVideoElement) => v.readyState >= 1 && v.videoWidth > 0)).toBe(true);
    await shotIfAsked(page, 'video-preview-390');
    await preview.getByRole('button', { name: en('attach.preview.send') }).click();
    await page.waitForURL(new RegExp(`/chat/${SHOWCASE}$`));
    // the normal attachment path: uploaded, sent as a video message; the bot names the file
    const confirm = page.locator('.message-bubble--bot').filter({ hasText: /Got your video “video-\d{14}\.(webm|mp4)”/ });
    await confirm.waitFor({ timeout: 60_000 });
    const name = /“(video-\d{14}\.(?:webm|mp4))”/.exec((await confirm.textContent()) ?? '')?.[1];
    await page.locator('.message-bubble--user video').waitFor();
    const [user] = await server.db.query<{ user_uuid: string }>('SELECT user_uuid FROM users WHERE mobile LIKE $1', [`%${national}`]);
    const rows = await server.db.query<{ payload: Record<string, unknown> | string }>(
      "SELECT payload FROM messages WHERE user_uuid = $1 AND sender = 'user' AND type = 'video'", [user!.user_uuid],
    );
    expect(rows).toHaveLength(1);
    const payload = typeof rows[0]!.payload === 'string' ? JSON.parse(rows[0]!.payload) as Record<string, unknown> : rows[0]!.payload;
    expect(payload).toMatchObject({ media: { name } });
    await shotIfAsked(page, 'video-sent-390');
    await context.close();
  }, 180_000);
});

describe('welcome banner and tour', () => {
  it('shows the banner and the tour once, in the design the flag picks, and not when toggled off', async () => {
    const browser = await browserShowing('guides');
    flags = { ...DEFAULT_REMOTE_FLAGS, welcome_banner_design: 'festive' };
    const { context, page } = await openSignedIn(browser, server.url, { beforePage: notificationsDenied });
    const banner = page.getByTestId('welcome-banner');
    await banner.waitFor();
    expect(await banner.getAttribute('data-design')).toBe('festive');
    await page.getByRole('heading', { name: en('welcome.title.festive') }).waitFor();
    await shotIfAsked(page, 'welcome-390');
    await banner.getByRole('button', { name: en('welcome.tour') }).click();
    const tour = page.getByRole('dialog', { name: en('tour.discover.title') });
    await tour.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    for (const next of ['tour.chat.title', 'tour.post.title', 'tour.menu.title'] as const) {
      await page.getByRole('button', { name: en('tour.next') }).click();
      await page.getByRole('dialog', { name: en(next) }).waitFor();
    }
    await page.getByRole('button', { name: en('tour.done') }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await banner.count()).toBe(0);
    // remembered on the device: a reload shows neither
    await page.reload();
    await page.getByRole('button', { name: en('menu.open') }).or(page.getByRole('button', { name: en('menu.open.new') })).waitFor();
    expect(await page.getByTestId('welcome-banner').count()).toBe(0);
    expect(await page.getByTestId('app-tour').count()).toBe(0);
    await context.close();

    // another device with the banner and the menu toggled off: once the flags came (the menu,
    // shown by default, goes away) there is no banner; then on again: the default design
    flags = { ...DEFAULT_REMOTE_FLAGS, welcome_banner_enable: false, hamburger_menu_enable: false };
    const second = await openSignedIn(browser, server.url, { beforePage: notificationsDenied });
    await second.page.getByRole('tab', { name: en('home.tab.discover') }).waitFor();
    await second.page.getByTestId('hamburger-button').waitFor({ state: 'detached' });
    expect(await second.page.getByTestId('welcome-banner').count()).toBe(0);
    flags = { ...DEFAULT_REMOTE_FLAGS };
    await second.page.reload();
    await second.page.getByTestId('welcome-banner').waitFor();
    expect(await second.page.getByTestId('welcome-banner').getAttribute('data-design')).toBe('default');
    await second.context.close();
  }, 180_000);
});
