// Analytics as a person's use produces them (issue 18): the sign-in steps and screen views are
// recorded on the device, screens opened offline wait in the one action queue and reach the
// server's first-party store once each when the network returns, the Settings switch stops them,
// and the admin page (/admin/analytics, behind the admin key) draws its charts from that store.
// Also the links into the app opened before sign-in (short links through /loading, a shared chat
// address): the screen they name opens once the visitor has signed in and onboarded.
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, shotIfAsked } from './helpers/browser';
import { notificationsDenied, openSignedIn, signInAndOnboard } from './helpers/flows';
import { freshNationalNumber } from './helpers/app-server';
import { texts } from './helpers/messages';
import { userUuidOf } from './helpers/seed-thread';
import { waitForServiceWorker } from './helpers/service-worker';
import { e2eStage } from './helpers/stage';

const en = texts('en');
const ADMIN_KEY = 'analytics-admin-key-e2e';
const stage = e2eStage({ server: { server: { analytics: { providers: ['first-party'], adminKey: ADMIN_KEY } } } });

interface EventRow { name: string; screen: string | null; n: number }
async function events(userUuid: string): Promise<EventRow[]> {
  return stage.server.db.query<EventRow>(
    "SELECT name, params->>'screen' AS screen, count(*)::int AS n FROM analytics_events WHERE user_uuid = $1 GROUP BY 1, 2 ORDER BY 1, 2",
    [userUuid],
  );
}
const countOf = (rows: EventRow[], name: string, screen: string | null = null) =>
  rows.find((r) => r.name === name && r.screen === screen)?.n ?? 0;

describe('analytics', () => {
  it('records sign-in and screens, delivers the offline ones once, stops when switched off; the admin page draws them', async () => {
    const { context, page, national } = await openSignedIn(stage.browser, stage.server.url, { beforePage: notificationsDenied });
    const userUuid = await userUuidOf(stage.server.db, national);
    // the sign-in steps reach the store (sent once the session exists)
    await expect.poll(async () => countOf(await events(userUuid), 'otp_verified'), { timeout: 30_000 }).toBe(1);
    await expect.poll(async () => countOf(await events(userUuid), 'onboarding_completed'), { timeout: 30_000 }).toBe(1);

    // offline (the app installed, as for a person who has used it): the settings screen is
    // viewed, nothing reaches the server yet
    await waitForServiceWorker(page);
    await page.getByRole('link', { name: en('settings.title') }).waitFor();
    await context.setOffline(true);
    await page.getByRole('link', { name: en('settings.title') }).click();
    await page.getByRole('heading', { name: en('settings.title'), level: 1 }).waitFor();
    await page.waitForTimeout(1_000);
    expect(countOf(await events(userUuid), 'screen_view', 'settings')).toBe(0);
    // back online: delivered, once (the event id is the key of the store's rows)
    await context.setOffline(false);
    await expect.poll(async () => countOf(await events(userUuid), 'screen_view', 'settings'), { timeout: 30_000 }).toBe(1);

    // switched off: later screens are not recorded
    const share = page.getByRole('switch', { name: en('settings.privacy.analytics') });
    await share.click();
    await expect.poll(() => share.isChecked()).toBe(false);
    const before = (await events(userUuid)).reduce((sum, r) => sum + r.n, 0);
    await page.goto(`${stage.server.url}/saved-items`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(`${stage.server.url}/settings`);
    await page.getByRole('heading', { name: en('settings.title'), level: 1 }).waitFor();
    await page.waitForTimeout(3_000);
    expect((await events(userUuid)).reduce((sum, r) => sum + r.n, 0)).toBe(before);
    expect(countOf(await events(userUuid), 'screen_view', 'saved-items')).toBe(0);
    await context.close();

    // the admin page: refused without the key, charts with it
    expect((await fetch(`${stage.server.url}/admin/analytics`)).status).toBe(401);
    const admin = await stage.browser.newContext({ viewport: { width: 1280, height: 900 }, httpCredentials: { username: 'admin', password: ADMIN_KEY } });
    const adminPage = await admin.newPage();
    await adminPage.goto(`${stage.server.url}/admin/analytics`);
    await expect.poll(() => adminPage.locator('canvas').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    expect(await seriousAxeViolations(adminPage)).toEqual([]);
    await shotIfAsked(adminPage, 'analytics-admin-1280');
    await admin.close();
  });

  it('a short link opened before sign-in opens its screen once signed in and onboarded; signed in, at once; /loading off the app leads home', async () => {
    await stage.server.db.query("INSERT INTO dynamic_links (link_id, user_uuid, name, url, created_at) VALUES ('e2e-faq-link', NULL, 'FAQ', '/bot-faq?bot=1000000000000004', 0)");
    const context = await stage.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
    await notificationsDenied(context);
    try {
      const page = await context.newPage();
      await page.goto(`${stage.server.url}/l/e2e-faq-link`);
      // not signed in: the login screen first, and the link's screen after onboarding (not home)
      await page.getByLabel(en('login.phone.label'), { exact: true }).waitFor();
      await signInAndOnboard(page, freshNationalNumber(), { locale: 'en', name: 'Ravi', landsOn: /\/bot-faq\?bot=1000000000000004/ });
      // the link opens once: home stays home
      await page.goto(`${stage.server.url}/home`);
      await page.getByRole('tab', { name: en('home.tab.discover') }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/home');
      // signed in (and with the service worker in control, which leaves /l/ to the server): straight there
      await waitForServiceWorker(page);
      await page.goto(`${stage.server.url}/l/e2e-faq-link`);
      await page.waitForURL(/\/bot-faq\?bot=1000000000000004/);
      const [row] = await stage.server.db.query<{ opened: number }>("SELECT opened FROM dynamic_links WHERE link_id = 'e2e-faq-link'");
      expect(row?.opened).toBe(2);
      await page.goto(`${stage.server.url}/loading?to=${encodeURIComponent('https://evil.example/')}`);
      await page.waitForURL((url) => url.pathname === '/home');
    } finally {
      await context.close();
    }
  });

  it('a chat link opened before sign-in opens that chat once signed in and onboarded', async () => {
    const context = await stage.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
    await notificationsDenied(context);
    try {
      const page = await context.newPage();
      await page.goto(`${stage.server.url}/chat/1000000000000004`);
      await page.getByLabel(en('login.phone.label'), { exact: true }).waitFor();
      await signInAndOnboard(page, freshNationalNumber(), { locale: 'en', name: 'Meena', landsOn: /\/chat\/1000000000000004$/ });
      await page.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
    } finally {
      await context.close();
    }
  });
});
