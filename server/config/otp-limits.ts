// The limits on sign-in codes that stop abuse (issue 21, items 4 and 5), in one place: their
// defaults, and how the environment overrides them (server/README.md lists the variables).
//
// Two kinds of abuse are bounded here:
// - spraying: one client (address) asking codes for, or guessing codes of, many numbers; every
//   code is a paid SMS in production (OWASP "SMS pumping"). Per-address, global and
//   per-country caps answer 429 with Retry-After.
// - brute force on one number (ASVS V6: at most 100 failed tries per account per hour),
//   without letting a stranger lock the owner out: failures count per number AND client; a
//   client past its share waits (growing waits, 429), the owner's own fresh code keeps working,
//   and only the hard cap stops the number for everyone (423).
import type { CountryIso } from '../../src/domain/countries';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface OtpLimits {
  /** Codes one client may ask for one number within `windowMs` (429 past it). */
  sendsPerNumberPerClient: number;
  /** Codes one number may get from all clients within `windowMs`: past it the number takes none (423; SMS bombing). */
  sendsPerNumber: number;
  /** Codes one client may ask for, all numbers together, within `windowMs` (429). */
  sendsPerClient: number;
  /** Codes the whole server sends within `windowMs` (429). */
  sendsGlobal: number;
  /** Codes a country's numbers may get within 24 h (429); a country not listed: `sendsPerCountryDayDefault`. */
  sendsPerCountryDay: Readonly<Partial<Record<CountryIso, number>>>;
  sendsPerCountryDayDefault: number;
  /** Wrong codes one client may send for all numbers together within `windowMs` (429). */
  failuresPerClient: number;
  /** Wrong codes the whole server takes within `windowMs` (429). */
  failuresGlobal: number;
  /** Wrong codes one client may send for one number before it must wait between tries. */
  freeFailuresPerNumberPerClient: number;
  /** The first wait past the free tries; it doubles with every further failure ... */
  slowDownBaseMs: number;
  /** ... up to this. */
  slowDownMaxMs: number;
  /** ASVS V6: wrong codes a number takes within `windowMs`, from every client; then 423 for `lockMs`. */
  failuresPerNumber: number;
  /**
   * The last of `failuresPerNumber` kept for a client trying the code it asked for itself: past
   * `failuresPerNumber - ownerReserve`, other clients wait (429), so strangers alone cannot
   * reach the hard stop and the owner's fresh code still works.
   */
  ownerReserve: number;
  /** How long the hard stop lasts. */
  lockMs: number;
  /** Sessions a login token may open within `windowMs` (login-with-token, 429 past it). */
  sessionsPerLoginTokenPerWindow: number;
  /** Live sessions of one login token: a new one ends the oldest past this. */
  liveSessionsPerLoginToken: number;
  /** The sliding window of the counts above (the country cap's is 24 h). */
  windowMs: number;
  /** Client addresses (or numbers) remembered by the in-memory counters; the oldest are forgotten past it. */
  maxTrackedKeys: number;
}

export const COUNTRY_WINDOW_MS = DAY;

export const DEFAULT_OTP_LIMITS: OtpLimits = {
  sendsPerNumberPerClient: 5,
  sendsPerNumber: 20,
  // Many users share one address behind carrier-grade NAT, so per-address limits are generous;
  // they stop one machine spraying thousands of numbers, the global and country caps the rest.
  sendsPerClient: 30,
  sendsGlobal: 3000,
  sendsPerCountryDay: { IN: 20_000, SG: 2000, TH: 2000 },
  sendsPerCountryDayDefault: 1000,
  failuresPerClient: 50,
  failuresGlobal: 10_000,
  freeFailuresPerNumberPerClient: 10,
  slowDownBaseMs: SECOND,
  slowDownMaxMs: 15 * MINUTE,
  failuresPerNumber: 100,
  ownerReserve: 20,
  lockMs: HOUR,
  sessionsPerLoginTokenPerWindow: 30,
  liveSessionsPerLoginToken: 10,
  windowMs: HOUR,
  maxTrackedKeys: 100_000,
};

/** Limits high enough never to be met by a test suite signing in many users from 127.0.0.1. */
export const GENEROUS_OTP_LIMITS: Partial<OtpLimits> = {
  sendsPerClient: 1_000_000,
  sendsGlobal: 1_000_000,
  sendsPerCountryDay: {},
  sendsPerCountryDayDefault: 1_000_000,
  failuresPerClient: 1_000_000,
  failuresGlobal: 1_000_000,
};

const MAY_BE_ZERO: ReadonlySet<keyof OtpLimits> = new Set(['freeFailuresPerNumberPerClient', 'ownerReserve', 'slowDownBaseMs']);

/** The defaults with `overrides` over them; refuses numbers that make no sense. */
export function resolveOtpLimits(overrides: Partial<OtpLimits> = {}): OtpLimits {
  const limits: OtpLimits = {
    ...DEFAULT_OTP_LIMITS,
    ...overrides,
    sendsPerCountryDay: { ...DEFAULT_OTP_LIMITS.sendsPerCountryDay, ...overrides.sendsPerCountryDay },
  };
  for (const [name, value] of Object.entries(limits)) {
    if (name === 'sendsPerCountryDay') continue;
    // A count of 0 would refuse everything: only the free tries, the reserve and the first wait may be 0.
    const least = MAY_BE_ZERO.has(name as keyof OtpLimits) ? 0 : 1;
    if (!Number.isSafeInteger(value) || (value as number) < least) throw new Error(`otp limit ${name} must be a whole number ≥ ${least}, got ${String(value)}`);
  }
  for (const [iso, value] of Object.entries(limits.sendsPerCountryDay)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`otp limit sendsPerCountryDay.${iso} must be a whole number ≥ 0, got ${String(value)}`);
  }
  if (limits.ownerReserve >= limits.failuresPerNumber) throw new Error('otp limit ownerReserve must be below failuresPerNumber');
  return limits;
}

/** The environment variable of each whole-number limit (server/README.md). */
export const OTP_LIMIT_ENV: Readonly<Record<string, keyof OtpLimits>> = {
  OTP_SENDS_PER_NUMBER_PER_CLIENT: 'sendsPerNumberPerClient',
  OTP_SENDS_PER_NUMBER: 'sendsPerNumber',
  OTP_SENDS_PER_CLIENT: 'sendsPerClient',
  OTP_SENDS_GLOBAL: 'sendsGlobal',
  OTP_SENDS_PER_COUNTRY_DAY_DEFAULT: 'sendsPerCountryDayDefault',
  OTP_FAILURES_PER_CLIENT: 'failuresPerClient',
  OTP_FAILURES_GLOBAL: 'failuresGlobal',
  OTP_FREE_FAILURES_PER_NUMBER_PER_CLIENT: 'freeFailuresPerNumberPerClient',
  OTP_SLOW_DOWN_BASE_MS: 'slowDownBaseMs',
  OTP_SLOW_DOWN_MAX_MS: 'slowDownMaxMs',
  OTP_FAILURES_PER_NUMBER: 'failuresPerNumber',
  OTP_OWNER_RESERVE: 'ownerReserve',
  OTP_LOCK_MS: 'lockMs',
  LOGIN_TOKEN_SESSIONS_PER_WINDOW: 'sessionsPerLoginTokenPerWindow',
  LOGIN_TOKEN_LIVE_SESSIONS: 'liveSessionsPerLoginToken',
  OTP_WINDOW_MS: 'windowMs',
};

/**
 * The limits the environment sets (unset variables keep their defaults). OTP_SENDS_PER_COUNTRY_DAY
 * is a list like `IN=20000,SG=2000`. Throws naming the variable when a value is not a whole number.
 */
export function otpLimitsFromEnv(env: Readonly<Record<string, string | undefined>>): Partial<OtpLimits> {
  const out: Record<string, unknown> = {};
  const whole = (name: string, text: string): number => {
    const value = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value)) throw new Error(`${name} must be a whole number ≥ 0, got ${text}`);
    return value;
  };
  for (const [name, key] of Object.entries(OTP_LIMIT_ENV)) {
    const text = env[name]?.trim();
    if (text) out[key] = whole(name, text);
  }
  const countries = env.OTP_SENDS_PER_COUNTRY_DAY?.trim();
  if (countries) {
    const caps: Record<string, number> = {};
    for (const part of countries.split(',')) {
      const match = /^\s*([A-Z]{2})\s*=\s*(\d+)\s*$/.exec(part);
      if (!match) throw new Error(`OTP_SENDS_PER_COUNTRY_DAY must look like IN=20000,SG=2000, got ${countries}`);
      caps[match[1]!] = whole('OTP_SENDS_PER_COUNTRY_DAY', match[2]!);
    }
    out.sendsPerCountryDay = caps;
  }
  return out as Partial<OtpLimits>;
}
