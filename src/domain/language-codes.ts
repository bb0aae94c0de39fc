// The five languages of spec part 1 §1, as codes. The options shown to the user (names in their
// own script, speech codes) live in src/i18n/languages.ts; this module only knows the codes, so
// that pure rules and the server can use them without pulling in the i18n layer.

export const LANGUAGE_CODES = ['en', 'hi', 'gu', 'mr', 'te'] as const;

export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** English is the default language (spec part 1 §1). */
export const DEFAULT_LANGUAGE_CODE: LanguageCode = 'en';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** A stored or requested code, or the default when it is missing or not one of ours. */
export function resolveLanguageCode(value: unknown): LanguageCode {
  return isLanguageCode(value) ? value : DEFAULT_LANGUAGE_CODE;
}
