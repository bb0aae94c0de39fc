// Signed webhooks, the way Stripe and the UPI gateways sign them: the header carries the time the
// provider signed at and an HMAC-SHA256 of `${time}.${raw body}` with the shared secret:
//   sandbox-signature: t=1732512000000,v1=5f2b...
// The receiver recomputes it over the RAW bytes (never re-serialised JSON), compares in constant
// time, and refuses a signature older than the tolerance: a captured webhook replayed later is
// refused even though its signature was once good. Redeliveries inside the window are caught by
// the event id (payment_webhook_events).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'sandbox-signature';
/** Stripe's default tolerance: 5 minutes. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export function signPayload(secret: Buffer, payload: string, time: number): string {
  const mac = createHmac('sha256', secret).update(`${time}.${payload}`).digest('hex');
  return `t=${time},v1=${mac}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

export function checkSignature(secret: Buffer, rawBody: Buffer, header: string | undefined, now: number, toleranceMs = SIGNATURE_TOLERANCE_MS): SignatureCheck {
  if (!header) return { ok: false, reason: 'The webhook is not signed' };
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) parts.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const time = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isSafeInteger(time) || !/^[0-9a-f]{64}$/.test(given)) return { ok: false, reason: 'The webhook signature is malformed' };
  const good = createHmac('sha256', secret).update(`${time}.`).update(rawBody).digest();
  if (!timingSafeEqual(good, Buffer.from(given, 'hex'))) return { ok: false, reason: 'The webhook signature does not match' };
  if (Math.abs(now - time) > toleranceMs) return { ok: false, reason: 'The webhook signature is too old (a replay?)' };
  return { ok: true };
}
