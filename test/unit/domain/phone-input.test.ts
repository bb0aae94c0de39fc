import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COUNTRIES, countryByIso } from '../../../src/domain/countries';
import { isPhoneComplete, sanitizePhoneInput, shouldSubmitPhoneOnKey } from '../../../src/domain/phone-input';

const IN = countryByIso('IN')!;
const SG = countryByIso('SG')!;
const TH = countryByIso('TH')!;

describe('sanitizePhoneInput', () => {
  it('keeps digits only', () => {
    expect(sanitizePhoneInput('98765 43210', IN)).toBe('9876543210');
    expect(sanitizePhoneInput('98-76a5', IN)).toBe('98765');
    expect(sanitizePhoneInput('abc', IN)).toBe('');
    expect(sanitizePhoneInput('', IN)).toBe('');
  });

  it('is never negative: a minus sign is dropped', () => {
    expect(sanitizePhoneInput('-98765', IN)).toBe('98765');
    expect(sanitizePhoneInput('1e5', IN)).toBe('15');
    expect(sanitizePhoneInput('9.5', IN)).toBe('95');
  });

  it("truncates to the country's digit count", () => {
    expect(sanitizePhoneInput('98765432109999', IN)).toBe('9876543210');
    expect(sanitizePhoneInput('123456789', SG)).toBe('12345678');
    expect(sanitizePhoneInput('1234567890', TH)).toBe('123456789');
    expect(sanitizePhoneInput('123456789', 3)).toBe('123');
  });

  it('drops non-ASCII digits', () => {
    expect(sanitizePhoneInput('९८७६५४३२१०', IN)).toBe('');
  });

  it('property: output is ASCII digits, no longer than the count, a subsequence of the input', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...COUNTRIES), (raw, country) => {
        const out = sanitizePhoneInput(raw, country);
        expect(out).toMatch(/^[0-9]*$/);
        expect(out.length).toBeLessThanOrEqual(country.digitCount);
        expect(raw.replace(/[^0-9]/g, '').startsWith(out)).toBe(true);
      }),
    );
  });
});

describe('Enter submits only a complete number', () => {
  it('isPhoneComplete', () => {
    expect(isPhoneComplete('9876543210', IN)).toBe(true);
    expect(isPhoneComplete('987654321', IN)).toBe(false);
    expect(isPhoneComplete('12345678', SG)).toBe(true);
    expect(isPhoneComplete('123456789', TH)).toBe(true);
    expect(isPhoneComplete('98765a3210', IN)).toBe(false);
  });

  it('shouldSubmitPhoneOnKey', () => {
    expect(shouldSubmitPhoneOnKey('Enter', '9876543210', IN)).toBe(true);
    expect(shouldSubmitPhoneOnKey('Enter', '987654321', IN)).toBe(false);
    expect(shouldSubmitPhoneOnKey('Enter', '', IN)).toBe(false);
    expect(shouldSubmitPhoneOnKey('a', '9876543210', IN)).toBe(false);
    expect(shouldSubmitPhoneOnKey('Enter', '12345678', SG)).toBe(true);
    expect(shouldSubmitPhoneOnKey('Enter', '12345678', IN)).toBe(false);
  });
});
