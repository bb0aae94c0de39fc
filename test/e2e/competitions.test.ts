// The competition zone in Debian's Chromium against the real server (issue 16): an entry with two
// images whose second upload is cut off by the network, a reload offline (the entry waits on the
// device), and the network back: one submission with both files, each uploaded once; a
// certificate opened in the in-app PDF viewer and read again offline after a reload; the
// leaderboard with the user's own rank. COMPETITION_SHOTS=<dir> saves screenshots (390 and
// 1280 px, English and Telugu).
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_COMPETITION_IDS } from '../../server/competition/seed';
import { BOT_MEDIA, BOT_MEDIA_DIR } from '../../server/media/bot-media';
import { readFileSync } from 'node:fs';
import { e2eStage } from './helpers/stage';
import { seriousAxeViolations } from './helpers/browser';
import { notificationsDenied, openSignedIn } from './helpers/flows';
import { texts, type Locale } from './helpers/messages';
import { userUuidOf } from './helpers/seed-thread';
import { waitForServiceWorker } from './helpers/service-worker';

const SHOTS = process.env.COMPETITION_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const stage = e2eStage();
const PNG = readFileSync(`${BOT_MEDIA_DIR}${BOT_MEDIA.png.file}`);

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

const signIn = (locale: Locale = 'en') => openSignedIn(stage.browser, stage.server.url, { locale, beforePage: notificationsDenied });

describe('competition zone', () => {
  it('an entry of two images survives a cut-off upload and a reload offline: one submission with both files', async () => {
    const en = texts('en');
    const { context, page, national } = await signIn('en');
    await waitForServiceWorker(page);
    const userUuid = await userUuidOf(stage.server.db, national);
    await page.goto(`${stage.server.url}/competition-zone`);
    await page.getByTestId('active-competitions').waitFor({ timeout: 30_000 });
    await shot(page, 'en-zone');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto(`${stage.server.url}/competition-details?competition=${DEMO_COMPETITION_IDS.drawing}`);
    await page.getByTestId('enter-competition').click({ timeout: 30_000 });
    await page.waitForURL(/\/competition-upload/);
    await page.getByTestId('entry-files').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: PNG },
      { name: 'back.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await page.getByLabel(en('competition.upload.name'), { exact: true }).fill('Asha Rao');
    await page.getByLabel(en('competition.upload.grade'), { exact: true }).fill('7');
    await shot(page, 'en-upload');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: en('competition.upload.preview') }).click();
    await page.getByTestId('entry-preview').waitFor();
    await shot(page, 'en-preview');

    // the second file's upload is cut off (and every later try, until the reload)
    let uploads = 0;
    let cut = true;
    await context.route('**/api/media-upload/**', async (route) => {
      uploads += 1;
      if (cut && uploads >= 2) return route.abort('connectionreset');
      return route.continue();
    });
    await page.getByTestId('submit-entry').click();
    await page.waitForURL(/\/competition-details/);
    await expect.poll(() => uploads, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    const queued = page.getByTestId('queued-entry');
    await queued.getByText(en('competition.queued.queued', { done: 1, total: 2 })).waitFor({ timeout: 30_000 });

    // reload with no network: the entry waits on the device
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('queued-entry').getByText(en('competition.queued.queued', { done: 1, total: 2 })).waitFor({ timeout: 30_000 });
    await shot(page, 'en-queued-offline');
    expect((await stage.server.db.query('SELECT 1 FROM competition_submissions WHERE user_uuid = $1', [userUuid])).length).toBe(0);

    // the network comes back
    cut = false;
    await context.unroute('**/api/media-upload/**');
    await context.setOffline(false);
    await expect.poll(async () => (await stage.server.db.query('SELECT 1 FROM competition_submissions WHERE user_uuid = $1', [userUuid])).length, { timeout: 60_000 }).toBe(1);
    const files = await stage.server.db.query<{ n: number; uploaded: number }>(
      `SELECT (SELECT count(*)::int FROM competition_submission_media sm JOIN competition_submissions s ON s.submission_uuid = sm.submission_uuid WHERE s.user_uuid = $1) AS n,
              (SELECT count(*)::int FROM media WHERE user_uuid = $1 AND purpose = 'competition' AND uploaded_at IS NOT NULL) AS uploaded`, [userUuid]);
    // both files in the entry, and each uploaded once
    expect(files[0]).toEqual({ n: 2, uploaded: 2 });
    await page.getByText(en('competition.details.entered')).waitFor({ timeout: 30_000 });
    await context.close();
  });

  it('a certificate opens in the PDF viewer, again offline after a reload; the leaderboard shows the user\'s rank', async () => {
    for (const locale of ['en', 'te'] as const) {
      const t = texts(locale);
      const { context, page, national } = await signIn(locale);
      await waitForServiceWorker(page);
      const userUuid = await userUuidOf(stage.server.db, national);
      // the user's entry in the science competition, judged: 40 points, last of the six
      await stage.server.db.query(
        `INSERT INTO competition_submissions (submission_uuid, competition_uuid, user_uuid, user_name, user_grade, media_kind, status, score, created_at)
         VALUES (gen_random_uuid(), $1, $2, 'శ్రీలక్ష్మి', '8', 'video', 'approved', 40, 0)`, [DEMO_COMPETITION_IDS.scienceVideo, userUuid]);

      await page.goto(`${stage.server.url}/leaderboards?competition=${DEMO_COMPETITION_IDS.scienceVideo}`);
      const total = (await stage.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM competition_submissions WHERE competition_uuid = $1 AND status = 'approved' AND score IS NOT NULL`, [DEMO_COMPETITION_IDS.scienceVideo]))[0]!.n;
      // ties share a rank: 1 + those scoring more than 40
      const rank = 1 + (await stage.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM competition_submissions WHERE competition_uuid = $1 AND status = 'approved' AND score > 40`, [DEMO_COMPETITION_IDS.scienceVideo]))[0]!.n;
      await page.getByTestId('my-rank').getByText(t('competition.leaderboard.you', { rank, total })).waitFor({ timeout: 30_000 });
      await page.locator('.leaderboard__mine').first().waitFor();
      await shot(page, `${locale}-leaderboard`);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.goto(`${stage.server.url}/my-certificates`);
      const cert = page.getByTestId('certificate').first();
      await cert.waitFor({ timeout: 30_000 });
      await shot(page, `${locale}-certificates`);
      await cert.getByRole('link').click();
      await page.waitForURL(/\/pdf-viewer/);
      await expect.poll(() => page.getByTestId('pdf-pages').getAttribute('data-state'), { timeout: 30_000 }).toBe('shown');
      await page.getByRole('img', { name: t('competition.pdf.page', { n: 1 }) }).waitFor();
      await page.getByRole('link', { name: t('competition.pdf.download') }).waitFor();
      await shot(page, `${locale}-pdf`);
      // pdf.js is not precached (vite.config.ts LAZY_CACHED_MODULES): its first use cached it
      const cached = await page.evaluate(async () => {
        const inCache = async (name: string) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
        const precache = (await caches.keys()).find((k) => k.startsWith('workbox-precache'));
        return { lazy: await inCache('lazy-assets'), precache: precache ? await inCache(precache) : [] };
      });
      expect(cached.lazy.some((p) => /^\/assets\/lazy\/pdf\.worker/.test(p))).toBe(true);
      expect(cached.precache.some((p) => p.includes('/assets/lazy/') || p.includes('pdf.worker'))).toBe(false);

      // offline, reloaded: read from the device
      await context.setOffline(true);
      await page.reload();
      await expect.poll(() => page.getByTestId('pdf-pages').getAttribute('data-state'), { timeout: 30_000 }).toBe('shown');
      await context.setOffline(false);
      await context.close();
    }
  });
});
