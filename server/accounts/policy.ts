// The sign-in rules of one code and of sessions (spec part 1 §4 and §9, DESIGN.md §5). 4-digit
// codes are the product's choice; the limits that make them safe enough (codes per number and
// client, wrong tries, spraying caps) are configuration: server/config/otp-limits.ts.
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

export const POLICY = {
  /** A code works for 10 minutes, once. */
  otpTtlMs: 10 * MINUTE,
  /** The spec's resend wait: no new code for a number (from one client) within 59 s of the last one. */
  resendWaitMs: 59 * SECOND,
  /** 5 wrong tries from one client burn a code for that client (429). */
  maxTriesPerCode: 5,
  sessionTtlMs: 30 * DAY,
  loginTokenTtlMs: 90 * DAY,
  mediaTokenTtlMs: DAY,
  mobileCodeTtlMs: DAY,
  mobileCodeLength: 8,
} as const;
