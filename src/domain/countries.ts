// Supported countries (spec part 1 §1 and §3 "Country entry"). The one place that knows the
// dial codes and digit counts: the login input, the server's checks and the geo data use it.
export type CountryIso = 'IN' | 'SG' | 'TH';

export interface Country {
  readonly iso: CountryIso;
  readonly name: string;
  readonly dialCode: string;
  readonly digitCount: number;
  readonly flag: string;
  readonly currency: string;
}

export const COUNTRIES: readonly Country[] = [
  { iso: 'IN', name: 'India', dialCode: '+91', digitCount: 10, flag: '🇮🇳', currency: 'INR' },
  { iso: 'SG', name: 'Singapore', dialCode: '+65', digitCount: 8, flag: '🇸🇬', currency: 'SGD' },
  { iso: 'TH', name: 'Thailand', dialCode: '+66', digitCount: 9, flag: '🇹🇭', currency: 'THB' },
];

export const DEFAULT_COUNTRY: Country = COUNTRIES[0]!;

export function countryByDialCode(dialCode: string): Country | undefined {
  return COUNTRIES.find((c) => c.dialCode === dialCode);
}

export function countryByIso(iso: string): Country | undefined {
  return COUNTRIES.find((c) => c.iso === iso);
}

/** A full mobile number as the API carries it: dial code then national digits, e.g. +919876543210. */
export function formatMobile(country: Country, nationalDigits: string): string {
  return `${country.dialCode}${nationalDigits}`;
}

/** Splits a full mobile number into its country and national digits, or undefined if it breaks a country rule. */
export function parseMobile(mobile: string): { country: Country; national: string } | undefined {
  for (const country of COUNTRIES) {
    if (!mobile.startsWith(country.dialCode)) continue;
    const national = mobile.slice(country.dialCode.length);
    if (national.length === country.digitCount && /^\d+$/.test(national)) return { country, national };
  }
  return undefined;
}
