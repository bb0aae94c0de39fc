import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../../src/domain/language-codes';
import { LANGUAGES, languageOption } from '../../../src/i18n/languages';

describe('language options (spec part 1 §1, §3)', () => {
  it('lists the five languages in the codes order', () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual([...LANGUAGE_CODES]);
  });

  it('has the speech language of each', () => {
    expect(Object.fromEntries(LANGUAGES.map((l) => [l.code, l.sttLanguageCode]))).toEqual({
      en: 'en-IN',
      hi: 'hi-IN',
      gu: 'gu-IN',
      mr: 'mr-IN',
      te: 'te-IN',
    });
  });

  it('names each language in its own script', () => {
    expect(Object.fromEntries(LANGUAGES.map((l) => [l.code, l.name]))).toEqual({
      en: 'English',
      hi: 'हिंदी',
      gu: 'ગુજરાતી',
      mr: 'मराठी',
      te: 'తెలుగు',
    });
  });

  it('fills every field of the Language option entity', () => {
    for (const l of LANGUAGES) {
      for (const field of ['name', 'description', 'changeDescription', 'code', 'analyticsLabel', 'sttLabel', 'sttLanguageCode'] as const) {
        expect(l[field], `${l.code}.${field}`).toMatch(/\S/);
      }
    }
    expect(new Set(LANGUAGES.map((l) => l.analyticsLabel)).size).toBe(5);
  });

  it('languageOption falls back to English', () => {
    expect(languageOption('te').name).toBe('తెలుగు');
    expect(languageOption('xx').code).toBe('en');
    expect(languageOption(null).code).toBe('en');
  });
});
