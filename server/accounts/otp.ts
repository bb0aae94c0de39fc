// Sign-in codes (spec part 1 §4, DESIGN.md §5, issue 21): 4 digits, 10 minutes, single use. A
// code belongs to the number AND the client (address) that asked for it: a new code replaces
// only that client's previous one, so a stranger asking codes for a number does not spoil the
// owner's. Limits (server/config/otp-limits.ts):
// - sends: a new code not before 59 s after this client's last (429), at most
//   `sendsPerNumberPerClient` an hour per number and client (429), `sendsPerNumber` an hour per
//   number from everyone (423: stops SMS bombing a person; not for the client the number last
//   signed in from);
// - wrong codes: 5 from one client burn a code for that client (429); past
//   `freeFailuresPerNumberPerClient` a client waits between tries, the wait doubling (429
//   reason slow-down); past `failuresPerNumber - ownerReserve` only the client that asked for the
//   code it tries may go on; `failuresPerNumber` (ASVS V6: 100 an hour) stops the number (423).
// A wrong code answers the same whatever became of codes the caller did not ask for (no leak
// of "signed in within the hour"), and counts as a failure. Every step of a number runs in one
// transaction that first locks the number's otp_numbers row, so concurrent requests take turns.
import { randomUUID } from 'node:crypto';
import type { SessionTokens } from '../../src/api/contract';
import { parseMobile } from '../../src/domain/countries';
import type { OtpLimits } from '../config/otp-limits';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/db';
import { HttpError, inHowLong, locked, preconditionFailed, tooManyRequests, unauthorised } from '../http/errors';
import { findOrCreateUser } from '../user/profile';
import { POLICY } from './policy';
import { createLoginToken, openSession } from './sessions';
import { slowDown, type SprayGuard } from './spray-guard';
import { newOtp, sameSecret } from './tokens';

/** What the sign-in steps need besides the server context. */
export interface SignInDeps { ctx: ServerContext; limits: OtpLimits; guard: SprayGuard }

interface NumberRow { locked_until: number | null; owner_client: string | null }

/** Locks the number's row for this transaction and answers its lock (if any) and the client it last signed in from. */
async function lockNumberRow(tx: Queryable, mobile: string): Promise<NumberRow> {
  await tx.query('INSERT INTO otp_numbers (mobile) VALUES ($1) ON CONFLICT (mobile) DO NOTHING', [mobile]);
  const rows = await tx.query<NumberRow>('SELECT locked_until, owner_client FROM otp_numbers WHERE mobile = $1 FOR UPDATE', [mobile]);
  return rows[0] ?? { locked_until: null, owner_client: null };
}

function numberLocked(untilMs: number, now: number): HttpError {
  return locked(`Too many wrong codes: this number is locked. Try again ${inHowLong(untilMs - now)}.`, (untilMs - now) / 1000);
}

/** When the `limit`-th newest of `times` (ascending) leaves the window: the next one may come. */
function windowFrees(times: readonly number[], limit: number, windowMs: number): number {
  return times[times.length - limit]! + windowMs;
}

/** Why this client may not have a new code for the number now, and until when; undefined when it may. */
async function sendBlock(tx: Queryable, limits: OtpLimits, mobile: string, client: string, ownerClient: string | null, now: number): Promise<{ until: number; error: HttpError } | undefined> {
  const codes = await tx.query<{ created_at: number; client: string | null }>(
    'SELECT created_at, client FROM otp_codes WHERE mobile = $1 AND created_at > $2 ORDER BY created_at',
    [mobile, now - limits.windowMs],
  );
  // The client the number last signed in from is not held by the number's cap (strangers could fill it).
  if (client !== ownerClient && codes.length >= limits.sendsPerNumber) {
    const until = windowFrees(codes.map((c) => c.created_at), limits.sendsPerNumber, limits.windowMs);
    return { until, error: locked(`Too many codes were sent to this number. Try again ${inHowLong(until - now)}.`, (until - now) / 1000) };
  }
  const mine = codes.filter((c) => c.client === client).map((c) => c.created_at);
  if (mine.length >= limits.sendsPerNumberPerClient) {
    const until = windowFrees(mine, limits.sendsPerNumberPerClient, limits.windowMs);
    return { until, error: tooManyRequests(`Too many codes requested for this number. Try again ${inHowLong(until - now)}.`, (until - now) / 1000) };
  }
  const last = mine[mine.length - 1];
  if (last !== undefined && now - last < POLICY.resendWaitMs) {
    const until = last + POLICY.resendWaitMs;
    const seconds = Math.ceil((until - now) / 1000);
    return { until, error: tooManyRequests(`Wait ${seconds} seconds before asking for a new code.`, seconds) };
  }
  return undefined;
}

export interface CodeSent { message: string; resendAfterSeconds: number; expiresInSeconds: number }

export async function sendCode({ ctx, limits, guard }: SignInDeps, mobile: string, client: string): Promise<CodeSent> {
  const country = parseMobile(mobile)?.country.iso;
  if (!country) throw new Error('sendCode: mobile was not validated');
  const now = ctx.now();
  const sprayed = await guard.checkSend(client, country, now);
  if (sprayed) throw sprayed;
  const code = await ctx.db.transaction(async (tx) => {
    const number = await lockNumberRow(tx, mobile);
    if (number.locked_until !== null && number.locked_until > now) throw numberLocked(number.locked_until, now);
    // Rows older than the window no longer count for anything.
    await tx.query('DELETE FROM otp_codes WHERE mobile = $1 AND created_at <= $2', [mobile, now - limits.windowMs]);
    await tx.query('DELETE FROM otp_failures WHERE mobile = $1 AND at <= $2', [mobile, now - limits.windowMs]);
    const block = await sendBlock(tx, limits, mobile, client, number.owner_client, now);
    if (block) throw block.error;
    await tx.query(
      'UPDATE otp_codes SET superseded_at = $3 WHERE mobile = $1 AND client IS NOT DISTINCT FROM $2 AND used_at IS NULL AND superseded_at IS NULL',
      [mobile, client, now],
    );
    const fresh = ctx.otpFixed ?? newOtp();
    await tx.query(
      'INSERT INTO otp_codes (mobile, code, created_at, expires_at, client) VALUES ($1, $2, $3, $4, $5)',
      [mobile, fresh, now, now + POLICY.otpTtlMs, client],
    );
    return fresh;
  });
  await guard.recordSend(client, country, now);
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

interface CodeRow { id: number; code: string; expires_at: number; used_at: number | null; client: string | null }

/**
 * The code a try from `client` is checked against: the newest this client asked for within the
 * window; else (a client that asked none, e.g. the owner's phone after changing networks) the
 * number's newest live one.
 */
async function codeToTry(tx: Queryable, limits: OtpLimits, mobile: string, client: string, now: number): Promise<CodeRow | undefined> {
  const own = await tx.query<CodeRow>(
    `SELECT id, code, expires_at, used_at, client FROM otp_codes
     WHERE mobile = $1 AND client = $2 AND created_at > $3 AND superseded_at IS NULL ORDER BY id DESC LIMIT 1`,
    [mobile, client, now - limits.windowMs],
  );
  if (own[0]) return own[0];
  const latest = await tx.query<CodeRow>(
    `SELECT id, code, expires_at, used_at, client FROM otp_codes
     WHERE mobile = $1 AND superseded_at IS NULL ORDER BY id DESC LIMIT 1`,
    [mobile],
  );
  return latest[0];
}

type Outcome = { ok: true; tokens: SessionTokens } | { ok: false; error: HttpError; counted: boolean };

export async function verifyCode({ ctx, limits, guard }: SignInDeps, mobile: string, otp: string, client: string): Promise<SessionTokens> {
  const country = parseMobile(mobile)?.country.iso;
  if (!country) throw new Error('verifyCode: mobile was not validated');
  const now = ctx.now();
  const sprayed = await guard.checkVerify(client, now);
  if (sprayed) throw sprayed;
  // Failures must be committed, so the transaction returns them and they are thrown after.
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const refuse = (error: HttpError): Outcome => ({ ok: false, error, counted: false });
    const number = await lockNumberRow(tx, mobile);
    if (number.locked_until !== null && number.locked_until > now) return refuse(numberLocked(number.locked_until, now));

    const failures = await tx.query<{ at: number; client: string | null }>(
      'SELECT at, client FROM otp_failures WHERE mobile = $1 AND at > $2 ORDER BY at',
      [mobile, now - limits.windowMs],
    );
    // This client's own slow-down on this number: free tries, then waits that double.
    const mine = failures.filter((f) => f.client === client).map((f) => f.at);
    const extra = mine.length - limits.freeFailuresPerNumberPerClient;
    if (extra >= 0 && mine.length > 0) {
      const wait = Math.min(limits.slowDownBaseMs * 2 ** Math.min(extra, 40), limits.slowDownMaxMs);
      const until = mine[mine.length - 1]! + wait;
      if (until > now) return refuse(slowDown('Too many wrong codes for this number.', until - now));
    }

    const active = await codeToTry(tx, limits, mobile, client, now);
    const own = active !== undefined && active.client === client;
    // Past the strangers' share of the number's budget only a client trying its own code goes on.
    const strangersShare = limits.failuresPerNumber - limits.ownerReserve;
    if (!own && failures.length >= strangersShare) {
      const until = windowFrees(failures.map((f) => f.at), strangersShare, limits.windowMs);
      return refuse(slowDown('Too many wrong codes for this number: ask for a new code.', until - now));
    }

    const fail = async (error: HttpError): Promise<Outcome> => {
      await tx.query('INSERT INTO otp_failures (mobile, at, client, code_id) VALUES ($1, $2, $3, $4)', [mobile, now, client, active?.id ?? null]);
      if (failures.length + 1 >= limits.failuresPerNumber) {
        const until = now + limits.lockMs;
        await tx.query('UPDATE otp_numbers SET locked_until = $2 WHERE mobile = $1', [mobile, until]);
        return { ok: false, error: numberLocked(until, now), counted: true };
      }
      return { ok: false, error, counted: true };
    };
    const triesOnCode = async (): Promise<number> => {
      if (!active) return 0;
      const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM otp_failures WHERE code_id = $1 AND client = $2', [active.id, client]);
      return Number(row?.n ?? 0);
    };

    const noCode = () => preconditionFailed('No sign-in code is active for this number: ask for a code first.', 'no-code');
    if (!active) return fail(noCode());
    if ((await triesOnCode()) >= POLICY.maxTriesPerCode) {
      return fail(preconditionFailed('This code no longer works after too many wrong tries: ask for a new code.', 'burnt'));
    }
    // A used code answers as no code at all, to anyone: whether the number signed in within the
    // hour is not told. An expired one says so only to the client that asked for it (the owner
    // learns to ask again; a stranger learns nothing about others' codes).
    if (active.used_at !== null) return fail(noCode());
    if (active.expires_at <= now) return fail(own ? preconditionFailed('This code has expired: ask for a new code.', 'expired') : noCode());

    if (sameSecret(active.code, otp)) {
      await tx.query('UPDATE otp_codes SET used_at = $2 WHERE id = $1', [active.id, now]);
      await tx.query('DELETE FROM otp_failures WHERE mobile = $1', [mobile]);
      await tx.query('UPDATE otp_numbers SET owner_client = $2 WHERE mobile = $1', [mobile, client]);
      const user = await findOrCreateUser(tx, mobile, country, randomUUID(), now);
      const loginToken = await createLoginToken(tx, user.user_uuid, now);
      return { ok: true, tokens: await openSession(tx, user, loginToken, now) };
    }

    const wrong = await fail(unauthorised('Incorrect code'));
    if (wrong.ok || wrong.error.statusCode !== 401) return wrong;
    if ((await triesOnCode()) >= POLICY.maxTriesPerCode) {
      // Retry-After: when this client may ask for a new code.
      const block = await sendBlock(tx, limits, mobile, client, number.owner_client, now);
      const seconds = block ? (block.until - now) / 1000 : 1;
      return { ok: false, counted: true, error: tooManyRequests('Too many wrong tries: this code no longer works. Ask for a new code.', seconds) };
    }
    return wrong;
  });
  if (outcome.ok) return outcome.tokens;
  if (outcome.counted) await guard.recordFailure(client, now);
  throw outcome.error;
}
