// A person signing in, onboarding, coming back and logging out, in Debian's Chromium against
// the real server (in-process, in-memory PGlite, fixed code 1234).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { dialogNamed, launchBrowser, seriousAxeViolations } from './helpers/browser';
import { freshNationalNumber, startAppServer } from './helpers/app-server';
import { requestCode, signInAndOnboard, typeCode } from './helpers/flows';
import { texts } from './helpers/messages';

const en = texts('en');
const hi = texts('hi');

let server: Awaited<ReturnType<typeof startAppServer>>;
let browser: Browser;
// The server's clock runs `skewMs` ahead of real time, so a test can move past the resend wait
// on both sides (the page's clock is moved with Playwright's clock API).
let skewMs = 0;

beforeAll(async () => {
  server = await startAppServer({ now: () => Date.now() + skewMs });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function newPhonePage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
  const page = await context.newPage();
  await page.goto(server.url);
  await page.getByLabel(en('login.phone.label'), { exact: true }).waitFor();
  return { context, page };
}

async function expectNoSeriousAxeIssues(page: Page, screen: string): Promise<void> {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

describe('sign-in', () => {
  it('signs in and finishes onboarding in English; the session survives a reload; logout returns to login', async () => {
    const { context, page } = await newPhonePage();
    await expectNoSeriousAxeIssues(page, 'login');

    await requestCode(page, freshNationalNumber());
    await expectNoSeriousAxeIssues(page, 'otp');

    await typeCode(page, '1234');
    await page.waitForURL(/\/onboarding/);
    await expectNoSeriousAxeIssues(page, 'onboarding language');
    await page.goBack().catch(() => undefined);
    await page.goto(`${server.url}/onboarding`);

    await page.getByRole('radio', { name: /English/ }).click();
    await page.getByRole('heading', { name: en('onboarding.name.title') }).waitFor();
    await expectNoSeriousAxeIssues(page, 'onboarding name');
    await page.getByLabel(en('onboarding.name.label')).fill('  Asha  ');
    await page.getByRole('button', { name: en('onboarding.continue') }).click();
    await page.getByRole('heading', { name: en('onboarding.location.title') }).waitFor();
    await expectNoSeriousAxeIssues(page, 'onboarding location');
    const state = page.getByLabel(en('onboarding.location.state'));
    await expect.poll(() => state.locator('option').count()).toBeGreaterThan(30);
    await state.selectOption('MH');
    const city = page.getByLabel(en('onboarding.location.city'));
    await expect.poll(() => city.locator('option').count()).toBeGreaterThan(3);
    await city.selectOption('Pune');
    await page.getByRole('button', { name: en('onboarding.location.finish') }).click();

    await page.waitForURL(/\/home/);
    await page.getByText(en('home.greeting', { name: 'Asha' })).waitFor();
    await expect.poll(() => page.getByRole('tab', { name: en('home.tab.chat') }).count()).toBe(1);
    await expectNoSeriousAxeIssues(page, 'home');

    // The active tab is remembered, and a reload keeps the session (RxDB local documents).
    await page.getByRole('tab', { name: en('home.tab.post') }).click();
    await page.getByRole('feed', { name: en('feed.list') }).waitFor();
    await page.reload();
    await page.getByRole('feed', { name: en('feed.list') }).waitFor();
    expect(await page.getByRole('tab', { name: en('home.tab.post') }).getAttribute('aria-selected')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/home');

    // Logout asks first, then returns to the login screen, and stays signed out after a reload.
    await page.getByRole('button', { name: en('home.logout') }).click();
    const dialog = dialogNamed(page, en('dialog.logout.title'));
    await dialog.waitFor();
    await expectNoSeriousAxeIssues(page, 'logout dialog');
    await dialog.getByRole('button', { name: en('dialog.logout.accept') }).click();
    await page.getByLabel(en('login.phone.label'), { exact: true }).waitFor();
    await page.reload();
    await page.getByLabel(en('login.phone.label'), { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('signs in and finishes onboarding in Hindi, and the home screen speaks Hindi', async () => {
    const { context, page } = await newPhonePage();
    await signInAndOnboard(page, freshNationalNumber(), { locale: 'hi', name: 'राधा' });
    await page.getByText(hi('home.greeting', { name: 'राधा' })).waitFor();
    await page.getByRole('tab', { name: hi('home.tab.discover') }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    await expectNoSeriousAxeIssues(page, 'home (hi)');
    await context.close();
  });

  it('shows a wrong code in red with its message, and a right code then signs in', async () => {
    const { context, page } = await newPhonePage();
    await requestCode(page, freshNationalNumber());
    await typeCode(page, '0000');
    await page.getByText(en('error.otpConfirm.status401')).waitFor();
    const first = page.getByLabel(en('otp.digit', { position: 1, count: 4 }));
    expect(await first.getAttribute('aria-invalid')).toBe('true');
    const color = await first.evaluate((el) => getComputedStyle(el).color);
    const [r, g, b] = color.match(/\d+/g)!.map(Number) as [number, number, number];
    expect(r, `digit colour ${color} should be red`).toBeGreaterThan(150);
    expect(g).toBeLessThan(100);
    expect(b).toBeLessThan(100);
    await expectNoSeriousAxeIssues(page, 'otp wrong code');

    await first.click();
    await first.press('Control+a');
    await typeCode(page, '1234');
    await page.waitForURL(/\/onboarding/);
    await context.close();
  });

  it('counts down 59 s before a code can be sent again, then resends', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(server.url);
    await page.getByLabel(en('login.phone.label'), { exact: true }).waitFor();
    await requestCode(page, freshNationalNumber());

    const resend = page.getByRole('button', { name: en('otp.resend') });
    await page.getByText(en('otp.resend.wait', { time: '0:59' })).waitFor();
    expect(await resend.isDisabled()).toBe(true);
    await page.clock.fastForward(30_000);
    await page.getByText(en('otp.resend.wait', { time: '0:29' })).waitFor();
    expect(await resend.isDisabled()).toBe(true);

    skewMs += 61_000; // the server's own 59 s rule must pass too
    await page.clock.fastForward(31_000);
    await expect.poll(() => resend.isDisabled()).toBe(false);
    expect(await page.getByText(en('otp.resend.wait', { time: '0:00' })).count()).toBe(0);
    await resend.click();
    await page.getByText(en('otp.resend.done')).waitFor();
    // (The new countdown is stamped by the worker, whose clock Playwright does not fake, so it
    // is not compared with the page's moved clock here.)
    await context.close();
  });
});
