import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COUNTRIES, countryByIso } from '../../../src/domain/countries';
import { isPhoneComplete, phoneInputProblem, readPhoneInput, sanitizePhoneInput, shouldSubmitPhoneOnKey } from '../../../src/domain/phone-input';

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
  it('isPhoneComplete: the digit count and a mobile first digit', () => {
    expect(isPhoneComplete('9876543210', IN)).toBe(true);
    expect(isPhoneComplete('987654321', IN)).toBe(false);
    expect(isPhoneComplete('81234567', SG)).toBe(true);
    expect(isPhoneComplete('812345678', TH)).toBe(true);
    expect(isPhoneComplete('98765a3210', IN)).toBe(false);
    expect(isPhoneComplete('1234567890', IN)).toBe(false);
    expect(isPhoneComplete('5234567890', IN)).toBe(false);
    expect(isPhoneComplete('6234567890', IN)).toBe(true);
    expect(isPhoneComplete('61234567', SG)).toBe(false);
    expect(isPhoneComplete('712345678', TH)).toBe(false);
    expect(isPhoneComplete('612345678', TH)).toBe(true);
  });

  it('shouldSubmitPhoneOnKey', () => {
    expect(shouldSubmitPhoneOnKey('Enter', '9876543210', IN)).toBe(true);
    expect(shouldSubmitPhoneOnKey('Enter', '987654321', IN)).toBe(false);
    expect(shouldSubmitPhoneOnKey('Enter', '', IN)).toBe(false);
    expect(shouldSubmitPhoneOnKey('a', '9876543210', IN)).toBe(false);
    expect(shouldSubmitPhoneOnKey('Enter', '91234567', SG)).toBe(true);
    expect(shouldSubmitPhoneOnKey('Enter', '91234567', IN)).toBe(false);
    expect(shouldSubmitPhoneOnKey('Enter', '1234567890', IN)).toBe(false);
  });
});

describe('readPhoneInput: numbers as people type and paste them', () => {
  const read = (raw: string, country = IN) => {
    const r = readPhoneInput(raw, country);
    return [r.country.iso, r.text];
  };

  it('takes the dial code out of an international number, and the picker follows it', () => {
    expect(read('+91 98765 43210')).toEqual(['IN', '9876543210']);
    expect(read('+919876543210')).toEqual(['IN', '9876543210']);
    expect(read('+91 98765 11111')).toEqual(['IN', '9876511111']);
    expect(read('(+65) 8123 4567')).toEqual(['SG', '81234567']);
    expect(read('+66 81 234 5678')).toEqual(['TH', '812345678']);
    expect(read('+91 98765 43210', SG)).toEqual(['IN', '9876543210']);
    expect(read('0091 98765 43210', TH)).toEqual(['IN', '9876543210']);
    expect(read('+91 (0) 98765 43210')).toEqual(['IN', '9876543210']);
    expect(read('+91 98765 43210 99')).toEqual(['IN', '9876543210']);
  });

  it('keeps a dial code while it is typed, or one the app does not serve', () => {
    expect(read('+')).toEqual(['IN', '+']);
    expect(read('+6', SG)).toEqual(['SG', '+6']);
    expect(read('00')).toEqual(['IN', '00']);
    expect(read('009')).toEqual(['IN', '009']);
    expect(read('+91')).toEqual(['IN', '']);
    expect(read('+65', IN)).toEqual(['SG', '']);
    expect(read('+1 555 123 4567')).toEqual(['IN', '+15551234567']);
  });

  it('drops separators and a leading trunk 0', () => {
    expect(read('91-98765-43210')).toEqual(['IN', '9876543210']);
    expect(read('098765 43210')).toEqual(['IN', '9876543210']);
    expect(read('0')).toEqual(['IN', '0']);
    expect(read('09')).toEqual(['IN', '9']);
    expect(read('081 234 5678', TH)).toEqual(['TH', '812345678']);
  });

  it('strips a country code without + only when the digit count shows it', () => {
    // 10 digits starting 91: an Indian national number, not +91 and 8 digits
    expect(read('9198765432')).toEqual(['IN', '9198765432']);
    expect(read('919876543210')).toEqual(['IN', '9876543210']);
    expect(read('91 98765 43210')).toEqual(['IN', '9876543210']);
    // typed digit by digit, 11 digits starting 91 may still become 91 + a number
    expect(read('91987654321')).toEqual(['IN', '91987654321']);
    expect(read('6581234567', SG)).toEqual(['SG', '81234567']);
    expect(read('66812345678', TH)).toEqual(['TH', '812345678']);
    // a number too long for the country that is exactly another's code and number
    expect(read('66812345678', IN)).toEqual(['TH', '812345678']);
    expect(read('919876543210', SG)).toEqual(['IN', '9876543210']);
    // otherwise the old rule: cut to the digit count
    expect(read('98765432109999')).toEqual(['IN', '9876543210']);
    expect(read('98765432105')).toEqual(['IN', '9876543210']);
  });

  it('typing +91 98765 43210 key by key ends with India and the national number', () => {
    let state = { country: SG, text: '' };
    for (const ch of '+91 98765 43210') state = readPhoneInput(state.text + ch, state.country);
    expect([state.country.iso, state.text]).toEqual(['IN', '9876543210']);
    state = { country: IN, text: '' };
    for (const ch of '919876543210') state = readPhoneInput(state.text + ch, state.country);
    expect([state.country.iso, state.text]).toEqual(['IN', '9876543210']);
    state = { country: SG, text: '' };
    for (const ch of '0091 98765 43210') state = readPhoneInput(state.text + ch, state.country);
    expect([state.country.iso, state.text]).toEqual(['IN', '9876543210']);
  });

  it('property: the text is digits (or a kept + / 00 prefix), and whole numbers of the rule are complete', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...COUNTRIES), (raw, country) => {
        const { text, country: read } = readPhoneInput(raw, country);
        expect(COUNTRIES).toContain(read);
        expect(text).toMatch(/^(\+|00)?[0-9]*$/);
        expect(text.length).toBeLessThanOrEqual(16);
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...COUNTRIES), fc.constantFrom(...COUNTRIES), fc.nat(), (country, picked, n) => {
        const national = country.mobileStarts[n % country.mobileStarts.length]! + String(n).padStart(country.digitCount, '7').slice(-(country.digitCount - 1));
        for (const raw of [`${country.dialCode} ${national}`, `00${country.dialCode.slice(1)}${national}`]) {
          const r = readPhoneInput(raw, picked);
          expect([r.country.iso, r.text]).toEqual([country.iso, national]);
          expect(isPhoneComplete(r.text, r.country)).toBe(true);
        }
      }),
    );
  });
});

describe('phoneInputProblem: a wrong number is told at once', () => {
  it('a first digit no mobile of the country has', () => {
    expect(phoneInputProblem('1', IN)).toBe('start');
    expect(phoneInputProblem('1234567890', IN)).toBe('start');
    expect(phoneInputProblem('5', IN)).toBe('start');
    expect(phoneInputProblem('7123456789', IN)).toBeUndefined();
    expect(phoneInputProblem('712345678', TH)).toBe('start');
    expect(phoneInputProblem('12345678', SG)).toBe('start');
    expect(phoneInputProblem('91234567', SG)).toBeUndefined();
  });

  it('nothing while the text may still become a number: empty, a trunk 0, a dial code being typed', () => {
    expect(phoneInputProblem('', IN)).toBeUndefined();
    expect(phoneInputProblem('0', IN)).toBeUndefined();
    expect(phoneInputProblem('+', IN)).toBeUndefined();
    expect(phoneInputProblem('+6', IN)).toBeUndefined();
    expect(phoneInputProblem('00', IN)).toBeUndefined();
    // Singapore's code 65 begins with a 6, which no Singapore mobile does
    expect(phoneInputProblem('65', SG)).toBeUndefined();
    expect(phoneInputProblem('6581234', SG)).toBeUndefined();
    expect(phoneInputProblem('65812345', SG)).toBe('start');
  });

  it('a dial code the app does not serve', () => {
    expect(phoneInputProblem('+1', IN)).toBe('country');
    expect(phoneInputProblem('+4420', IN)).toBe('country');
    expect(phoneInputProblem('001', IN)).toBe('country');
  });
});
