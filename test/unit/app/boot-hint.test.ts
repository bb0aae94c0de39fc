// Which starts may render the login screen before the database is read (src/app/boot-hint.ts).
import { describe, expect, test } from 'vitest';
import { isSignedOutStart, rememberBootHint, signedOutGuess, type HintStorage } from '../../../src/app/boot-hint';
import type { AuthSnapshot } from '../../../src/app/route-guards';

function memoryStorage(initial: Record<string, string> = {}): HintStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

const signedOut: AuthSnapshot = { signedIn: false, otpRequested: false, onboardingStep: null };

describe('boot hint', () => {
  test('a first visit (nothing stored) to / is a signed-out start; any other path is not', () => {
    const storage = memoryStorage();
    expect(isSignedOutStart('/', storage)).toBe(true);
    expect(isSignedOutStart('/home', storage)).toBe(false);
    expect(isSignedOutStart('/otp-verification', storage)).toBe(false);
    expect(isSignedOutStart('/chat/1000000000000004', storage)).toBe(false);
  });

  test('the last auth state decides: signed out, signed in, code requested', () => {
    const storage = memoryStorage();
    rememberBootHint(signedOut, storage);
    expect(isSignedOutStart('/', storage)).toBe(true);
    rememberBootHint({ ...signedOut, otpRequested: true }, storage);
    expect(isSignedOutStart('/', storage)).toBe(false);
    rememberBootHint({ signedIn: true, otpRequested: false, onboardingStep: null }, storage);
    expect(isSignedOutStart('/', storage)).toBe(false);
    rememberBootHint({ signedIn: true, otpRequested: false, onboardingStep: 'name' }, storage);
    expect(isSignedOutStart('/', storage)).toBe(false);
    rememberBootHint(signedOut, storage);
    expect(isSignedOutStart('/', storage)).toBe(true);
  });

  test('the standalone entry /?botId= is no signed-out start, and a standalone session is not signed out', () => {
    const storage = memoryStorage();
    expect(isSignedOutStart('/', storage, '?botId=1000000000000001')).toBe(false);
    expect(isSignedOutStart('/', storage, '?lang=en')).toBe(true);
    rememberBootHint({ ...signedOut, standaloneBot: '1000000000000001' }, storage);
    expect(isSignedOutStart('/', storage)).toBe(false);
  });

  test('a device that ran a version without the hint (a language hint, no boot hint) reads the database first', () => {
    expect(isSignedOutStart('/', memoryStorage({ 'ui.language-hint': 'en' }))).toBe(false);
  });

  test('blocked storage: read the database first, and remembering does not throw', () => {
    const blocked: HintStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(isSignedOutStart('/', blocked)).toBe(false);
    expect(() => rememberBootHint(signedOut, blocked)).not.toThrow();
  });

  test("the guess speaks the last run's language; an unknown or missing hint guesses nothing", () => {
    expect(signedOutGuess(memoryStorage({ 'ui.language-hint': 'te' }))['app-language']).toMatchObject({ code: 'te' });
    expect(signedOutGuess(memoryStorage({ 'ui.language-hint': 'xx' }))).toEqual({});
    expect(signedOutGuess(memoryStorage())).toEqual({});
  });
});
