// Sign-in codes (spec part 1 §4, DESIGN.md §5): 4 digits, 10 minutes, single use, only the
// latest code of a number works. Limits per number: a new code not before 59 s after the last
// (429), at most 5 codes an hour (423), 5 wrong tries burn a code (429), 15 wrong tries within
// an hour lock the number for an hour (423). Every step of a number runs in one transaction
// that first locks the number's otp_numbers row, so concurrent requests take turns.
import { randomUUID } from 'node:crypto';
import type { SessionTokens } from '../../src/api/contract';
import { parseMobile } from '../../src/domain/countries';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/db';
import { HttpError, inHowLong, locked, preconditionFailed, tooManyRequests, unauthorised } from '../http/errors';
import { findOrCreateUser } from '../user/profile';
import { POLICY } from './policy';
import { createLoginToken, openSession } from './sessions';
import { newOtp, sameSecret } from './tokens';

/** Locks the number's row for this transaction and answers when its lock (if any) lifts. */
async function lockNumberRow(tx: Queryable, mobile: string): Promise<number | null> {
  await tx.query('INSERT INTO otp_numbers (mobile) VALUES ($1) ON CONFLICT (mobile) DO NOTHING', [mobile]);
  const rows = await tx.query<{ locked_until: number | null }>('SELECT locked_until FROM otp_numbers WHERE mobile = $1 FOR UPDATE', [mobile]);
  return rows[0]?.locked_until ?? null;
}

function numberLocked(untilMs: number, now: number): HttpError {
  return locked(`Too many wrong codes: this number is locked. Try again ${inHowLong(untilMs - now)}.`, (untilMs - now) / 1000);
}

/** Why a new code cannot be sent now, and until when; undefined when it can. */
async function sendBlock(tx: Queryable, mobile: string, now: number): Promise<{ until: number; error: HttpError } | undefined> {
  const codes = await tx.query<{ created_at: number }>(
    'SELECT created_at FROM otp_codes WHERE mobile = $1 AND created_at > $2 ORDER BY created_at',
    [mobile, now - POLICY.windowMs],
  );
  if (codes.length >= POLICY.maxCodesPerHour) {
    const until = codes[codes.length - POLICY.maxCodesPerHour]!.created_at + POLICY.windowMs;
    return {
      until,
      error: locked(`Too many codes requested for this number. Try again ${inHowLong(until - now)}.`, (until - now) / 1000),
    };
  }
  const last = codes[codes.length - 1];
  if (last && now - last.created_at < POLICY.resendWaitMs) {
    const until = last.created_at + POLICY.resendWaitMs;
    const seconds = Math.ceil((until - now) / 1000);
    return { until, error: tooManyRequests(`Wait ${seconds} seconds before asking for a new code.`, seconds) };
  }
  return undefined;
}

export interface CodeSent { message: string; resendAfterSeconds: number; expiresInSeconds: number }

export async function sendCode(ctx: ServerContext, mobile: string): Promise<CodeSent> {
  const now = ctx.now();
  const code = await ctx.db.transaction(async (tx) => {
    const lockedUntil = await lockNumberRow(tx, mobile);
    if (lockedUntil !== null && lockedUntil > now) throw numberLocked(lockedUntil, now);
    // Rows older than the hour window no longer count for anything.
    await tx.query('DELETE FROM otp_codes WHERE mobile = $1 AND created_at <= $2', [mobile, now - POLICY.windowMs]);
    await tx.query('DELETE FROM otp_failures WHERE mobile = $1 AND at <= $2', [mobile, now - POLICY.windowMs]);
    const block = await sendBlock(tx, mobile, now);
    if (block) throw block.error;
    await tx.query('UPDATE otp_codes SET superseded_at = $2 WHERE mobile = $1 AND used_at IS NULL AND superseded_at IS NULL', [mobile, now]);
    const fresh = ctx.otpFixed ?? newOtp();
    await tx.query(
      'INSERT INTO otp_codes (mobile, code, created_at, expires_at) VALUES ($1, $2, $3, $4)',
      [mobile, fresh, now, now + POLICY.otpTtlMs],
    );
    return fresh;
  });
  // This is a demo product with no SMS gateway: the code is printed in the server log, where
  // whoever runs the server reads it. A real deployment would hand it to an SMS provider here.
  ctx.log.info({ mobile }, `sign-in code for ${mobile} : ${code}`);
  ctx.onOtpIssued?.(mobile, code);
  return {
    message: 'A sign-in code was sent',
    resendAfterSeconds: POLICY.resendWaitMs / 1000,
    expiresInSeconds: POLICY.otpTtlMs / 1000,
  };
}

type Outcome = { ok: true; tokens: SessionTokens } | { ok: false; error: HttpError };

export async function verifyCode(ctx: ServerContext, mobile: string, otp: string): Promise<SessionTokens> {
  const country = parseMobile(mobile)?.country.iso;
  if (!country) throw new Error('verifyCode: mobile was not validated');
  const now = ctx.now();
  // Failures must be committed, so the transaction returns them and they are thrown after.
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const fail = (error: HttpError): Outcome => ({ ok: false, error });
    const lockedUntil = await lockNumberRow(tx, mobile);
    if (lockedUntil !== null && lockedUntil > now) return fail(numberLocked(lockedUntil, now));

    const rows = await tx.query<{ id: number; code: string; expires_at: number; attempts: number; used_at: number | null }>(
      'SELECT id, code, expires_at, attempts, used_at FROM otp_codes WHERE mobile = $1 AND superseded_at IS NULL ORDER BY id DESC LIMIT 1',
      [mobile],
    );
    const active = rows[0];
    // ErrorBody.reason tells the cases apart: the app says "expired" only for an expired code.
    if (!active) return fail(preconditionFailed('No sign-in code is active for this number: ask for a code first.', 'no-code'));
    if (active.used_at !== null) return fail(preconditionFailed('This code was already used: ask for a new code.', 'used'));
    if (active.attempts >= POLICY.maxTriesPerCode) return fail(preconditionFailed('This code no longer works after too many wrong tries: ask for a new code.', 'burnt'));
    if (active.expires_at <= now) return fail(preconditionFailed('This code has expired: ask for a new code.', 'expired'));

    if (sameSecret(active.code, otp)) {
      await tx.query('UPDATE otp_codes SET used_at = $2 WHERE id = $1', [active.id, now]);
      await tx.query('DELETE FROM otp_failures WHERE mobile = $1', [mobile]);
      const user = await findOrCreateUser(tx, mobile, country, randomUUID(), now);
      const loginToken = await createLoginToken(tx, user.user_uuid, now);
      return { ok: true, tokens: await openSession(tx, user, loginToken, now) };
    }

    const [tried] = await tx.query<{ attempts: number }>('UPDATE otp_codes SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts', [active.id]);
    await tx.query('INSERT INTO otp_failures (mobile, at) VALUES ($1, $2)', [mobile, now]);
    const [failures] = await tx.query<{ n: number }>('SELECT count(*) AS n FROM otp_failures WHERE mobile = $1 AND at > $2', [mobile, now - POLICY.windowMs]);
    if ((failures?.n ?? 0) >= POLICY.maxFailuresPerHour) {
      const until = now + POLICY.lockMs;
      await tx.query('UPDATE otp_numbers SET locked_until = $2 WHERE mobile = $1', [mobile, until]);
      return fail(numberLocked(until, now));
    }
    if ((tried?.attempts ?? 0) >= POLICY.maxTriesPerCode) {
      // Retry-After: when a new code may be requested.
      const block = await sendBlock(tx, mobile, now);
      const seconds = block ? (block.until - now) / 1000 : 1;
      return fail(tooManyRequests('Too many wrong tries: this code no longer works. Ask for a new code.', seconds));
    }
    return fail(unauthorised('Incorrect code'));
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.tokens;
}
