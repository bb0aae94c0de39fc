// Date picker rules (spec part 1 §5): years from the min year to the max year, months and days
// limited to the range, the initial date is today when in range else the range's midpoint, and
// the whole range is 1800-01-01..2200-12-31. Months are 1-12.
import { DATE_RANGE_MAX, DATE_RANGE_MIN } from './constants';

export interface DateParts { year: number; month: number; day: number }
export interface DateRange { min: DateParts; max: DateParts }

const ABS_MIN: DateParts = { ...DATE_RANGE_MIN };
const ABS_MAX: DateParts = { ...DATE_RANGE_MAX };

const key = (d: DateParts): number => d.year * 10_000 + d.month * 100 + d.day;

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parse(text: string | undefined): DateParts | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!m) return null;
  const d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  if (d.month < 1 || d.month > 12 || d.day < 1 || d.day > daysInMonth(d.year, d.month)) return null;
  return d;
}

const clampAbs = (d: DateParts): DateParts => (key(d) < key(ABS_MIN) ? ABS_MIN : key(d) > key(ABS_MAX) ? ABS_MAX : d);

/** 'yyyy-mm-dd' bounds, clamped to 1800-01-01..2200-12-31; a missing or bad bound is the overall one. */
export function pickerRange(config?: { min?: string; max?: string }): DateRange {
  let min = clampAbs(parse(config?.min) ?? ABS_MIN);
  let max = clampAbs(parse(config?.max) ?? ABS_MAX);
  if (key(min) > key(max)) [min, max] = [max, min];
  return { min, max };
}

const toDays = (d: DateParts): number => Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;
function fromDays(n: number): DateParts {
  const t = new Date(n * 86_400_000);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** Today if in range, else the midpoint of the range. */
export function initialDate(range: DateRange, today: DateParts): DateParts {
  if (key(today) >= key(range.min) && key(today) <= key(range.max)) return today;
  return fromDays(Math.floor((toDays(range.min) + toDays(range.max)) / 2));
}

const span = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

export function yearsOf(range: DateRange): number[] {
  return span(range.min.year, range.max.year);
}

export function monthsOf(range: DateRange, year: number): number[] {
  return span(year === range.min.year ? range.min.month : 1, year === range.max.year ? range.max.month : 12);
}

export function daysOf(range: DateRange, year: number, month: number): number[] {
  const first = year === range.min.year && month === range.min.month ? range.min.day : 1;
  const last = year === range.max.year && month === range.max.month ? range.max.day : daysInMonth(year, month);
  return span(first, last);
}

export function clampToRange(date: DateParts, range: DateRange): DateParts {
  const day = Math.min(date.day, daysInMonth(date.year, date.month));
  const d = { ...date, day };
  if (key(d) < key(range.min)) return { ...range.min };
  if (key(d) > key(range.max)) return { ...range.max };
  return d;
}

/** One wheel moved by delta (no wrap-around); the other fields kept, the result clamped. */
export function stepDate(date: DateParts, field: 'day' | 'month' | 'year', delta: number, range: DateRange): DateParts {
  if (field === 'year') return clampToRange({ ...date, year: date.year + delta }, range);
  if (field === 'month') {
    const months = monthsOf(range, date.year);
    const i = Math.min(months.length - 1, Math.max(0, months.indexOf(date.month) + delta));
    return clampToRange({ ...date, month: months[i] ?? date.month }, range);
  }
  const days = daysOf(range, date.year, date.month);
  const i = Math.min(days.length - 1, Math.max(0, days.indexOf(date.day) + delta));
  return clampToRange({ ...date, day: days[i] ?? date.day }, range);
}
