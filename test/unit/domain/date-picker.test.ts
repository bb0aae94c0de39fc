import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampToRange, compareDates, daysInMonth, daysOf, initialDate, isInRange, monthsOf, parseIsoDate, pickerRange, stepDate, yearsOf,
} from '../../../src/domain/date-picker';

const d = (year: number, month: number, day: number) => ({ year, month, day });

describe('date picker range (spec part 1 §5)', () => {
  it('defaults to 1800-01-01 .. 2200-12-31', () => {
    expect(pickerRange()).toEqual({ min: d(1800, 1, 1), max: d(2200, 12, 31) });
    expect(pickerRange({ min: 'soon', max: '2026-02-30' })).toEqual({ min: d(1800, 1, 1), max: d(2200, 12, 31) });
  });
  it('takes the request min and max, within the overall range', () => {
    expect(pickerRange({ min: '2026-11-01', max: '2027-01-15' })).toEqual({ min: d(2026, 11, 1), max: d(2027, 1, 15) });
    expect(pickerRange({ min: '1700-05-05', max: '2300-01-01' })).toEqual({ min: d(1800, 1, 1), max: d(2200, 12, 31) });
    expect(pickerRange({ min: '2026-11-01T10:00:00Z' }).min).toEqual(d(2026, 11, 1));
  });
  it('ignores a min after the max', () => {
    expect(pickerRange({ min: '2027-01-01', max: '2026-01-01' })).toEqual({ min: d(1800, 1, 1), max: d(2026, 1, 1) });
  });
  it('parses only calendar dates', () => {
    expect(parseIsoDate('2024-02-29')).toEqual(d(2024, 2, 29));
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('2023-13-01')).toBeNull();
    expect(parseIsoDate(undefined)).toBeNull();
  });
});

describe('initial date', () => {
  const today = d(2026, 11, 21);
  it('is today when in range', () => expect(initialDate(pickerRange({ min: '2026-01-01', max: '2026-12-31' }), today)).toEqual(today));
  it('is the midpoint otherwise', () => {
    expect(initialDate(pickerRange({ min: '2027-01-01', max: '2027-01-31' }), today)).toEqual(d(2027, 1, 16));
    expect(initialDate(pickerRange({ min: '2000-01-01', max: '2000-01-02' }), today)).toEqual(d(2000, 1, 1));
  });
});

describe('wheels', () => {
  const range = pickerRange({ min: '2024-11-20', max: '2026-02-10' });
  it('years from min to max; months and days limited at the ends', () => {
    expect(yearsOf(range)).toEqual([2024, 2025, 2026]);
    expect(monthsOf(range, 2024)).toEqual([11, 12]);
    expect(monthsOf(range, 2025)).toHaveLength(12);
    expect(monthsOf(range, 2026)).toEqual([1, 2]);
    expect(daysOf(range, 2024, 11)).toEqual([20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(daysOf(range, 2026, 2)).toHaveLength(10);
    expect(daysOf(range, 2025, 2)).toHaveLength(28);
  });
  it('daysInMonth knows leap years', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2026, 4)).toBe(30);
  });
  it('stepping stops at the ends and cuts the day to the month', () => {
    expect(stepDate(d(2025, 1, 31), 'month', 1, range)).toEqual(d(2025, 2, 28));
    expect(stepDate(d(2025, 12, 15), 'month', 1, range)).toEqual(d(2025, 12, 15));
    expect(stepDate(d(2025, 6, 15), 'year', 5, range)).toEqual(d(2026, 2, 10));
    expect(stepDate(d(2024, 11, 20), 'day', -1, range)).toEqual(d(2024, 11, 20));
    expect(stepDate(d(2025, 3, 10), 'day', 3, range)).toEqual(d(2025, 3, 13));
  });
  it('any clamp or step stays in range and is a calendar date (property)', () => {
    const part = fc.record({ year: fc.integer({ min: 1700, max: 2300 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) });
    fc.assert(fc.property(part, part, part, fc.constantFrom<'day' | 'month' | 'year'>('day', 'month', 'year'), fc.integer({ min: -50, max: 50 }), (a, b, date, field, delta) => {
      const iso = (p: typeof a) => `${p.year}-${String(p.month).padStart(2, '0')}-${String(Math.min(p.day, 28)).padStart(2, '0')}`;
      const r = pickerRange({ min: iso(a), max: iso(b) });
      expect(compareDates(r.min, r.max)).toBeLessThanOrEqual(0);
      for (const out of [clampToRange(date, r), stepDate(clampToRange(date, r), field, delta, r)]) {
        expect(isInRange(out, r)).toBe(true);
        expect(out.day).toBeLessThanOrEqual(daysInMonth(out.year, out.month));
      }
    }), { numRuns: 300 });
  });
});
