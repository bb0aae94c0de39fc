// The signed email verification link (issue 18): the user, the address and when it expires,
// signed with HMAC-SHA256 under a secret made once per database (server_secrets). The address
// is in the token, so a link for an old address never verifies a new one.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/db';
import { loadServerSecret } from '../db/server-secret';

export interface EmailClaim {
  user: string;
  email: string;
  /** epoch ms */
  expiresAt: number;
}

export async function loadEmailLinkSecret(db: Db, now: number): Promise<Buffer> {
  return loadServerSecret(db, 'email_link_hmac', now);
}

const mac = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function signEmailClaim(secret: Buffer, claim: EmailClaim): string {
  const payload = Buffer.from(JSON.stringify([claim.user, claim.email, claim.expiresAt])).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

export type EmailTokenCheck = { ok: true; claim: EmailClaim } | { ok: false; why: 'invalid' | 'expired' };

export function checkEmailToken(secret: Buffer, token: string, now: number): EmailTokenCheck {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, why: 'invalid' };
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, why: 'invalid' };
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, why: 'invalid' };
  }
  if (!Array.isArray(parts) || parts.length !== 3 || typeof parts[0] !== 'string' || typeof parts[1] !== 'string' || typeof parts[2] !== 'number') return { ok: false, why: 'invalid' };
  const claim: EmailClaim = { user: parts[0], email: parts[1], expiresAt: parts[2] };
  if (claim.expiresAt <= now) return { ok: false, why: 'expired' };
  return { ok: true, claim };
}
