import { describe, expect, it } from 'vitest';
import { redirectFor, type AppPath, type AuthSnapshot } from '../../../src/app/route-guards';

const PATHS: AppPath[] = ['/', '/otp-verification', '/onboarding', '/home', '/chat/$botUuid', '/bot-info', '/bot-faq', '/bot-review', '/blocked', '/archived'];
const signedOut = (otpRequested = false): AuthSnapshot => ({ signedIn: false, otpRequested, onboardingStep: null });

describe('redirectFor', () => {
  it('keeps signed-out users on the login screens', () => {
    expect(redirectFor('/', signedOut())).toBeNull();
    expect(redirectFor('/home', signedOut())).toBe('/');
    expect(redirectFor('/onboarding', signedOut())).toBe('/');
    expect(redirectFor('/chat/$botUuid', signedOut())).toBe('/');
    expect(redirectFor('/chat/$botUuid', signedOut(true))).toBe('/');
  });

  it('shows the OTP screen only after a code was requested', () => {
    expect(redirectFor('/otp-verification', signedOut(false))).toBe('/');
    expect(redirectFor('/otp-verification', signedOut(true))).toBeNull();
    // the phone's back button from the OTP screen reaches the login screen
    expect(redirectFor('/', signedOut(true))).toBeNull();
  });

  it('sends signed-in users to onboarding while a step is left', () => {
    for (const step of ['language', 'name', 'location'] as const) {
      const auth: AuthSnapshot = { signedIn: true, otpRequested: false, onboardingStep: step };
      for (const path of PATHS) expect(redirectFor(path, auth)).toBe(path === '/onboarding' ? null : '/onboarding');
    }
  });

  it('sends signed-in, onboarded users home from every route but the member screens', () => {
    const auth: AuthSnapshot = { signedIn: true, otpRequested: true, onboardingStep: null };
    const open = new Set<AppPath>(['/home', '/chat/$botUuid', '/bot-info', '/bot-faq', '/bot-review', '/blocked', '/archived']);
    for (const path of PATHS) expect(redirectFor(path, auth)).toBe(open.has(path) ? null : '/home');
  });

  it('a standalone session sees its bot\'s thread and saved items only: every other route leads to /bot/<its bot>', () => {
    const auth: AuthSnapshot = { signedIn: false, otpRequested: false, onboardingStep: null, standaloneBot: '1000000000000001' };
    expect(redirectFor('/bot/$botId', auth)).toBeNull();
    expect(redirectFor('/saved-items', auth)).toBeNull();
    for (const path of PATHS) expect(redirectFor(path, auth)).toBe(path === '/saved-items' ? null : '/bot/$botId');
  });

  it('/bot/<id>: a signed-out visitor stays (the screen starts a session); a member gets the bot in the app', () => {
    expect(redirectFor('/bot/$botId', signedOut())).toBeNull();
    expect(redirectFor('/bot/$botId', { signedIn: true, otpRequested: false, onboardingStep: null })).toBe('/chat/$botUuid');
    expect(redirectFor('/bot/$botId', { signedIn: true, otpRequested: false, onboardingStep: 'name' })).toBe('/onboarding');
  });
});
