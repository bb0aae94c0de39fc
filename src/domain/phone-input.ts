// Phone-number input rules (spec part 1 §5): digits only (so never negative), truncated to the
// country's digit count; Enter submits only when the number is complete.
import type { Country } from './countries';

type DigitCount = number | Pick<Country, 'digitCount'>;

function countOf(country: DigitCount): number {
  return typeof country === 'number' ? country : country.digitCount;
}

/**
 * What the input holds after the user typed or pasted `raw`: every non-digit dropped (a minus
 * sign, spaces, dashes, a pasted '+91'-less number with separators), then cut to the country's
 * digit count. Non-ASCII digits are dropped too: the API takes ASCII digits only.
 */
export function sanitizePhoneInput(raw: string, country: DigitCount): string {
  return raw.replace(/[^0-9]/g, '').slice(0, Math.max(0, countOf(country)));
}

/** True when the national number has exactly the country's digit count (and only digits). */
export function isPhoneComplete(value: string, country: DigitCount): boolean {
  return /^[0-9]*$/.test(value) && value.length === countOf(country);
}

/** Enter submits only when the number is complete; other keys never submit. */
export function shouldSubmitPhoneOnKey(key: string, value: string, country: DigitCount): boolean {
  return key === 'Enter' && isPhoneComplete(value, country);
}
