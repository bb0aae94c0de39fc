import { describe, expect, it } from 'vitest';
import { isLoginTokenUsable, isTokenUsable } from '../../../src/domain/session-expiry';

const NOW = 1_700_000_000_000;

describe('isTokenUsable', () => {
  it('needs a non-empty token and a future expiry', () => {
    expect(isTokenUsable('abc', NOW + 1, NOW)).toBe(true);
    expect(isTokenUsable('abc', NOW, NOW)).toBe(false);
    expect(isTokenUsable('abc', NOW - 1, NOW)).toBe(false);
    expect(isTokenUsable('', NOW + 1000, NOW)).toBe(false);
    expect(isTokenUsable(null, NOW + 1000, NOW)).toBe(false);
    expect(isTokenUsable(undefined, NOW + 1000, NOW)).toBe(false);
    expect(isTokenUsable('abc', null, NOW)).toBe(false);
    expect(isTokenUsable('abc', undefined, NOW)).toBe(false);
    expect(isTokenUsable('abc', Number.NaN, NOW)).toBe(false);
    expect(isTokenUsable('abc', Number.POSITIVE_INFINITY, NOW)).toBe(false);
  });
});

describe('isLoginTokenUsable (the 401 rule)', () => {
  it('reads the session fields', () => {
    expect(isLoginTokenUsable({ loginToken: 'x', loginTokenExpiry: NOW + 60_000 }, NOW)).toBe(true);
    expect(isLoginTokenUsable({ loginToken: 'x', loginTokenExpiry: NOW - 60_000 }, NOW)).toBe(false);
    expect(isLoginTokenUsable({ loginToken: null, loginTokenExpiry: NOW + 60_000 }, NOW)).toBe(false);
    expect(isLoginTokenUsable(null, NOW)).toBe(false);
    expect(isLoginTokenUsable(undefined, NOW)).toBe(false);
  });
});
