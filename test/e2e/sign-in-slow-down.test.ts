// Issue 21: past its free wrong tries on a number, a client is slowed down (verify-otp 429,
// reason slow-down, Retry-After) instead of the number being locked. In Debian's Chromium against
// the real server: the OTP screen counts the wait down with the boxes off, like a lock, and the
// right code works once it is over.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEST_OTP, freshNationalNumber } from './helpers/app-server';
import { requestCode, typeCode } from './helpers/flows';
import { texts } from './helpers/messages';
import { e2eStage } from './helpers/stage';

const en = texts('en');

// The server's clock runs `skewMs` ahead of real time, so a test can move past the wait.
let skewMs = 0;
// One free wrong try, then a minute's wait (production: 10 free, then 1 s doubling).
const stage = e2eStage({ server: { now: () => Date.now() + skewMs, server: { otpLimits: { freeFailuresPerNumberPerClient: 1, slowDownBaseMs: 60_000 } } } });

const otpBox = (page: Page, position: number) => page.getByLabel(en('otp.digit', { position, count: 4 }));
/** The lock's sentence with a countdown matching `time` (a regular expression's source). */
const waitText = (time: string) => new RegExp(`^${en('error.otpConfirm.locked', { time: '@' }).split('@')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(${time})`);

describe('a client slowed down after wrong codes', () => {
  it('sees the wait counting down with the boxes off, then signs in with the right code', async () => {
    const context = await stage.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(stage.url);
    await requestCode(page, freshNationalNumber());
    await typeCode(page, '0000');
    await page.getByText(en('error.otpConfirm.status401')).waitFor();
    await expect.poll(() => otpBox(page, 1).isEnabled()).toBe(true);
    await typeCode(page, '0000');
    // the second try is not checked: a minute's wait, shown as a lock's
    await page.getByText(waitText('1:00|0:59')).waitFor();
    await expect.poll(() => otpBox(page, 1).isDisabled()).toBe(true);
    await page.clock.runFor(2_000);
    await page.getByText(waitText('0:5[78]')).waitFor();
    skewMs += 61_000;
    await page.clock.fastForward(61_000);
    await page.clock.runFor(1_000);
    await expect.poll(() => otpBox(page, 1).isEnabled()).toBe(true);
    await typeCode(page, TEST_OTP);
    await page.waitForURL(/\/onboarding/);
    await context.close();
  });
});
