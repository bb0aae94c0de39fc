// Secrets: 128-bit random hex tokens (session ids, login and media tokens, client session ids),
// stored only as SHA-256 digests so a copy of the database opens no session.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 128 random bits as 32 lowercase hex characters. */
export function newToken(): string {
  return randomBytes(16).toString('hex');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A 4-digit sign-in code, uniformly drawn. */
export function newOtp(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A short code of letters and digits, uniformly drawn (62^8 ≈ 2·10^14 for 8). */
export function newShortCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHANUMERIC[randomInt(0, ALPHANUMERIC.length)];
  return code;
}

/** Compares two strings without leaking where they differ through timing. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
