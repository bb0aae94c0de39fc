import { describe, expect, it } from 'vitest';
import { dateTag, isSameDay, relativeTime, shortDate, showsProfilePicture } from '../../../src/domain/chat-time';

const at = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s).getTime();
const NOW = at(2026, 11, 21, 15, 30);

describe('relativeTime (spec part 1 §9)', () => {
  it.each([
    ['59 s ago', NOW - 59_000, { unit: 'now' }],
    ['a time ahead of our clock', NOW + 5_000, { unit: 'now' }],
    ['60 s ago', NOW - 60_000, { unit: 'minute', value: 1 }],
    ['59 min 59 s ago', NOW - 3_599_000, { unit: 'minute', value: 59 }],
    ['1 h ago', NOW - 3_600_000, { unit: 'hour', value: 1 }],
    ['exactly 24 h ago', NOW - 24 * 3_600_000, { unit: 'hour', value: 24 }],
    ['yesterday, 25 h ago', at(2026, 11, 20, 14, 0), { unit: 'yesterday' }],
    ['two days ago', at(2026, 11, 19, 23, 0), { unit: 'date', text: '19/11/26' }],
    ['last year', at(2025, 1, 5, 8, 0), { unit: 'date', text: '05/01/25' }],
  ])('%s', (_name, ts, expected) => expect(relativeTime(ts, NOW)).toEqual(expected));

  it('a time of yesterday less than 24 h ago still reads in hours (hours come first)', () => {
    expect(relativeTime(at(2026, 11, 20, 23, 0), at(2026, 11, 21, 8, 0))).toEqual({ unit: 'hour', value: 9 });
  });
});

describe('dateTag', () => {
  it('Today, Yesterday, else the date parts', () => {
    expect(dateTag(at(2026, 11, 21, 0, 0, 1), NOW)).toEqual({ kind: 'today' });
    expect(dateTag(at(2026, 11, 20, 23, 59), NOW)).toEqual({ kind: 'yesterday' });
    expect(dateTag(at(2026, 11, 19, 12, 0), NOW)).toEqual({ kind: 'date', year: 2026, month: 11, day: 19 });
    expect(dateTag(at(2026, 1, 1, 0, 0), at(2026, 1, 2, 0, 0))).toEqual({ kind: 'yesterday' });
    expect(dateTag(at(2025, 12, 31, 10, 0), at(2026, 1, 1, 9, 0))).toEqual({ kind: 'yesterday' });
  });
  it('isSameDay and shortDate', () => {
    expect(isSameDay(at(2026, 3, 1, 0, 0), at(2026, 3, 1, 23, 59))).toBe(true);
    expect(isSameDay(at(2026, 3, 1, 23, 59), at(2026, 3, 2, 0, 0))).toBe(false);
    expect(shortDate(at(2009, 2, 3))).toBe('03/02/09');
  });
});

describe('showsProfilePicture (more than 5 minutes after the previous message)', () => {
  it.each([
    [undefined, 0, true],
    [0, 5 * 60_000, false],
    [0, 5 * 60_000 + 1, true],
    [1000, 2000, false],
  ])('previous %s, this %d → %s', (prev, ts, shows) => expect(showsProfilePicture(prev, ts)).toBe(shows));
});
