// Steps that several browser tests share: a person signing in and onboarding, and the signed-in
// phone-sized page most tests start from.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { TEST_OTP, freshNationalNumber } from './app-server';
import { texts, type Locale } from './messages';

const en = texts('en');

/** From the login screen to the OTP screen, in English. */
export async function requestCode(page: Page, nationalNumber: string): Promise<void> {
  await page.getByLabel(en('login.phone.label'), { exact: true }).fill(nationalNumber);
  await page.getByRole('button', { name: en('login.continue') }).click();
  await page.getByLabel(en('otp.digit', { position: 1, count: 4 })).waitFor();
}

/** Types a code into the four boxes (the last digit auto-submits). */
export async function typeCode(page: Page, code: string, locale: Locale = 'en'): Promise<void> {
  await page.getByLabel(texts(locale)('otp.digit', { position: 1, count: 4 })).pressSequentially(code);
}

/** Signs in with the test code and finishes onboarding in the given language; waits for `landsOn` (default the home screen). */
export async function signInAndOnboard(page: Page, nationalNumber: string, opts: { locale: Locale; name: string; landsOn?: RegExp }): Promise<void> {
  await requestCode(page, nationalNumber);
  await typeCode(page, TEST_OTP);
  await page.waitForURL(/\/onboarding/);
  const languageNames: Record<Locale, string> = { en: 'English', hi: 'हिंदी', gu: 'ગુજરાતી', mr: 'मराठी', te: 'తెలుగు' };
  await page.getByRole('radio', { name: new RegExp(languageNames[opts.locale]) }).click();
  const t = texts(opts.locale);
  await page.getByRole('heading', { name: t('onboarding.name.title') }).waitFor();
  await page.getByLabel(t('onboarding.name.label')).fill(opts.name);
  await page.getByRole('button', { name: t('onboarding.continue') }).click();
  await page.getByRole('heading', { name: t('onboarding.location.title') }).waitFor();
  const state = page.getByLabel(t('onboarding.location.state'));
  await state.locator('option[value="MH"]').waitFor({ state: 'attached' });
  await state.selectOption('MH');
  const city = page.getByLabel(t('onboarding.location.city'));
  await city.locator('option[value="Pune"]').waitFor({ state: 'attached' });
  await city.selectOption('Pune');
  await page.getByRole('button', { name: t('onboarding.location.finish') }).click();
  await page.waitForURL(opts.landsOn ?? /\/home/);
}

export interface SignedInOptions {
  /** the app language chosen while onboarding (default English) */
  locale?: Locale;
  name?: string;
  /** the national number to sign in with (default a fresh one) */
  national?: string;
  /** more context options (permissions, another browser locale: default `<locale>-IN`) */
  context?: BrowserContextOptions;
  /** runs on the new context before its page opens (init scripts, routes, grants) */
  beforePage?: (context: BrowserContext) => Promise<void>;
}

/**
 * A new 390x844 context opened at `url`, signed in with the test code and onboarded; answers
 * the context, its page (on /home) and the national number used.
 */
export async function openSignedIn(browser: Browser, url: string, opts: SignedInOptions = {}): Promise<{ context: BrowserContext; page: Page; national: string }> {
  const locale = opts.locale ?? 'en';
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: `${locale}-IN`, ...opts.context });
  await opts.beforePage?.(context);
  const page = await context.newPage();
  await page.goto(url);
  await page.getByLabel(en('login.phone.label'), { exact: true }).waitFor();
  const national = opts.national ?? freshNationalNumber();
  await signInAndOnboard(page, national, { locale, name: opts.name ?? 'Asha' });
  return { context, page, national };
}

/**
 * For `beforePage`: a browser where the user has denied notifications, so the app's notification
 * prompt (shown on home 2 s after the first conversation; this Chromium reports 'default') does
 * not cover the screens a test is about. The prompt's own tests (shell, push) do not use this.
 */
export async function notificationsDenied(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
  });
}
