// A date request's picker (spec part 1 §4 "Date request", §5): the request's min and max (or the
// overall range), today or the range's midpoint first, month names in the user's language; the
// answer goes out as integers (sendDate) and the request is then answered.
import { useIntl } from 'react-intl';
import type { RichInputRequest } from '../../../api/messages';
import { sendDate } from '../../../db/commands/send-date';
import { initialDate, pickerRange } from '../../../domain/date-picker';
import { DatePickerDialog } from '../../../ui/date-picker-dialog';

export function DateRequestDialog({ botUuid, config, onClose }: { botUuid: string; config: RichInputRequest['config']; onClose: () => void }) {
  const intl = useIntl();
  const range = pickerRange(config);
  const t = new Date();
  const initial = initialDate(range, { year: t.getFullYear(), month: t.getMonth() + 1, day: t.getDate() });
  const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 12);
  return (
    <DatePickerDialog
      range={range}
      initial={initial}
      texts={{
        title: intl.formatMessage({ id: 'chat.datePicker.title' }),
        day: intl.formatMessage({ id: 'chat.datePicker.day' }),
        month: intl.formatMessage({ id: 'chat.datePicker.month' }),
        year: intl.formatMessage({ id: 'chat.datePicker.year' }),
        previous: (field) => intl.formatMessage({ id: 'chat.datePicker.previous' }, { field }),
        next: (field) => intl.formatMessage({ id: 'chat.datePicker.next' }, { field }),
        confirm: intl.formatMessage({ id: 'chat.datePicker.confirm' }),
        cancel: intl.formatMessage({ id: 'chat.datePicker.cancel' }),
        monthName: (m) => intl.formatDate(utc(2000, m, 1), { month: 'long', timeZone: 'UTC' }),
        summary: (d) => intl.formatDate(utc(d.year, d.month, d.day), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
      }}
      onCancel={onClose}
      onConfirm={(d) => {
        onClose();
        void sendDate(botUuid, d);
      }}
    />
  );
}
