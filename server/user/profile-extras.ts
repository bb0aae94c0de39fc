// Profile routes of issue 18 (spec part 2 §7 "Profile and custom code"): the emailed verification
// link (resend-email-verification-link and the page it opens), custom codes (get-details,
// authenticate-custom-code) and the delete-account reasons (get-reason-list). The photo's upload
// details are a media route (server/media/routes.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '../../src/api/contract';
import { API_BASE } from '../../src/api/headers';
import { VERIFY_EMAIL_PATH } from '../../src/api/profile-routes';
import { EMAIL_VERIFICATION_LINK_TTL_MS } from '../../src/domain/constants';
import type { RouteModule, ServerContext } from '../context';
import { HttpError, notFound, unauthorised } from '../http/errors';
import { inLanguage, languageOf } from '../http/language';
import type { Mailer } from '../mail/mailer';
import { DELETE_REASONS, DELETE_REASON_TEXTS } from './delete-reasons';
import { checkEmailToken, signEmailClaim } from './email-link';
import { findCustomCode, findUser, toProfile } from './profile';

export interface ProfileExtrasDeps {
  emailSecret: Buffer;
  mailer: Mailer;
  /** The origin users reach the server at (http/public-origin.ts). */
  origin: (request: FastifyRequest) => string;
}

const unknownCode = () => notFound('No such custom code');

export function profileExtraRoutes({ emailSecret, mailer, origin }: ProfileExtrasDeps): RouteModule {
  return (api, ctx) => {
    const { db } = ctx;

    api.authRoute(routes.resendEmailVerificationLink, async ({ request, user }) => {
      const row = await findUser(db, user.userUuid);
      if (!row) throw unauthorised();
      if (row.email === '') throw notFound('There is no email on your profile to verify');
      if (row.email_verified === row.email) throw new HttpError(409, 'Your email is already verified', {}, 'already-verified');
      const expiresAt = ctx.now() + EMAIL_VERIFICATION_LINK_TTL_MS;
      const token = signEmailClaim(emailSecret, { user: row.user_uuid, email: row.email, expiresAt });
      const link = `${origin(request)}${API_BASE}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
      await mailer.send({
        to: row.email,
        subject: 'Verify your email for Saathi',
        text: `Hello ${row.name || 'there'},\n\nOpen this link to verify your email (it works for 24 hours):\n${link}\n`,
        link,
      });
      return { message: 'Verification link sent', sent_to: row.email, expires_at: expiresAt };
    });

    api.authRoute(routes.getCustomCodeDetails, async ({ body }) => {
      const details = await findCustomCode(db, body.custom_code);
      if (!details) throw unknownCode();
      return details;
    });

    api.authRoute(routes.authenticateCustomCode, async ({ user, body }) => db.transaction(async (tx) => {
      const current = await findUser(tx, user.userUuid, true);
      if (!current) throw unauthorised();
      let code: string | null = null;
      if (body.custom_code !== '') {
        const details = await findCustomCode(tx, body.custom_code);
        if (!details) throw unknownCode();
        code = details.custom_code;
      }
      const name = body.user_details.name ?? current.name;
      const email = body.user_details.email ?? current.email;
      await tx.query('UPDATE users SET custom_code = $2, name = $3, email = $4, updated_at = $5 WHERE user_uuid = $1', [user.userUuid, code, name, email, ctx.now()]);
      const row = await findUser(tx, user.userUuid);
      if (!row) throw unauthorised();
      return toProfile(row);
    }));

    api.authRoute(routes.getReasonList, async ({ request }) => {
      const language = languageOf(request);
      return { reason_list: DELETE_REASONS.map((r) => ({ reason_uuid: r.reason_uuid, reason: inLanguage(DELETE_REASON_TEXTS, r.reason_uuid, language, r.reason) })) };
    });
  };
}

/**
 * The page the emailed link opens: a good, unexpired link for the profile's current email marks it
 * verified; every outcome goes on to the app's profile screen, which says what happened.
 */
export function registerVerifyEmailPage(app: FastifyInstance, ctx: Pick<ServerContext, 'db' | 'now'>, secret: Buffer): void {
  app.get<{ Querystring: { token?: unknown } }>(`${API_BASE}${VERIFY_EMAIL_PATH}`, async (request, reply) => {
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const check = checkEmailToken(secret, token, ctx.now());
    let outcome: 'verified' | 'expired' | 'invalid' | 'changed' = check.ok ? 'verified' : check.why;
    if (check.ok) {
      const updated = await ctx.db.query<{ user_uuid: string }>(
        'UPDATE users SET email_verified = email, updated_at = $3 WHERE user_uuid = $1 AND email = $2 RETURNING user_uuid',
        [check.claim.user, check.claim.email, ctx.now()],
      );
      // the user changed (or removed) the address since the link was sent
      if (updated.length === 0) outcome = 'changed';
    }
    return reply.code(303).header('cache-control', 'no-store').redirect(`/manage-profile?email=${outcome}`, 303);
  });
}
