// Issue 18 remainders in the browser: a sub-page's header lines up with the page's column at a
// phone's and a desktop's width (its back arrow starts where the column's content does), and
// /manage-profile names the states in the user's language (Telugu: తెలంగాణ), the country too.
// SHOTS=dir saves /settings and /manage-profile in en and te at 390 and 1280 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, shotIfAsked } from './helpers/browser';
import { startAppServer } from './helpers/app-server';
import { notificationsDenied, openSignedIn } from './helpers/flows';
import { texts } from './helpers/messages';

let browser: Browser;
let server: Awaited<ReturnType<typeof startAppServer>>;

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The x of the back arrow's box and of the column's content (its box less its left padding). */
async function edges(page: Page): Promise<{ arrow: number; column: number }> {
  return page.evaluate(() => {
    const arrow = document.querySelector('header.page-header .page-header__icon svg')!.getBoundingClientRect().left;
    const main = document.querySelector('main')!;
    const column = main.getBoundingClientRect().left + parseFloat(getComputedStyle(main).paddingLeft);
    return { arrow, column };
  });
}

describe('sub-pages in en and te', () => {
  it.each(['en', 'te'] as const)('%s: the header lines up with the column at 390 and 1280 px; the profile names the states in the language', async (locale) => {
    const t = texts(locale);
    const { context, page } = await openSignedIn(browser, server.url, { locale, beforePage: notificationsDenied });
    try {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        await page.goto(`${server.url}/settings`);
        await page.locator('header.page-header').getByRole('heading', { name: t('settings.title'), level: 1 }).waitFor();
        const { arrow, column } = await edges(page);
        expect(Math.abs(arrow - column), `${width} px: arrow at ${arrow}, column at ${column}`).toBeLessThanOrEqual(1);
        await shotIfAsked(page, `${locale}-settings-${width}`);

        await page.goto(`${server.url}/manage-profile`);
        const state = page.getByLabel(t('profile.state'), { exact: true });
        await expect.poll(() => state.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(30);
        const options = await state.locator('option').allTextContents();
        expect(options).toContain(locale === 'te' ? 'తెలంగాణ' : 'Telangana');
        const countries = await page.getByLabel(t('profile.country'), { exact: true }).locator('option').allTextContents();
        expect(countries).toContain(locale === 'te' ? 'భారతదేశం' : 'India');
        const header = await edges(page);
        expect(Math.abs(header.arrow - header.column), `profile ${width} px`).toBeLessThanOrEqual(1);
        await shotIfAsked(page, `${locale}-manage-profile-${width}`);
      }
    } finally {
      await context.close();
    }
  });
});
