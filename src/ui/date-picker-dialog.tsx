// The date-picker dialog (spec part 1 §2, §5): day, month and year wheels limited to the range,
// starting at the initial-date rule, Confirm answers the chosen date. Texts arrive as props.
import { useState } from 'react';
import { clampToRange, daysOf, monthsOf, stepDate, yearsOf, type DateParts, type DateRange } from '../domain/date-picker';
import { Dialog } from './dialog';
import { DateWheel } from './date-wheel';
import './date-wheel.css';

export interface DatePickerTexts {
  title: string;
  day: string;
  month: string;
  year: string;
  /** '{field}: previous' style names of the arrows, by field. */
  previous: (field: string) => string;
  next: (field: string) => string;
  confirm: string;
  cancel: string;
  /** The month's name in the user's language (1-12). */
  monthName: (month: number) => string;
  /** The chosen date, spoken and shown above the wheels. */
  summary: (date: DateParts) => string;
}

export interface DatePickerDialogProps {
  range: DateRange;
  initial: DateParts;
  texts: DatePickerTexts;
  onConfirm: (date: DateParts) => void;
  onCancel: () => void;
}

export function DatePickerDialog({ range, initial, texts, onConfirm, onCancel }: DatePickerDialogProps) {
  const [date, setDate] = useState<DateParts>(() => clampToRange(initial, range));
  const set = (patch: Partial<DateParts>) => setDate((d) => clampToRange({ ...d, ...patch }, range));
  const step = (field: 'day' | 'month' | 'year') => (delta: number) => setDate((d) => stepDate(d, field, delta, range));
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    <Dialog
      title={texts.title}
      testId="date-picker"
      describeWithBody={false}
      onDismiss={onCancel}
      body={
        <div className="date-picker">
          <p className="date-picker__summary" aria-live="polite">{texts.summary(date)}</p>
          <div className="date-picker__wheels">
            <DateWheel label={texts.day} values={daysOf(range, date.year, date.month)} value={date.day} format={pad} onChange={(day) => set({ day })} onStep={step('day')} previousLabel={texts.previous(texts.day)} nextLabel={texts.next(texts.day)} />
            <DateWheel label={texts.month} values={monthsOf(range, date.year)} value={date.month} format={texts.monthName} onChange={(month) => set({ month })} onStep={step('month')} previousLabel={texts.previous(texts.month)} nextLabel={texts.next(texts.month)} />
            <DateWheel label={texts.year} values={yearsOf(range)} value={date.year} format={String} onChange={(year) => set({ year })} onStep={step('year')} previousLabel={texts.previous(texts.year)} nextLabel={texts.next(texts.year)} />
          </div>
        </div>
      }
      actions={[
        { label: texts.cancel, onClick: onCancel, variant: 'secondary' },
        { label: texts.confirm, onClick: () => onConfirm(date), variant: 'primary', autoFocus: true },
      ]}
    />
  );
}
