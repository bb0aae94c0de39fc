// The sign-in rules in one place (spec part 1 §4 and §9, DESIGN.md §5). 4-digit codes are the
// product's choice; these limits are what makes them safe enough.
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const POLICY = {
  /** A code works for 10 minutes, once. */
  otpTtlMs: 10 * MINUTE,
  /** The spec's resend wait: no new code for a number within 59 s of the last one. */
  resendWaitMs: 59 * SECOND,
  /** At most 5 codes per number in any hour; the 6th request is refused (423). */
  maxCodesPerHour: 5,
  /** 5 wrong tries burn a code (429). */
  maxTriesPerCode: 5,
  /** 15 wrong tries for a number within an hour lock it (423) ... */
  maxFailuresPerHour: 15,
  /** ... for an hour. */
  lockMs: HOUR,
  windowMs: HOUR,
  sessionTtlMs: 30 * DAY,
  loginTokenTtlMs: 90 * DAY,
  mediaTokenTtlMs: DAY,
  mobileCodeTtlMs: DAY,
  mobileCodeLength: 8,
} as const;
