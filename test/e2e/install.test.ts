// Installing the app (issue 6 part 5) in Chromium: no installability error (manifest, icons,
// service worker), the home screen's install banner on the browser's real beforeinstallprompt,
// hidden in the installed (standalone) app, gone after Install and after "Not now" (which it
// remembers).
//
// A persistent profile: Chromium reports 'in-incognito' for a fresh Playwright context, which
// is not a real user's browser. --bypass-app-banner-engagement-checks lets Chromium offer the
// install without minutes of "user engagement".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath, seriousAxeViolations } from './helpers/browser';
import { freshNationalNumber, startAppServer } from './helpers/app-server';
import { signInAndOnboard } from './helpers/flows';
import { texts } from './helpers/messages';
import { waitForServiceWorker } from './helpers/service-worker';

const en = texts('en');

let server: Awaited<ReturnType<typeof startAppServer>>;
let context: BrowserContext;
let profile: string;

beforeAll(async () => {
  server = await startAppServer();
  profile = mkdtempSync(join(tmpdir(), 'install-profile-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    viewport: { width: 390, height: 844 },
    locale: 'en-IN',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--bypass-app-banner-engagement-checks'],
  });
  // counts the browser's offers, so "no banner" is checked after an offer came
  await context.addInitScript(() => {
    const w = window as Window & { installOffers?: number };
    w.installOffers = 0;
    window.addEventListener('beforeinstallprompt', () => {
      w.installOffers = (w.installOffers ?? 0) + 1;
    });
  });
});

afterAll(async () => {
  await context?.close();
  await server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

const banner = (page: Page) => page.getByRole('region', { name: en('home.install.label') });
const offered = (page: Page) => page.waitForFunction(() => ((window as Window & { installOffers?: number }).installOffers ?? 0) > 0, undefined, { timeout: 20_000 });

describe('install', () => {
  it('Chromium reports no installability error', async () => {
    const page = await context.newPage();
    await page.goto(server.url);
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the banner: offered on the home screen, hidden when installed, used by Install, remembered after Not now', async () => {
    const page = await context.newPage();
    await page.goto(server.url);
    await signInAndOnboard(page, freshNationalNumber(), { locale: 'en', name: 'Meera' });
    await offered(page);
    await banner(page).waitFor();
    await banner(page).getByRole('button', { name: en('home.install.accept') }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // the installed app (standalone display) never offers itself
    const standalone = await context.newPage();
    await standalone.addInitScript(() => {
      const real = window.matchMedia.bind(window);
      window.matchMedia = (query: string) => (query.includes('display-mode: standalone') ? { ...real(query), matches: true, media: query } : real(query));
    });
    await standalone.goto(`${server.url}/home`);
    await offered(standalone);
    await standalone.getByRole('tab', { name: en('home.tab.discover') }).waitFor();
    expect(await banner(standalone).count()).toBe(0);
    await standalone.close();

    // Not now hides it, and a later visit remembers, though the browser offers again
    await banner(page).getByRole('button', { name: en('home.install.dismiss') }).click();
    await banner(page).waitFor({ state: 'detached' });
    await page.reload();
    await offered(page);
    await page.getByRole('tab', { name: en('home.tab.discover') }).waitFor();
    expect(await banner(page).count()).toBe(0);

    // (a month later) Install shows the browser's prompt; the offer is used and the banner goes
    await page.evaluate(() => localStorage.removeItem('ui.install-dismissed-at'));
    await page.reload();
    await offered(page);
    await banner(page).getByRole('button', { name: en('home.install.accept') }).click();
    await banner(page).waitFor({ state: 'detached' });
    await page.close();
  });
});
