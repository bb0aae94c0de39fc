// Attachments and media in Debian's Chromium against the real server, through a proxy that
// paces uploads and downloads (helpers/api-cut-proxy.ts) so their progress can be watched, and can
// cut the API for the offline reload. Upload an image to the Showcase bot and watch the progress
// climb to the end and the image show; rejected files show their toasts; a bot image downloads
// with progress and is still shown after going offline and reloading the thread.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, seriousAxeViolations } from './helpers/browser';
import { startAppServer } from './helpers/app-server';
import { openSignedIn } from './helpers/flows';
import { texts } from './helpers/messages';
import { startApiCutProxy, type ApiCutProxy } from './helpers/api-cut-proxy';

const en = texts('en');
const SHOWCASE = '1000000000000004';

let server: Awaited<ReturnType<typeof startAppServer>>;
let browser: Browser;
let proxy: ApiCutProxy;

beforeAll(async () => {
  server = await startAppServer();
  // uploads at 1 MB/s, downloads at 40 KB/s: slow enough to watch their progress
  proxy = await startApiCutProxy(server.url, { pace: { upload: 1024 * 1024, download: 40 * 1024 } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await server?.close();
});

async function showcaseThread(): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openSignedIn(browser, proxy.url);
  await page.goto(`${proxy.url}/chat/${SHOWCASE}`);
  await page.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
  await page.getByRole('button', { name: en('attach.button') }).waitFor();
  return { context, page };
}

/** Records every value the progress bars of media messages show, in order. */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __progress: number[] }).__progress = seen;
    const note = () => {
      for (const bar of document.querySelectorAll('.media-msg [role=progressbar]')) {
        const v = Number(bar.getAttribute('aria-valuenow'));
        if (seen.at(-1) !== v) seen.push(v);
      }
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}
const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);

/** Picks files as a person does: the attach button, a menu option, then the file chooser. */
async function choose(page: Page, option: 'image-gallery' | 'document', files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  await page.getByRole('button', { name: en('attach.button') }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: en(`attach.option.${option}`) }).click();
  await (await chooser).setFiles(files);
}

describe('attachments', () => {
  it('uploads an image to Showcase: preview, progress up to the end, then the image and the bot\'s answer', async () => {
    const { context, page } = await showcaseThread();
    // the menu offers what a browser with no native capture may use
    await page.getByRole('button', { name: en('attach.button') }).click();
    await page.getByRole('menuitem', { name: en('attach.option.image-gallery') }).waitFor();
    await page.keyboard.press('Escape');

    // a 900x700 noise PNG (about 2 MB: noise does not compress), made by the browser itself
    const png = Buffer.from(await page.evaluate(async () => {
      const canvas = new OffscreenCanvas(900, 700);
      const ctx = canvas.getContext('2d')!;
      const img = ctx.createImageData(900, 700);
      for (let i = 0; i < img.data.length; i += 4) {
        img.data[i] = Math.random() * 256; img.data[i + 1] = Math.random() * 256; img.data[i + 2] = Math.random() * 256; img.data[i + 3] = 255;
      }
      ctx.putImageData(img, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      // as base64: a 2 MB array of numbers through evaluate takes a minute
      return new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
        reader.readAsDataURL(blob);
      });
    }), 'base64');
    expect(png.length).toBeGreaterThan(1_000_000);
    await recordProgress(page);
    await choose(page, 'image-gallery', [{ name: 'noise.png', mimeType: 'image/png', buffer: png }]);
    const preview = page.getByRole('dialog', { name: en('attach.preview.image') });
    await preview.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await preview.getByRole('button', { name: en('attach.preview.send') }).click();

    const bubble = page.locator('.message-bubble--user').filter({ has: page.getByTestId('media-image') }).last();
    await bubble.getByRole('progressbar', { name: en('media.upload.progress') }).waitFor();
    // the bot answers only once the upload (204) and the send went through
    await page.locator('.message-bubble--bot').filter({ hasText: /Got your image “noise\.png”/ }).waitFor({ timeout: 30_000 });
    expect(await bubble.getByRole('progressbar').count()).toBe(0);
    await bubble.getByTestId('media-image').waitFor();
    expect(await bubble.getByTestId('media-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(900);
    // The bar was shown from 0 and climbed to 100 before it gave way to the image. (How many
    // steps between shows depends on the loopback's socket buffers, which take in megabytes before
    // the browser's upload progress moves: the intermediate steps are checked on the download
    // below and in test/unit/sync/media.test.ts.)
    const seen = await progressSeen(page);
    expect(seen[0], `progress values: ${seen.join(',')}`).toBe(0);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(seen.at(-1)).toBe(100);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  }, 120_000);

  it('an image over 1920 px is scaled, and a crop applied, in the sync worker before upload (JPEG)', async () => {
    const { context, page } = await showcaseThread();
    // a 2400x1200 gradient (small as a PNG): no crop → scaled to 1920x960; cropped to the left 80 %
    // → 1920x1200, which fits and is not scaled (uncropped it would be 1920x960)
    const wide = Buffer.from(await page.evaluate(async () => {
      const canvas = new OffscreenCanvas(2400, 1200);
      const ctx = canvas.getContext('2d')!;
      const g = ctx.createLinearGradient(0, 0, 2400, 1200);
      g.addColorStop(0, '#0b6e63');
      g.addColorStop(1, '#f0b840');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, 2400, 1200);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      return new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
        reader.readAsDataURL(blob);
      });
    }), 'base64');
    const preview = page.getByRole('dialog', { name: en('attach.preview.image') });
    await choose(page, 'image-gallery', [{ name: 'wide.png', mimeType: 'image/png', buffer: wide }]);
    await preview.getByRole('button', { name: en('attach.preview.send') }).click();
    await page.locator('.message-bubble--bot').filter({ hasText: /Got your image “wide\.png”/ }).waitFor({ timeout: 30_000 });

    await choose(page, 'image-gallery', [{ name: 'cropped.png', mimeType: 'image/png', buffer: wide }]);
    await preview.getByRole('button', { name: en('attach.preview.crop') }).click();
    const box = preview.getByRole('group', { name: en('attach.preview.cropArea') });
    await box.focus();
    for (let i = 0; i < 4; i += 1) await box.press('Shift+ArrowLeft');
    await preview.getByRole('button', { name: en('attach.preview.cropDone') }).click();
    await preview.getByRole('button', { name: en('attach.preview.send') }).click();
    const answer = page.locator('.message-bubble--bot').filter({ hasText: /Got your image “cropped\.png”/ });
    await answer.waitFor({ timeout: 30_000 });

    const sizes = await page.locator('.message-bubble--user').getByTestId('media-image').evaluateAll((imgs) =>
      Promise.all((imgs as HTMLImageElement[]).map(async (img) => {
        if (!img.complete) await new Promise((r) => img.addEventListener('load', r, { once: true }));
        const type = (await (await fetch(img.src)).blob()).type;
        return `${img.naturalWidth}x${img.naturalHeight} ${type}`;
      })));
    expect(sizes).toEqual(['1920x960 image/jpeg', '1920x1200 image/jpeg']);
    await context.close();
  }, 120_000);

  it('a rejected file shows its toast and nothing is sent: .exe, 0 bytes, a mix of image and document', async () => {
    const { context, page } = await showcaseThread();
    const before = await page.locator('.message-bubble--user').count();
    const toast = page.getByTestId('file-toast');
    await choose(page, 'document', [{ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') }]);
    await expect.poll(() => toast.locator('.file-toast__text').textContent()).toBe(en('error.attachment.unsupportedExtension', { ext: 'exe' }));
    await toast.getByRole('button', { name: en('toast.dismiss') }).click();
    await choose(page, 'image-gallery', [{ name: 'empty.png', mimeType: 'image/png', buffer: Buffer.alloc(0) }]);
    await expect.poll(() => toast.locator('.file-toast__text').textContent()).toBe(en('error.attachment.empty'));
    await toast.getByRole('button', { name: en('toast.dismiss') }).click();
    await choose(page, 'image-gallery', [
      { name: 'a.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
      { name: 'b.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
    ]);
    await expect.poll(() => toast.locator('.file-toast__text').textContent()).toBe(en('error.attachment.allImages'));
    // the toast goes by itself
    await toast.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.locator('.message-bubble--user').count()).toBe(before);
    await context.close();
  });

  it('a document asks "Send … to Showcase" first; denied, nothing is sent', async () => {
    const { context, page } = await showcaseThread();
    await choose(page, 'document', [{ name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') }]);
    const dialog = page.getByRole('alertdialog', { name: en('attach.document.confirm', { name: 'report.pdf', bot: 'Showcase' }) });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: en('attach.document.deny') }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.locator('.message-bubble--user').filter({ hasText: 'report.pdf' }).count()).toBe(0);
    await context.close();
  });

  it('a bot image downloads with progress, and is still shown offline after a reload', async () => {
    const { context, page } = await showcaseThread();
    await recordProgress(page);
    const input = page.getByRole('textbox', { name: en('chat.input.label') });
    await input.fill('image');
    await input.press('Enter');
    // Photo is auto-downloaded by default
    const image = page.locator('.message-bubble--bot').getByTestId('media-image').first();
    await image.waitFor({ timeout: 20_000 });
    const seen = await progressSeen(page);
    expect(seen.some((v) => v > 0 && v < 100), `progress values: ${seen.join(',')}`).toBe(true);
    // audio is not auto-downloaded: its tile offers the download with the size
    await input.fill('audio');
    await input.press('Enter');
    const audioTile = page.locator('.message-bubble--bot').filter({ has: page.locator('.media-msg__title') }).getByTestId('media-tile').first();
    await audioTile.getByRole('button', { name: /^Download \(\d+(\.\d)? KB\)$/ }).click();
    await page.locator('.message-bubble--bot').getByTestId('media-audio').first().waitFor({ timeout: 20_000 });

    proxy.cut(true);
    try {
      await page.reload();
      await page.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
      const again = page.locator('.message-bubble--bot').getByTestId('media-image').first();
      await again.waitFor();
      await expect.poll(() => again.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await again.getAttribute('src')).toMatch(/^blob:/);
      expect(await page.locator('.message-bubble--bot').getByTestId('media-audio').count()).toBeGreaterThan(0);
    } finally {
      proxy.cut(false);
    }
    await context.close();
  });
});
