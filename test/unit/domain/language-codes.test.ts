import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE_CODE, LANGUAGE_CODES, isLanguageCode, resolveLanguageCode } from '../../../src/domain/language-codes';

describe('language codes', () => {
  it('are the five of spec part 1 §1, English by default', () => {
    expect(LANGUAGE_CODES).toEqual(['en', 'hi', 'gu', 'mr', 'te']);
    expect(DEFAULT_LANGUAGE_CODE).toBe('en');
  });

  it('isLanguageCode and resolveLanguageCode', () => {
    for (const code of LANGUAGE_CODES) {
      expect(isLanguageCode(code)).toBe(true);
      expect(resolveLanguageCode(code)).toBe(code);
    }
    for (const bad of ['', 'EN', 'ur', 'hi-IN', null, undefined, 3]) {
      expect(isLanguageCode(bad)).toBe(false);
      expect(resolveLanguageCode(bad)).toBe('en');
    }
  });
});
