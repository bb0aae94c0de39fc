// Texts as the app shows them, read from the same locale files, so browser tests find controls
// by the words a person sees and follow any change of wording.
import { createIntl } from '@formatjs/intl';
import en from '../../../src/i18n/messages/en.json';
import hi from '../../../src/i18n/messages/hi.json';
import gu from '../../../src/i18n/messages/gu.json';
import mr from '../../../src/i18n/messages/mr.json';
import te from '../../../src/i18n/messages/te.json';

const MESSAGES = { en, hi, gu, mr, te } as const;
export type Locale = keyof typeof MESSAGES;

export function texts(locale: Locale) {
  const intl = createIntl({ locale, messages: MESSAGES[locale] as Record<string, string> });
  return (id: keyof typeof en, values?: Record<string, string | number>): string => {
    if (!(id in MESSAGES[locale])) throw new Error(`no message ${id} in ${locale}`);
    return intl.formatMessage({ id }, values) as string;
  };
}
