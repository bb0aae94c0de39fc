// A screen writes its texts with t('settings.title'): the id is one of en.json's (MessageId), so a
// misspelt id is a type error. Ids that come with data (an AppError's textId, a stored notice) are
// checked by the catalogue test (test/unit/i18n/messages.test.ts) and go to intl.formatMessage.
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/load-messages';

export type Translate = (id: MessageId, values?: Readonly<Record<string, string | number>>) => string;

export function useT(): Translate {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id }, values);
}
