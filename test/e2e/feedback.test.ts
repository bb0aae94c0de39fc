// Feedback, FAQs and terms as a person uses them (issue 5 part 7): feedback with a screenshot
// reaches the server's table, a refused screenshot shows 'Error sending feedback', offline the
// screen says feedback needs the internet; the FAQs come in the app's language (Hindi) and stay
// readable offline; the terms page opens with its privacy section. Axe on each screen.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, seriousAxeViolations } from './helpers/browser';
import { startAppServer } from './helpers/app-server';
import { openSignedIn } from './helpers/flows';
import { texts } from './helpers/messages';
import { BOT_MEDIA, BOT_MEDIA_DIR } from '../../server/media/bot-media';
import { appFaqs } from '../../server/feedback/faqs';
import { DEFAULT_REMOTE_FLAGS } from '../../src/api/remote-flags';

const en = texts('en');
const hi = texts('hi');

let server: Awaited<ReturnType<typeof startAppServer>>;
let browser: Browser;

// an outside privacy policy, so the terms page links to it
const PRIVACY_URL = 'https://example.invalid/privacy';

beforeAll(async () => {
  server = await startAppServer({ server: { remoteFlags: { ...DEFAULT_REMOTE_FLAGS, privacy_policy_url: PRIVACY_URL } } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const png = readFileSync(`${BOT_MEDIA_DIR}${BOT_MEDIA.png.file}`);

describe('feedback, FAQs and terms', () => {
  it('sends feedback with a screenshot; a refused upload and offline say so', async () => {
    const { context, page } = await openSignedIn(browser, server.url, { name: 'Ravi' });
    await page.getByRole('link', { name: en('settings.title') }).click();
    await page.getByRole('link', { name: en('settings.help.feedback') }).click();
    await page.getByRole('heading', { name: en('feedback.title'), level: 1 }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // nothing chosen: the screen says what is missing and sends nothing
    await page.getByRole('button', { name: en('feedback.send') }).click();
    await page.getByText(en('feedback.chooseLike')).waitFor();
    await page.getByText(en('feedback.contentRequired')).waitFor();

    // a file that claims to be a PNG but is not: the server refuses the upload → §8 toast
    await page.getByRole('radio', { name: en('feedback.dislike') }).check();
    await page.getByLabel(en('feedback.content')).fill('Bad picture');
    await page.locator('input[type=file]').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a png at all, just text padding'.repeat(4)) });
    await page.getByRole('button', { name: en('feedback.send') }).click();
    await page.getByRole('status').filter({ hasText: en('error.operation.sendFeedback') }).waitFor();

    // a real screenshot: stored with the feedback, then thanks and back to settings
    await page.getByRole('button', { name: en('feedback.screenshotRemove') }).click();
    await page.getByRole('radio', { name: en('feedback.like') }).check();
    const text = `Works well offline ${Date.now()}`;
    await page.getByLabel(en('feedback.content')).fill(text);
    await page.getByText(en('feedback.counter', { count: text.length, max: 2000 })).waitFor();
    await page.getByLabel(en('feedback.email')).fill('ravi@example.com');
    await page.locator('input[type=file]').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: png });
    await page.getByText(en('feedback.screenshotChosen', { name: 'screen.png' })).waitFor();
    await page.getByRole('button', { name: en('feedback.send') }).click();
    await page.getByRole('status').filter({ hasText: en('feedback.thanks') }).waitFor();
    await page.getByRole('heading', { name: en('settings.title'), level: 1 }).waitFor();
    const rows = await server.db.query<{ does_like: boolean; email: string; purpose: string; uploaded: boolean; size: number }>(
      `SELECT f.does_like, f.email, m.purpose, m.uploaded_at IS NOT NULL AS uploaded, m.size::int AS size
       FROM feedback f JOIN media m ON m.media_uuid = f.screenshot_uuid WHERE f.content = $1`, [text]);
    expect(rows).toEqual([{ does_like: true, email: 'ravi@example.com', purpose: 'feedback', uploaded: true, size: png.length }]);
    expect((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM feedback WHERE content = $1', ['Bad picture']))[0]!.n).toBe(0);

    // offline: the screen says feedback needs the internet and the button is off
    await page.getByRole('link', { name: en('settings.help.feedback') }).click();
    await page.getByRole('heading', { name: en('feedback.title'), level: 1 }).waitFor();
    await context.setOffline(true);
    await page.getByText(en('feedback.offline')).waitFor();
    expect(await page.getByRole('button', { name: en('feedback.send') }).isDisabled()).toBe(true);
    await context.setOffline(false);
    await expect.poll(() => page.getByRole('button', { name: en('feedback.send') }).isDisabled()).toBe(false);

    // the settings help card: the support line is a tel: link
    await page.getByRole('button', { name: en('common.back') }).click();
    const phone = page.getByRole('link', { name: /\+91 80 4718 2000/ });
    expect(await phone.getAttribute('href')).toBe('tel:+918047182000');
    await context.close();
  });

  it('shows the FAQs in Hindi (offline too after the first read) and the terms page', async () => {
    const { context, page } = await openSignedIn(browser, server.url, { locale: 'hi', name: 'सीता' });
    await page.getByRole('link', { name: hi('settings.title') }).click();

    const faqs = appFaqs('hi');
    await page.getByRole('link', { name: hi('settings.help.faqs') }).click();
    await page.getByRole('heading', { name: hi('faqs.title'), level: 1 }).waitFor();
    await page.getByText(faqs[0]!.answer).waitFor();
    expect(await page.locator('summary').allTextContents()).toEqual(faqs.map((f) => f.question));
    // the accordion: a closed question opens on a tap
    await page.getByText(faqs[2]!.question).click();
    await page.getByText(faqs[2]!.answer).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // offline, the page reads them from this device
    await context.setOffline(true);
    await page.getByRole('button', { name: hi('common.back') }).click();
    await page.getByRole('link', { name: hi('settings.help.faqs') }).click();
    await page.getByText(faqs[0]!.answer).waitFor();
    expect(await page.locator('summary').count()).toBe(faqs.length);

    // terms: the text and the privacy section (its chunk was never fetched here, so online)
    await context.setOffline(false);
    await page.getByRole('button', { name: hi('common.back') }).click();
    await page.getByRole('link', { name: hi('settings.help.terms') }).click();
    await page.getByRole('heading', { name: hi('terms.title'), level: 1 }).waitFor();
    await page.getByText(hi('terms.use')).waitFor();
    await page.getByRole('heading', { name: hi('terms.privacyTitle') }).waitFor();
    await page.getByText(hi('terms.privacyBody')).waitFor();
    // the privacy link follows the remote flag privacy_policy_url
    await expect.poll(() => page.getByRole('link', { name: hi('terms.privacyLink') }).getAttribute('href', { timeout: 1000 }).catch(() => null)).toBe(PRIVACY_URL);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
