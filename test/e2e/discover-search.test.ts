// Discover's search as a person uses it (issue 11 B): results come while typing (no Enter), in the
// user's language too (Hindi "किसान" finds Kisan Mitra), everything Discover shows is found
// (Echo, Saathi Shop, Live Quiz), and Back (the browser's and the screen's) closes the search
// and stays on Home.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eStage } from './helpers/stage';
import { openSignedIn } from './helpers/flows';
import { texts, type Locale } from './helpers/messages';

const stage = e2eStage();

async function openSearch(page: Page, locale: Locale) {
  const t = texts(locale);
  await page.getByRole('heading', { name: t('home.discover.recommended') }).waitFor();
  await page.getByRole('button', { name: t('home.discover.search.label') }).click();
  return page.getByRole('searchbox', { name: t('home.discover.search.label') });
}

const botHits = (page: Page) => page.locator('section[aria-labelledby="search-bots"]');

describe('Discover search', () => {
  it('shows results while typing, without Enter, and finds what Discover shows', async () => {
    const { context, page } = await openSignedIn(stage.browser, stage.url);
    const en = texts('en');
    const box = await openSearch(page, 'en');
    await box.pressSequentially('kisan');
    await botHits(page).getByRole('heading', { name: /Kisan Mitra/ }).waitFor();
    expect(await box.inputValue()).toBe('kisan');

    await box.fill('echo');
    await botHits(page).getByRole('heading', { name: /^Echo/ }).waitFor();
    await box.fill('saathi shop');
    await botHits(page).getByRole('heading', { name: /Saathi Shop/ }).waitFor();
    // Live Quiz is found as what it is: in the quizzes and competitions, not among the mini apps
    await box.fill('live quiz');
    const contests = page.locator('section[aria-labelledby="search-contests"]');
    await contests.getByRole('heading', { name: en('home.discover.search.contests') }).waitFor();
    await contests.getByRole('button', { name: /Live Quiz/ }).waitFor();
    expect(await page.locator('section[aria-labelledby="search-mini-apps"]').count()).toBe(0);
    await context.close();
  });

  it('finds Kisan Mitra by the Hindi word किसान in Hindi', async () => {
    const { context, page } = await openSignedIn(stage.browser, stage.url, { locale: 'hi' });
    const box = await openSearch(page, 'hi');
    await box.fill('किसान');
    await botHits(page).getByRole('heading', { name: /Kisan Mitra/ }).waitFor();
    await context.close();
  });

  it('Back closes the search and stays on Home: the browser back and the screen\'s back button', async () => {
    const { context, page } = await openSignedIn(stage.browser, stage.url);
    const en = texts('en');
    const recommended = page.getByRole('heading', { name: en('home.discover.recommended') });
    let box = await openSearch(page, 'en');
    await box.fill('kisan');
    await botHits(page).getByRole('heading', { name: /Kisan Mitra/ }).waitFor();
    await page.goBack();
    await recommended.waitFor();
    expect(await page.getByRole('searchbox', { name: en('home.discover.search.label') }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/home');

    box = await openSearch(page, 'en');
    await box.fill('echo');
    await page.getByRole('button', { name: en('home.discover.search.back') }).click();
    await recommended.waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(await page.getByRole('searchbox', { name: en('home.discover.search.label') }).count()).toBe(0);
    await context.close();
  });
});
