// Phone-number input rules (spec part 1 §5): digits only (so never negative), truncated to the
// country's digit count; Enter submits only when the number is complete. People also type or
// paste numbers the way they write them: with the dial code ('+91 98765 43210', '0091…',
// '(+65) 8123 4567', '919876543210'), separators, or a leading trunk 0 ('098765 43210').
// readPhoneInput takes the dial code out of such text (the country picker follows it) and
// leaves the national digits; a mobile number must also start as the country's do
// (countries.ts, the same rule the server applies to send-otp).
import { COUNTRIES, dialDigits, hasMobileStart, isMobileNumber, type Country } from './countries';

type DigitCount = number | Pick<Country, 'digitCount'>;

function countOf(country: DigitCount): number {
  return typeof country === 'number' ? country : country.digitCount;
}

/**
 * Digits only, cut to the country's digit count: every non-digit dropped (a minus sign, spaces,
 * dashes), non-ASCII digits too (the API takes ASCII digits only). Used when the country is
 * changed with the picker: the number typed so far is kept as national digits.
 */
export function sanitizePhoneInput(raw: string, country: DigitCount): string {
  return raw.replace(/[^0-9]/g, '').slice(0, Math.max(0, countOf(country)));
}

/** What the field shows, and the country the picker shows, after the user typed or pasted. */
export interface PhoneInput {
  readonly country: Country;
  /**
   * National digits; or, while an international prefix is being typed or names no supported
   * country, that prefix as typed ('+', '+6', '00', '+1 555' as '+1555'); or a lone trunk '0'.
   */
  readonly text: string;
}

/** Longest text kept for an international prefix that names no supported country. */
const MAX_UNKNOWN_PREFIX = 16;

function withoutTrunkZero(digits: string): string {
  return digits.startsWith('0') ? digits.slice(1) : digits;
}

/**
 * Reads what the user typed or pasted into the number field (`raw` is the field's whole new
 * content), with `country` the picker's country:
 * - '+' or '00' then a supported dial code: that country, and the digits after it (a trunk 0
 *   right after the code dropped), cut to its digit count;
 * - '+' or '00' and a partial or unsupported code: kept as typed, the picker unchanged;
 * - digits: a leading trunk 0 dropped; up to the digit count they are the national number
 *   (a 10-digit Indian number starting 91 is just that); longer, they carry a country code only
 *   when the count shows it (12 digits starting 91 for India, 11 starting 66 for Thailand, 10
 *   starting 65 for Singapore); a longer text that may still become the picker's country code
 *   and number is kept while it is typed; anything else is cut to the digit count.
 */
export function readPhoneInput(raw: string, country: Country): PhoneInput {
  const kept = raw.replace(/[^0-9+]/g, '');
  const plus = kept.startsWith('+');
  const digits = kept.replace(/\+/g, '');

  if (plus || digits.startsWith('00')) {
    const prefix = plus ? '+' : '00';
    const rest = plus ? digits : digits.slice(2);
    const found = COUNTRIES.find((c) => rest.startsWith(dialDigits(c)));
    if (!found) return { country, text: (prefix + rest).slice(0, MAX_UNKNOWN_PREFIX) };
    return { country: found, text: withoutTrunkZero(rest.slice(dialDigits(found).length)).slice(0, found.digitCount) };
  }

  // A lone 0: a trunk prefix, or the start of '00'.
  if (digits === '0') return { country, text: '0' };
  const national = withoutTrunkZero(digits);
  if (national.length <= country.digitCount) return { country, text: national };

  const code = dialDigits(country);
  const withCode = code.length + country.digitCount;
  if (national.startsWith(code)) {
    if (national.length === withCode) return { country, text: national.slice(code.length) };
    if (national.length < withCode) return { country, text: national };
  }
  const other = COUNTRIES.find((c) => c !== country && national.length === dialDigits(c).length + c.digitCount && national.startsWith(dialDigits(c)));
  if (other) return { country: other, text: national.slice(dialDigits(other).length) };
  return { country, text: national.slice(0, country.digitCount) };
}

/** Why the field's text cannot be a mobile number of the country, once that is already clear. */
export type PhoneInputProblem =
  /** an international prefix of a country the app does not serve */
  | 'country'
  /** the number does not start the way the country's mobile numbers do */
  | 'start';

/**
 * The problem to tell the user about now, or undefined while the text is fine or may still
 * become fine (a partial dial code, a trunk 0, a country code being typed before the number).
 */
export function phoneInputProblem(text: string, country: Country): PhoneInputProblem | undefined {
  if (text === '' || text === '0') return undefined;
  if (text.startsWith('+') || text.startsWith('00')) {
    const rest = text.startsWith('+') ? text.slice(1) : text.slice(2);
    return COUNTRIES.some((c) => dialDigits(c).startsWith(rest)) ? undefined : 'country';
  }
  if (hasMobileStart(country, text)) return undefined;
  // Singapore's code (65) starts with a digit no Singapore mobile does: '6581234567' is being typed.
  const code = dialDigits(country);
  const mayBeCode = (code.startsWith(text) || text.startsWith(code)) && text.length < country.digitCount;
  return mayBeCode ? undefined : 'start';
}

/** True when the text is a whole mobile number of the country: its digit count, and a mobile first digit. */
export function isPhoneComplete(value: string, country: Country): boolean {
  return isMobileNumber(country, value);
}

/** Enter submits only when the number is complete; other keys never submit. */
export function shouldSubmitPhoneOnKey(key: string, value: string, country: Country): boolean {
  return key === 'Enter' && isPhoneComplete(value, country);
}
