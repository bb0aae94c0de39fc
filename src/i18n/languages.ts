// The five language options of spec part 1 §1 and §3 (Language option: name, description,
// changeDescription, code, analyticsLabel, sttLabel, sttLanguageCode). These are data, not
// messages: each option is written in its own language so that someone who cannot read the
// current UI language still finds theirs, so they do not change with the UI language.
import { DEFAULT_LANGUAGE_CODE, type LanguageCode } from '../domain/language-codes';

export { DEFAULT_LANGUAGE_CODE, LANGUAGE_CODES, isLanguageCode, resolveLanguageCode } from '../domain/language-codes';
export type { LanguageCode } from '../domain/language-codes';

export interface LanguageOption {
  code: LanguageCode;
  /** The language's name in its own script, e.g. 'हिंदी'. */
  name: string;
  /** The language's English name, shown under `name`. */
  description: string;
  /** "Change language", written in this language (settings and onboarding show it). */
  changeDescription: string;
  /** Label sent with analytics events (stable, English). */
  analyticsLabel: string;
  /** Label of the speech-to-text language, in this language. */
  sttLabel: string;
  /** BCP 47 tag for speech-to-text: en-IN, hi-IN, gu-IN, mr-IN, te-IN. */
  sttLanguageCode: string;
}

export const LANGUAGES: readonly LanguageOption[] = [
  {
    code: 'en',
    name: 'English',
    description: 'English',
    changeDescription: 'Change language',
    analyticsLabel: 'English',
    sttLabel: 'English (India)',
    sttLanguageCode: 'en-IN',
  },
  {
    code: 'hi',
    name: 'हिंदी',
    description: 'Hindi',
    changeDescription: 'भाषा बदलें',
    analyticsLabel: 'Hindi',
    sttLabel: 'हिंदी (भारत)',
    sttLanguageCode: 'hi-IN',
  },
  {
    code: 'gu',
    name: 'ગુજરાતી',
    description: 'Gujarati',
    changeDescription: 'ભાષા બદલો',
    analyticsLabel: 'Gujarati',
    sttLabel: 'ગુજરાતી (ભારત)',
    sttLanguageCode: 'gu-IN',
  },
  {
    code: 'mr',
    name: 'मराठी',
    description: 'Marathi',
    changeDescription: 'भाषा बदला',
    analyticsLabel: 'Marathi',
    sttLabel: 'मराठी (भारत)',
    sttLanguageCode: 'mr-IN',
  },
  {
    code: 'te',
    name: 'తెలుగు',
    description: 'Telugu',
    changeDescription: 'భాష మార్చండి',
    analyticsLabel: 'Telugu',
    sttLabel: 'తెలుగు (భారతదేశం)',
    sttLanguageCode: 'te-IN',
  },
];

const BY_CODE = new Map(LANGUAGES.map((l) => [l.code, l]));

/** The option of a code; unknown or missing codes give the default (English). */
export function languageOption(code: string | null | undefined): LanguageOption {
  return BY_CODE.get(code as LanguageCode) ?? BY_CODE.get(DEFAULT_LANGUAGE_CODE)!;
}

