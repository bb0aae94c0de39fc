import { describe, expect, it } from 'vitest';
import { daysOf, initialDate, monthsOf, pickerRange, stepDate, yearsOf } from '../../../src/domain/date-picker';

describe('date picker rules (spec part 1 §5)', () => {
  it('range from the request, clamped to 1800-01-01..2200-12-31', () => {
    expect(pickerRange()).toEqual({ min: { year: 1800, month: 1, day: 1 }, max: { year: 2200, month: 12, day: 31 } });
    expect(pickerRange({ min: '1700-05-05', max: '2300-01-01' })).toEqual(pickerRange());
    expect(pickerRange({ min: '2024-03-10', max: '2025-02-20' })).toEqual({ min: { year: 2024, month: 3, day: 10 }, max: { year: 2025, month: 2, day: 20 } });
  });
  it('years, months and days limited to the range', () => {
    const r = pickerRange({ min: '2024-03-10', max: '2025-02-20' });
    expect(yearsOf(r)).toEqual([2024, 2025]);
    expect(monthsOf(r, 2024)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(monthsOf(r, 2025)).toEqual([1, 2]);
    expect(daysOf(r, 2024, 3)[0]).toBe(10);
    expect(daysOf(r, 2025, 2).at(-1)).toBe(20);
    expect(daysOf(r, 2024, 2 + 2).length).toBe(30);
  });
  it('initial date: today in range, else the midpoint', () => {
    const r = pickerRange({ min: '2024-01-01', max: '2024-01-31' });
    expect(initialDate(r, { year: 2024, month: 1, day: 5 })).toEqual({ year: 2024, month: 1, day: 5 });
    expect(initialDate(r, { year: 2030, month: 1, day: 5 })).toEqual({ year: 2024, month: 1, day: 16 });
  });
  it('stepping keeps the date in range and the day valid', () => {
    const r = pickerRange({ min: '2024-01-31', max: '2024-12-31' });
    expect(stepDate({ year: 2024, month: 1, day: 31 }, 'month', 1, r)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(stepDate({ year: 2024, month: 1, day: 31 }, 'day', -1, r)).toEqual({ year: 2024, month: 1, day: 31 });
    expect(stepDate({ year: 2024, month: 5, day: 1 }, 'year', 1, r)).toEqual({ year: 2024, month: 12, day: 31 });
  });
});
