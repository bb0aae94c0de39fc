// The date picker's rules (spec part 1 §5): years from the minimum to the maximum year, months
// and days limited to the range, the initial date is today when in range else the middle of the
// range, and every range lies within 1800-01-01 .. 2200-12-31. Dates are calendar dates with no
// time zone: plain { year, month (1-12), day } parts.
import { DATE_RANGE_MAX, DATE_RANGE_MIN } from './constants';

export interface DateParts { year: number; month: number; day: number }
export interface DateRange { min: DateParts; max: DateParts }

const OVERALL: DateRange = { min: { ...DATE_RANGE_MIN }, max: { ...DATE_RANGE_MAX } };

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Days since 1970-01-01 (negative before): a total order and a distance. */
function serial(d: DateParts): number {
  return Math.round(Date.UTC(d.year, d.month - 1, d.day) / 86_400_000);
}

function fromSerial(n: number): DateParts {
  const d = new Date(n * 86_400_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function compareDates(a: DateParts, b: DateParts): number {
  return serial(a) - serial(b);
}

/** 'yyyy-mm-dd' (a longer ISO time is cut to its date) as parts, or null when it is not a calendar date. */
export function parseIsoDate(text: string | undefined): DateParts | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text ?? '');
  if (!m) return null;
  const parts = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  if (parts.month < 1 || parts.month > 12 || parts.day < 1 || parts.day > daysInMonth(parts.year, parts.month)) return null;
  return parts;
}

const clampOverall = (d: DateParts): DateParts =>
  compareDates(d, OVERALL.min) < 0 ? { ...OVERALL.min } : compareDates(d, OVERALL.max) > 0 ? { ...OVERALL.max } : d;

/**
 * The range of a date request: its min and max (yyyy-mm-dd) where given and valid, else the
 * overall bounds; both kept within the overall range. A min after the max is ignored (the
 * request is contradictory; the overall bound takes its place).
 */
export function pickerRange(config?: { min?: string; max?: string }): DateRange {
  let min = clampOverall(parseIsoDate(config?.min) ?? OVERALL.min);
  let max = clampOverall(parseIsoDate(config?.max) ?? OVERALL.max);
  if (compareDates(min, max) > 0) {
    if (parseIsoDate(config?.min)) min = { ...OVERALL.min };
    else max = { ...OVERALL.max };
  }
  return { min, max };
}

export function isInRange(date: DateParts, range: DateRange): boolean {
  return compareDates(date, range.min) >= 0 && compareDates(date, range.max) <= 0;
}

/** Today when it lies in the range, else the range's middle day. */
export function initialDate(range: DateRange, today: DateParts): DateParts {
  if (isInRange(today, range)) return today;
  return fromSerial(Math.floor((serial(range.min) + serial(range.max)) / 2));
}

export function yearsOf(range: DateRange): number[] {
  const out: number[] = [];
  for (let y = range.min.year; y <= range.max.year; y++) out.push(y);
  return out;
}

export function monthsOf(range: DateRange, year: number): number[] {
  const first = year === range.min.year ? range.min.month : 1;
  const last = year === range.max.year ? range.max.month : 12;
  const out: number[] = [];
  for (let m = first; m <= last; m++) out.push(m);
  return out;
}

export function daysOf(range: DateRange, year: number, month: number): number[] {
  const first = year === range.min.year && month === range.min.month ? range.min.day : 1;
  const last = year === range.max.year && month === range.max.month ? range.max.day : daysInMonth(year, month);
  const out: number[] = [];
  for (let d = first; d <= last; d++) out.push(d);
  return out;
}

/** The date moved into the range, its day cut to its month's length first (31 Feb → 28/29 Feb). */
export function clampToRange(date: DateParts, range: DateRange): DateParts {
  const month = Math.min(12, Math.max(1, date.month));
  const fitted = { year: date.year, month, day: Math.min(Math.max(1, date.day), daysInMonth(date.year, month)) };
  if (compareDates(fitted, range.min) < 0) return { ...range.min };
  if (compareDates(fitted, range.max) > 0) return { ...range.max };
  return fitted;
}

/**
 * One wheel moved by `delta` steps. Each wheel stops at its ends (no wrap), the other fields
 * stay, and the result is clamped into the range (a day past the new month's end is cut).
 */
export function stepDate(date: DateParts, field: 'day' | 'month' | 'year', delta: number, range: DateRange): DateParts {
  const list = field === 'year' ? yearsOf(range) : field === 'month' ? monthsOf(range, date.year) : daysOf(range, date.year, date.month);
  const at = list.indexOf(date[field]);
  const index = Math.min(list.length - 1, Math.max(0, (at < 0 ? 0 : at) + delta));
  const value = list[index] ?? date[field];
  return clampToRange({ ...date, [field]: value }, range);
}
