// The sign-in limits' configuration (server/config/otp-limits.ts), the in-memory sliding counts
// (accounts/sliding-counter.ts) and the client key of an address (accounts/client-address.ts).
import { describe, expect, it } from 'vitest';
import { clientKey } from '../../../server/accounts/client-address';
import { SlidingCounter } from '../../../server/accounts/sliding-counter';
import { DEFAULT_OTP_LIMITS, OTP_LIMIT_ENV, otpLimitsFromEnv, resolveOtpLimits } from '../../../server/config/otp-limits';

describe('otp limits', () => {
  it('default to ASVS V6\'s 100 wrong codes a number an hour', () => {
    expect(resolveOtpLimits()).toEqual(DEFAULT_OTP_LIMITS);
    expect(DEFAULT_OTP_LIMITS.failuresPerNumber).toBe(100);
    expect(DEFAULT_OTP_LIMITS.windowMs).toBe(3600_000);
  });

  it('are read from the environment, each variable naming one limit', () => {
    expect(otpLimitsFromEnv({})).toEqual({});
    expect(otpLimitsFromEnv({ OTP_SENDS_PER_CLIENT: '12', OTP_FAILURES_PER_NUMBER: ' 50 ', OTP_SENDS_PER_COUNTRY_DAY: 'IN=500, SG=20' })).toEqual({
      sendsPerClient: 12, failuresPerNumber: 50, sendsPerCountryDay: { IN: 500, SG: 20 },
    });
    for (const [name, key] of Object.entries(OTP_LIMIT_ENV)) expect(otpLimitsFromEnv({ [name]: '7' })).toEqual({ [key]: 7 });
  });

  it('refuse values that are not whole numbers, naming the variable', () => {
    expect(() => otpLimitsFromEnv({ OTP_SENDS_GLOBAL: '1.5' })).toThrow(/OTP_SENDS_GLOBAL/);
    expect(() => otpLimitsFromEnv({ OTP_SENDS_GLOBAL: '-3' })).toThrow(/OTP_SENDS_GLOBAL/);
    expect(() => otpLimitsFromEnv({ OTP_SENDS_PER_COUNTRY_DAY: 'India=5' })).toThrow(/OTP_SENDS_PER_COUNTRY_DAY/);
    expect(() => resolveOtpLimits({ ownerReserve: 100 })).toThrow(/ownerReserve/);
    expect(() => resolveOtpLimits({ windowMs: 0 })).toThrow(/windowMs/);
    expect(() => resolveOtpLimits({ sendsPerNumber: 0 })).toThrow(/sendsPerNumber/);
    expect(resolveOtpLimits({ freeFailuresPerNumberPerClient: 0, ownerReserve: 0 }).ownerReserve).toBe(0);
  });
});

describe('SlidingCounter', () => {
  it('allows `limit` events a window and says when the next one may come', () => {
    const c = new SlidingCounter(2, 1000, 10);
    c.add('a', 0);
    c.add('a', 400);
    expect(c.waitMs('a', 500)).toBe(500);
    expect(c.waitMs('b', 500)).toBe(0);
    expect(c.waitMs('a', 1000)).toBe(0);
  });

  it('keeps at most maxKeys keys, forgetting the least recently used', () => {
    const c = new SlidingCounter(1, 1000, 3);
    for (let i = 0; i < 10; i++) c.add(`k${i}`, 0);
    expect(c.size()).toBe(3);
    expect(c.waitMs('k9', 1)).toBe(999);
    expect(c.waitMs('k0', 1)).toBe(0);
  });
});

describe('clientKey', () => {
  it('counts IPv4 (also IPv4-mapped) by address and IPv6 by /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:ffff:1:2:3')).toBe(clientKey('2001:db8:1:2::9'));
    expect(clientKey('2001:db8:1:3::9')).not.toBe(clientKey('2001:db8:1:2::9'));
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
