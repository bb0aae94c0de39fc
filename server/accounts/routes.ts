// Sign-in and session routes (spec part 1 §7, "Login and session").
import { routes } from '../../src/api/contract';
import { isMobileNumber, parseMobile } from '../../src/domain/countries';
import type { RouteModule } from '../context';
import { badRequest, notFound, unauthorised } from '../http/errors';
import { findUser } from '../user/profile';
import { clientKey } from './client-address';
import { sendCode, verifyCode, type SignInDeps } from './otp';
import { POLICY } from './policy';
import { createMediaToken, endSession, openSession, sessionBudget } from './sessions';
import { SprayGuard } from './spray-guard';
import { hashToken, newShortCode } from './tokens';

export const accountRoutes: RouteModule = (api, ctx) => {
  const { db } = ctx;
  const limits = ctx.otpLimits;
  const signIn: SignInDeps = { ctx, limits, guard: new SprayGuard(limits, ctx.limitStores) };

  // The contract checked the dial code and digit count; a code goes only to a number that can be
  // a mobile of its country (the login screen's rule: countries.ts isMobileNumber).
  api.publicRoute(routes.sendOtp, async ({ body, request }) => {
    const parsed = parseMobile(body.mobile);
    if (parsed && !isMobileNumber(parsed.country, parsed.national)) {
      const { country } = parsed;
      const starts = country.mobileStarts;
      const digits = starts.length > 1 ? `${starts.slice(0, -1).join(', ')} or ${starts[starts.length - 1]}` : starts.join('');
      throw badRequest(`${body.mobile} is not a mobile number: mobile numbers in ${country.name} start with ${digits}`);
    }
    return sendCode(signIn, body.mobile, clientKey(request.ip));
  });

  api.publicRoute(routes.verifyOtp, async ({ body, request }) => verifyCode(signIn, body.mobile, body.otp, clientKey(request.ip)));

  // A stored login token signs the same device in again without a code: a new session under
  // the same login token (not rotated, so an answer lost on a bad network costs nothing). A token
  // opens a bounded number of sessions (sessionBudget): a stolen or looping one cannot grow the
  // sessions table without end.
  api.publicRoute(routes.loginWithToken, async ({ body }) => {
    const now = ctx.now();
    const { tokens, ended } = await db.transaction(async (tx) => {
      const rows = await tx.query<{ user_uuid: string; expires_at: number; revoked_at: number | null }>(
        `SELECT t.user_uuid, t.expires_at, t.revoked_at
         FROM login_tokens t JOIN users u ON u.user_uuid = t.user_uuid
         WHERE t.token_hash = $1 AND u.mobile = $2`,
        [hashToken(body.loginToken), body.mobile],
      );
      const found = rows[0];
      if (!found || found.revoked_at !== null) throw unauthorised('Login token is not valid');
      if (found.expires_at <= now) throw unauthorised('Login token has expired');
      const user = await findUser(tx, found.user_uuid);
      if (!user) throw unauthorised('Login token is not valid');
      const budget = sessionBudget(tx, limits, hashToken(body.loginToken), now);
      await budget.check();
      const opened = await openSession(tx, user, { token: body.loginToken, expiresAt: found.expires_at }, now);
      return { tokens: opened, ended: await budget.endOldest() };
    });
    if (ended.length > 0) ctx.sessionsEnded({ sessionHashes: ended });
    return tokens;
  });

  // GET or POST. Once the sessions have ended (committed), their open sockets are closed at once.
  api.authRoute(routes.logout, async ({ user }) => {
    const ended = await db.transaction((tx) => endSession(tx, user.sessionHash, ctx.now()));
    ctx.sessionsEnded({ sessionHashes: ended });
    return { message: 'Signed out' };
  }, { alsoGet: true });

  api.authRoute(routes.getMediaToken, async ({ user }) => createMediaToken(db, user.sessionHash, user.userUuid, ctx.now()));

  api.authRoute(routes.createMobileCode, async ({ user }) => {
    const now = ctx.now();
    const expiresAt = now + POLICY.mobileCodeTtlMs;
    // 62^8 codes: a clash is all but impossible, but a primary key clash must not be a 500.
    for (let attempt = 0; attempt < 5; attempt++) {
      const mobileCode = newShortCode(POLICY.mobileCodeLength);
      const rows = await db.query(
        'INSERT INTO mobile_codes (code, user_uuid, created_at, expires_at) VALUES ($1, $2, $3, $4) ON CONFLICT (code) DO NOTHING RETURNING code',
        [mobileCode, user.userUuid, now, expiresAt],
      );
      if (rows.length === 1) return { mobileCode, expiresAt };
    }
    throw new Error('could not find a free mobile code');
  });

  api.publicRoute(routes.getValueFromCode, async ({ body }) => {
    const rows = await db.query<{ mobile: string }>(
      `SELECT u.mobile FROM mobile_codes c JOIN users u ON u.user_uuid = c.user_uuid
       WHERE c.code = $1 AND c.expires_at > $2`,
      [body.mobileCode, ctx.now()],
    );
    const found = rows[0];
    if (!found) throw notFound('Unknown or expired code');
    return { mobile: found.mobile };
  });
};
