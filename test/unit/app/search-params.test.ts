// The router's plain query strings (src/app/search-params.ts): ?bot=<id> as typed, never JSON-quoted.
import { expect, it } from 'vitest';
import { parsePlainSearch, stringifyPlainSearch } from '../../../src/app/search-params';

it('writes string values as they are, and nothing for an empty search', () => {
  expect(stringifyPlainSearch({ bot: '1000000000000001' })).toBe('?bot=1000000000000001');
  expect(stringifyPlainSearch({ bot: '1000000000000003', catalog: 'snacks_1' })).toBe('?bot=1000000000000003&catalog=snacks_1');
  expect(stringifyPlainSearch({})).toBe('');
  expect(stringifyPlainSearch({ bot: undefined })).toBe('');
  expect(stringifyPlainSearch({ q: 'a b&c' })).toBe('?q=a+b%26c');
  expect(stringifyPlainSearch({ bot: '1000000000000001' })).not.toContain('%22');
});

it('reads every value as the string typed (a 16-digit id stays its digits, even past 2^53)', () => {
  expect(parsePlainSearch('?bot=1000000000000001')).toEqual({ bot: '1000000000000001' });
  expect(parsePlainSearch('bot=9999999999999999&catalog=x')).toEqual({ bot: '9999999999999999', catalog: 'x' });
  expect(parsePlainSearch('?flag=true&n=12')).toEqual({ flag: 'true', n: '12' });
  expect(parsePlainSearch('?bot=1&bot=2')).toEqual({ bot: '1' });
  expect(parsePlainSearch('')).toEqual({});
});

it('round-trips what it writes', () => {
  for (const search of [{ bot: '1000000000000001' }, { bot: '1000000000000003', catalog: 'a-b_c' }, { q: '"quoted" & spaced' }]) {
    expect(parsePlainSearch(stringifyPlainSearch(search))).toEqual(search);
  }
});
