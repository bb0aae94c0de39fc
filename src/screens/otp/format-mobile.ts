import { parseMobile } from '../../domain/countries';

/** Groups a full number for reading: '+91 98765 43210', '+65 9123 4567', '+66 81 234 5678'. */
export function formatMobileForDisplay(mobile: string): string {
  const parsed = parseMobile(mobile);
  if (!parsed) return mobile;
  const n = parsed.national;
  const groups = parsed.country.iso === 'IN' ? [n.slice(0, 5), n.slice(5)] : parsed.country.iso === 'SG' ? [n.slice(0, 4), n.slice(4)] : [n.slice(0, 2), n.slice(2, 5), n.slice(5)];
  return `${parsed.country.dialCode} ${groups.filter(Boolean).join(' ')}`;
}

/** Seconds left before a new code may be asked for (0 when allowed), from when the last one was sent. */
export function resendSecondsLeft(otpSentAt: number | null, now: number, waitMs: number): number {
  if (otpSentAt === null) return 0;
  return Math.max(0, Math.ceil((otpSentAt + waitMs - now) / 1000));
}

/** '0:42' */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.trunc(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
