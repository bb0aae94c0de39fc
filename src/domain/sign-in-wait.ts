// The waits the server names for a number during sign-in (issue 11, spec part 1 §2 / §5), kept
// per full mobile so a reload keeps the countdown: `locked` after too many wrong codes (verify-otp
// 423 with Retry-After: the code boxes take nothing), `request` after too many codes asked for
// (send-otp 423 / 429 with Retry-After: Continue and Resend stay off). A wait is over at `until`.

export type SignInWaitKind = 'locked' | 'request';

export interface SignInWait {
  kind: SignInWaitKind;
  /** epoch ms when the wait ends */
  until: number;
}

export type SignInWaits = Readonly<Record<string, SignInWait>>;

/** Only the waits still running at `now`. */
function running(waits: SignInWaits, now: number): Record<string, SignInWait> {
  const out: Record<string, SignInWait> = {};
  for (const [mobile, wait] of Object.entries(waits)) if (wait.until > now) out[mobile] = wait;
  return out;
}

/** The waits with `mobile`'s set to `retryAfterSeconds` from `now` (ended ones are dropped). */
export function startSignInWait(waits: SignInWaits, mobile: string, kind: SignInWaitKind, retryAfterSeconds: number, now: number): Record<string, SignInWait> {
  const out = running(waits, now);
  if (retryAfterSeconds > 0) out[mobile] = { kind, until: now + retryAfterSeconds * 1000 };
  return out;
}

/** The waits without `mobile`'s (of `kind` only, when given), ended ones dropped. */
export function endSignInWait(waits: SignInWaits, mobile: string, now: number, kind?: SignInWaitKind): Record<string, SignInWait> {
  const out = running(waits, now);
  if (out[mobile] && (kind === undefined || out[mobile].kind === kind)) delete out[mobile];
  return out;
}

/** `mobile`'s running wait at `now`, or null. */
export function signInWaitFor(waits: SignInWaits, mobile: string | null, now: number): SignInWait | null {
  if (!mobile) return null;
  const wait = waits[mobile];
  return wait && wait.until > now ? wait : null;
}

/** Whole seconds left of a wait ending at `until` (0 when none or over). */
export function secondsUntil(until: number | null | undefined, now: number): number {
  return until == null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}
