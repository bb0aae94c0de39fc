// Deletes sign-in rows that can no longer matter, so tables do not grow without end. Runs at
// start and every hour. Expired sessions are kept 30 more days so a client that comes back
// still gets 440 Session expired (and offers to sign in again) rather than a bare 401. A number's
// otp_numbers row stays while it names the client the number last signed in from (otp.ts); the
// profile's deletion removes it.
import type { Db } from '../db/db';
import { DEFAULT_OTP_LIMITS } from '../config/otp-limits';

const KEEP_EXPIRED_SESSIONS_MS = 30 * 24 * 3600_000;

/** `otpWindowMs`: the window of the sign-in limits (server/config/otp-limits.ts); older rows count for nothing. */
export async function sweepExpired(db: Db, now: number, otpWindowMs = DEFAULT_OTP_LIMITS.windowMs): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM mobile_codes WHERE expires_at <= $1', [now]);
    await tx.query('DELETE FROM media_tokens WHERE expires_at <= $1', [now]);
    await tx.query('DELETE FROM socket_tickets WHERE expires_at <= $1', [now]);
    await tx.query('DELETE FROM sessions WHERE expires_at <= $1 OR ended_at <= $1', [now - KEEP_EXPIRED_SESSIONS_MS]);
    await tx.query(
      `DELETE FROM login_tokens t WHERE (t.expires_at <= $1 OR t.revoked_at IS NOT NULL)
         AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.login_token_hash = t.token_hash)`,
      [now],
    );
    await tx.query('DELETE FROM otp_codes WHERE created_at <= $1', [now - otpWindowMs]);
    await tx.query('DELETE FROM otp_failures WHERE at <= $1', [now - otpWindowMs]);
    await tx.query(
      `DELETE FROM otp_numbers n WHERE (n.locked_until IS NULL OR n.locked_until <= $1) AND n.owner_client IS NULL
         AND NOT EXISTS (SELECT 1 FROM otp_codes c WHERE c.mobile = n.mobile)
         AND NOT EXISTS (SELECT 1 FROM otp_failures f WHERE f.mobile = n.mobile)`,
      [now],
    );
  });
}
