// Discovery as a person uses it, in Debian's Chromium against the real server: open a bot from
// Discover, talk to it and find it in the Chat tab; search (bots-only and mini-app rules, recent
// searches kept across a reload, clearing them); the category chips; and the Discover tab and a
// search with the API unreachable after a reload (all from RxDB). axe on every screen.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { e2eStage } from './helpers/stage';
import { seriousAxeViolations } from './helpers/browser';
import { notificationsDenied, openSignedIn } from './helpers/flows';
import { texts } from './helpers/messages';
import { botBubble, sendText } from './helpers/chat';

const en = texts('en');
const KISAN_MITRA_ID = '1000000000000103';

const stage = e2eStage({ proxy: true });

async function signedInPage(): Promise<{ context: BrowserContext; page: Page }> {
  // notifications denied: the app's notification prompt (home, 2 s after the first conversation)
  // would otherwise cover home at a moment that depends on the machine's speed (it made the Post
  // tab inert in 2 of 3 tries of the full run); the prompt's own tests are shell and push
  const { context, page } = await openSignedIn(stage.browser, stage.proxy.url, { beforePage: notificationsDenied });
  await page.getByRole('heading', { name: en('home.discover.recommended') }).waitFor();
  return { context, page };
}

async function expectAxeClean(page: Page, where: string): Promise<void> {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${where}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

const recommended = (page: Page) => page.locator('section[aria-labelledby="discover-recommended"] h3');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: en('home.discover.search.label') });

async function search(page: Page, keyword: string): Promise<void> {
  await searchBox(page).fill(keyword);
  await searchBox(page).press('Enter');
}

describe('discovery', () => {
  it('shows the discovery page, opens a bot from it, talks to it, and the Chat tab lists it', async () => {
    const { context, page } = await signedInPage();
    await page.getByRole('region', { name: en('home.discover.banners') }).waitFor();
    expect(await page.getByRole('group', { name: en('home.discover.banner.slide', { index: 1, count: 3 }) }).count()).toBe(1);
    await page.getByRole('heading', { name: en('home.discover.featured') }).waitFor();
    await page.getByRole('heading', { name: en('home.discover.miniApps') }).waitFor();
    // bots launched under 15 days ago carry the badge, older ones do not
    const vidya = page.locator('.discovery-bot', { has: page.getByRole('heading', { name: /Vidya Tutor/ }) });
    await vidya.getByText(en('home.discover.new'), { exact: true }).waitFor();
    const kisan = page.locator('.discovery-bot', { has: page.getByRole('heading', { name: /Kisan Mitra/ }) });
    expect(await kisan.getByText(en('home.discover.new'), { exact: true }).count()).toBe(0);
    // a banner dot shows its banner
    await page.getByRole('button', { name: en('home.discover.banner.dot', { index: 2 }) }).click();
    await expect.poll(() => page.getByRole('button', { name: en('home.discover.banner.dot', { index: 2 }) }).getAttribute('aria-current')).toBe('true');
    await expectAxeClean(page, 'discover');

    await page.getByRole('button', { name: en('home.discover.chatWith', { name: 'Kisan Mitra' }), exact: true }).click();
    await page.waitForURL(new RegExp(`/chat/${KISAN_MITRA_ID}$`));
    await page.getByRole('heading', { name: 'Kisan Mitra', exact: true, level: 1 }).waitFor();
    await sendText(page, 'wheat');
    await botBubble(page, 'Wheat: what would you like to know?').waitFor();

    await page.getByRole('button', { name: en('chat.back') }).click();
    await page.waitForURL(/\/home$/);
    await page.getByRole('tab', { name: en('home.tab.chat') }).click();
    await page.getByRole('heading', { name: en('home.chat.heading') }).waitFor();
    await page.getByRole('tabpanel').getByRole('button', { name: /Kisan Mitra/ }).waitFor();
    await expectAxeClean(page, 'chat tab');
    // subscribed: the server counts it and /select-bot offers it
    const rows = await stage.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM subscriptions WHERE bot_uuid = $1', [KISAN_MITRA_ID]);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
    await page.goto(`${stage.proxy.url}/select-bot`);
    await page.getByRole('button', { name: en('selectBot.open', { name: 'Kisan Mitra' }) }).click();
    await page.waitForURL(new RegExp(`/chat/${KISAN_MITRA_ID}$`));
    await page.goto(`${stage.proxy.url}/select-bot`);
    await page.getByRole('heading', { name: en('selectBot.title') }).waitFor();
    await expectAxeClean(page, 'select-bot');
    await page.goto(`${stage.proxy.url}/home`);
    await page.getByRole('tab', { name: en('home.tab.post') }).click();
    await page.getByRole('feed', { name: en('feed.list') }).waitFor();
    await expectAxeClean(page, 'post tab');
    await context.close();
  });

  it('filters the recommended bots by category, starting with All', async () => {
    const { context, page } = await signedInPage();
    const all = page.getByRole('button', { name: en('home.discover.category.all'), exact: true });
    expect(await all.getAttribute('aria-pressed')).toBe('true');
    const everyone = await recommended(page).count();
    expect(everyone).toBeGreaterThan(8);
    await page.getByRole('button', { name: en('home.discover.category.farming'), exact: true }).click();
    await expect.poll(() => recommended(page).allInnerTexts()).toEqual([expect.stringContaining('Pashu Care'), expect.stringContaining('Kisan Mitra')]);
    await page.getByRole('button', { name: en('home.discover.category.government'), exact: true }).click();
    await expect.poll(() => recommended(page).allInnerTexts()).toEqual([expect.stringContaining('Sarkari Seva')]);
    await all.click();
    await expect.poll(() => recommended(page).count()).toBe(everyone);
    await context.close();
  });

  it('searches: bots only of type bot, mini apps without Competition Zone and Live Quiz (those two under quizzes and competitions); recent searches survive a reload', async () => {
    const { context, page } = await signedInPage();
    await page.getByRole('button', { name: en('home.discover.search.label') }).click();
    await search(page, 'quiz');
    const bots = page.locator('section[aria-labelledby="search-bots"]');
    await bots.getByRole('heading', { name: /Quiz Champ/ }).waitFor();
    // the server answered Live Quiz (a mini app): not among the mini apps (spec part 1 §5), but
    // found as a quiz (issue 11)
    const contests = page.locator('section[aria-labelledby="search-contests"]');
    await contests.getByRole('button', { name: 'Live Quiz' }).waitFor();
    // (the Daily Quiz web mini app of issue 17 is a mini app and may be listed there)
    expect(await page.locator('section[aria-labelledby="search-mini-apps"]').getByRole('button', { name: 'Live Quiz' }).count()).toBe(0);
    await expectAxeClean(page, 'search results');

    await search(page, 'REWARDS');
    const apps = page.locator('section[aria-labelledby="search-mini-apps"]');
    await apps.getByRole('button', { name: 'Rewards' }).waitFor();
    await search(page, 'competition');
    await contests.getByRole('button', { name: 'Competition Zone' }).waitFor();
    expect(await page.getByRole('heading', { name: en('home.discover.search.miniApps') }).count()).toBe(0);

    // recent searches: newest first, kept across a reload (the search view is in the URL: it stays open)
    await page.reload();
    await searchBox(page).waitFor();
    const recent = page.locator('.discover-search__recent-item');
    await expect.poll(() => recent.allInnerTexts()).toEqual(['competition', 'REWARDS', 'quiz']);
    await expectAxeClean(page, 'recent searches');
    await page.getByRole('button', { name: en('home.discover.search.recentSearch', { keyword: 'quiz' }) }).click();
    await bots.getByRole('heading', { name: /Quiz Champ/ }).waitFor();
    expect(await searchBox(page).inputValue()).toBe('quiz');
    await page.getByRole('button', { name: en('home.discover.search.back') }).click();
    await page.getByRole('button', { name: en('home.discover.search.label') }).click();
    await expect.poll(() => recent.allInnerTexts()).toEqual(['quiz', 'competition', 'REWARDS']);
    await page.getByRole('button', { name: en('home.discover.search.clearRecent') }).click();
    await expect.poll(() => recent.count()).toBe(0);
    await context.close();
  });

  it('with the API unreachable after a reload, Discover shows from storage and search says it may be incomplete', async () => {
    const { context, page } = await signedInPage();
    stage.proxy.cut(true);
    try {
      await page.reload();
      await page.getByRole('heading', { name: en('home.discover.recommended') }).waitFor();
      await page.getByRole('region', { name: en('home.discover.banners') }).waitFor();
      expect(await recommended(page).count()).toBeGreaterThan(8);
      await page.getByRole('button', { name: en('home.discover.category.health'), exact: true }).click();
      await expect.poll(() => recommended(page).count()).toBe(2);
      await page.getByRole('button', { name: en('home.discover.search.label') }).click();
      await search(page, 'mandi');
      await page.locator('section[aria-labelledby="search-bots"]').getByRole('heading', { name: /Kisan Mitra/ }).waitFor();
      await page.getByText(/may be incomplete/).waitFor();
      await expectAxeClean(page, 'offline search');
    } finally {
      stage.proxy.cut(false);
    }
    // back online, a search is the server's again (the notice goes)
    await search(page, 'yoga');
    await page.locator('section[aria-labelledby="search-bots"]').getByRole('heading', { name: /Yoga Daily/ }).waitFor();
    await expect.poll(() => page.getByText(/may be incomplete/).count()).toBe(0);
    await context.close();
  });
});
