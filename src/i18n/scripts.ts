// Script detection and text direction (spec part 1 §9): a text is Urdu, Telugu, Hindi or
// Gujarati script when it contains a letter of that script, checked in that order; otherwise
// English. Devanagari reports as 'hindi' (Marathi shares the script; the spec names it so).

export type DetectedScript = 'urdu' | 'telugu' | 'hindi' | 'gujarati' | 'english';

// Unicode script properties rather than block ranges: they cover the extension blocks too and
// skip unassigned code points. Urdu is written in the Arabic script.
const URDU = /\p{Script=Arabic}/u;
const TELUGU = /\p{Script=Telugu}/u;
const DEVANAGARI = /\p{Script=Devanagari}/u;
const GUJARATI = /\p{Script=Gujarati}/u;

export function detectScript(text: string): DetectedScript {
  if (URDU.test(text)) return 'urdu';
  if (TELUGU.test(text)) return 'telugu';
  if (DEVANAGARI.test(text)) return 'hindi';
  if (GUJARATI.test(text)) return 'gujarati';
  return 'english';
}

/** Right-to-left languages of spec part 1 §9. */
export const RTL_LANGUAGE_CODES = ['ar', 'he', 'ps', 'ur', 'sd'] as const;

/** True for a right-to-left language code; region subtags are ignored ('ur-PK' is RTL). */
export function isRtl(code: string | null | undefined): boolean {
  if (!code) return false;
  const primary = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (RTL_LANGUAGE_CODES as readonly string[]).includes(primary);
}
