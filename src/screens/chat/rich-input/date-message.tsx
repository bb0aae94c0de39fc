import { useIntl } from 'react-intl';
import type { DateValue } from '../../../api/messages';

/** A date answer, 'd LLLL yyyy' in the user's language (the wire holds three integers). */
export function DateMessage({ date }: { date: DateValue }) {
  const intl = useIntl();
  const ts = Date.UTC(date.year, date.month - 1, date.day, 12);
  const iso = `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
  return <time dateTime={iso}>{intl.formatDate(ts, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}</time>;
}
