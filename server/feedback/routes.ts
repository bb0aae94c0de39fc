// App feedback and app FAQs (spec part 1 §2 settings, §7 send-feedback, get-faqs). A screenshot
// must be the caller's own finished 'feedback' upload: another user's uuid is refused exactly like
// an unknown one, so feedback cannot point at someone else's file.
import { randomUUID } from 'node:crypto';
import { routes } from '../../src/api/contract';
import type { RouteModule } from '../context';
import { checkOwnUpload } from '../media/own-upload';
import { appFaqs } from './faqs';

export const feedbackRoutes: RouteModule = (api, ctx) => {
  const { db } = ctx;

  api.authRoute(routes.sendFeedback, async ({ user, body }) => {
    if (body.screenshot_uuid !== undefined) {
      await ctx.settleUpload(body.screenshot_uuid);
      await checkOwnUpload(db, user.userUuid, body.screenshot_uuid, 'feedback', 'screenshot_uuid');
    }
    const feedbackUuid = randomUUID();
    await db.query(
      `INSERT INTO feedback (feedback_uuid, user_uuid, does_like, content, email, screenshot_uuid, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [feedbackUuid, user.userUuid, body.does_like, body.content, body.email, body.screenshot_uuid ?? null, ctx.now()],
    );
    return { message: 'Thank you for your feedback', feedback_uuid: feedbackUuid };
  });

  // GET too (query ?language=hi), as the spec lists it both ways.
  api.authRoute(routes.getFaqs, async ({ body }) => ({ language: body.language, faqs: appFaqs(body.language) }), { alsoGet: true });
};
