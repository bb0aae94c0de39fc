// Supported countries (spec part 1 §1 and §3 "Country entry"). The one place that knows the
// dial codes, digit counts and mobile numbering rules: the login input, the server's checks and
// the geo data use it.
/** The served countries' ISO codes, in the order the login lists them. */
export const COUNTRY_ISOS = ['IN', 'SG', 'TH'] as const;
export type CountryIso = (typeof COUNTRY_ISOS)[number];

export interface Country {
  readonly iso: CountryIso;
  readonly name: string;
  readonly dialCode: string;
  readonly digitCount: number;
  /** The first digits a mobile number of this country can have (national numbering plans). */
  readonly mobileStarts: readonly string[];
  readonly flag: string;
  readonly currency: string;
}

export const COUNTRIES: readonly Country[] = [
  { iso: 'IN', name: 'India', dialCode: '+91', digitCount: 10, mobileStarts: ['6', '7', '8', '9'], flag: '🇮🇳', currency: 'INR' },
  { iso: 'SG', name: 'Singapore', dialCode: '+65', digitCount: 8, mobileStarts: ['8', '9'], flag: '🇸🇬', currency: 'SGD' },
  { iso: 'TH', name: 'Thailand', dialCode: '+66', digitCount: 9, mobileStarts: ['6', '8', '9'], flag: '🇹🇭', currency: 'THB' },
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

/** The dial code's digits, without the '+': '91' for India. */
export function dialDigits(country: Country): string {
  return country.dialCode.slice(1);
}

/** True when a national number starts the way the country's mobile numbers do (India 6-9, Singapore 8 or 9, Thailand 6, 8 or 9). */
export function hasMobileStart(country: Country, national: string): boolean {
  return national.length > 0 && country.mobileStarts.includes(national[0]!);
}

/**
 * Whether a national number can be a mobile number of the country: exactly its digit count of
 * ASCII digits and a mobile first digit. The login screen and the server's send-otp use it.
 */
export function isMobileNumber(country: Country, national: string): boolean {
  return national.length === country.digitCount && /^[0-9]+$/.test(national) && hasMobileStart(country, national);
}
