// Bot profile and bot action routes (spec part 1 §7; src/api/bot-profile-contract.ts). Every
// query is scoped by the caller's user_uuid from the session: a body can name a bot or a review,
// never another user. Votes are keyed by (review, user), so a replay cannot count twice, and
// deleting a review deletes the caller's own or nothing.
import { randomUUID } from 'node:crypto';
import { routes } from '../../src/api/contract';
import type { Review } from '../../src/api/bot-profile-contract';
import { DEFAULT_REMOTE_FLAGS } from '../../src/api/remote-flags';
import { subscriberCount } from '../bots/subscribers';
import type { RouteModule } from '../context';
import type { Queryable } from '../db/db';
import { HttpError, notFound } from '../http/errors';
import { inLanguage, languageOf } from '../http/language';
import { faqIn } from './faq-text';
import { REPORT_REASON_TEXTS } from './seed';

export interface BotProfileDeps {
  /** How many bots one user may pin (limit_pin_bots); default the remote flag's default. */
  pinLimit?: number | undefined;
}

async function requireBot(q: Queryable, botUuid: string): Promise<{ bot_uuid: string; name: string; icon: string }> {
  const rows = await q.query<{ bot_uuid: string; name: string; icon: string }>('SELECT bot_uuid, name, icon FROM bots WHERE bot_uuid = $1', [botUuid]);
  if (!rows[0]) throw notFound('Invalid bot id');
  return rows[0];
}

/** Sets conversation columns of the caller and bot, creating the row when missing. */
async function setFlags(q: Queryable, userUuid: string, botUuid: string, set: string, params: readonly unknown[]): Promise<void> {
  await q.query('INSERT INTO conversations (user_uuid, bot_uuid) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userUuid, botUuid]);
  await q.query(`UPDATE conversations SET ${set} WHERE user_uuid = $1 AND bot_uuid = $2`, [userUuid, botUuid, ...params]);
}

interface ReviewRow {
  review_uuid: string; bot_uuid: string; user_uuid: string; name: string; review: string;
  created_at: number; updated_at: number; upvotes: number; downvotes: number; user_vote: number | null;
}

const REVIEW_SELECT = `
  SELECT r.review_uuid, r.bot_uuid, r.user_uuid, u.name, r.review, r.created_at, r.updated_at,
    COALESCE(v.up, 0)::int AS upvotes, COALESCE(v.down, 0)::int AS downvotes, mine.vote AS user_vote
  FROM bot_reviews r
  JOIN users u ON u.user_uuid = r.user_uuid
  LEFT JOIN (SELECT review_uuid, count(*) FILTER (WHERE vote = 1) AS up, count(*) FILTER (WHERE vote = -1) AS down
             FROM review_votes GROUP BY review_uuid) v ON v.review_uuid = r.review_uuid
  LEFT JOIN review_votes mine ON mine.review_uuid = r.review_uuid AND mine.user_uuid = $1`;

function toReview(r: ReviewRow, caller: string): Review {
  return {
    review_uuid: r.review_uuid,
    bot_uuid: r.bot_uuid,
    // the first name only: reviews are public to every user of the bot
    name: r.name.trim().split(/\s+/)[0] ?? '',
    review: r.review,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
    upvotes: Number(r.upvotes),
    downvotes: Number(r.downvotes),
    user_vote: r.user_vote === 1 ? 1 : r.user_vote === -1 ? -1 : null,
    mine: r.user_uuid === caller,
  };
}

async function reviewById(q: Queryable, caller: string, reviewUuid: string): Promise<Review | undefined> {
  const rows = await q.query<ReviewRow>(`${REVIEW_SELECT} WHERE r.review_uuid = $2`, [caller, reviewUuid]);
  return rows[0] ? toReview(rows[0], caller) : undefined;
}

export function botProfileRoutes(deps: BotProfileDeps = {}): RouteModule {
  const pinLimit = deps.pinLimit ?? DEFAULT_REMOTE_FLAGS.limit_pin_bots;
  return (api, ctx) => {
    const { db } = ctx;

    // ---------- pinned resources ----------

    async function pinnedCount(q: Queryable, userUuid: string): Promise<number> {
      const rows = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM conversations WHERE user_uuid = $1 AND pinned_at IS NOT NULL', [userUuid]);
      return Number(rows[0]?.n ?? 0);
    }

    api.authRoute(routes.pinResource, async ({ body, user }) => {
      const bots = [...new Set(body.resource_list.filter((r) => r.type === 'bot').map((r) => r.uuid))];
      if (bots.length !== body.resource_list.length) throw new HttpError(422, 'Only bots can be pinned here');
      return db.transaction(async (tx) => {
        for (const b of bots) await requireBot(tx, b);
        // serialise this user's pins so two at once cannot both pass the limit
        await tx.query('SELECT user_uuid FROM users WHERE user_uuid = $1 FOR UPDATE', [user.userUuid]);
        const already = await tx.query<{ bot_uuid: string }>('SELECT bot_uuid FROM conversations WHERE user_uuid = $1 AND pinned_at IS NOT NULL', [user.userUuid]);
        const pinned = new Set(already.map((r) => r.bot_uuid));
        const adding = bots.filter((b) => !pinned.has(b));
        if (pinned.size + adding.length > pinLimit) throw new HttpError(422, `Pin limit reached: at most ${pinLimit} bots`);
        for (const b of adding) await setFlags(tx, user.userUuid, b, 'pinned_at = $3', [ctx.now()]);
        return { message: 'Pinned', pinned_count: pinned.size + adding.length, limit: pinLimit };
      });
    });

    api.authRoute(routes.unpinResource, async ({ body, user }) => {
      for (const r of body.resource_list) {
        if (r.type !== 'bot') throw new HttpError(422, 'Only bots can be unpinned here');
        await requireBot(db, r.uuid);
      }
      for (const r of body.resource_list) {
        await db.query('UPDATE conversations SET pinned_at = NULL WHERE user_uuid = $1 AND bot_uuid = $2', [user.userUuid, r.uuid]);
      }
      return { message: 'Unpinned', pinned_count: await pinnedCount(db, user.userUuid), limit: pinLimit };
    });

    // ---------- mute, block, archive ----------

    api.authRoute(routes.muteBot, async ({ body, user }) => {
      await requireBot(db, body.bot_uuid);
      const now = ctx.now();
      await setFlags(db, user.userUuid, body.bot_uuid, 'mute_time = $3, mute_duration = $4', [now, body.mute_duration]);
      return { message: 'Muted', mute_time: now, mute_duration: body.mute_duration };
    });

    api.authRoute(routes.unmuteBot, async ({ body, user }) => {
      await requireBot(db, body.bot_uuid);
      await setFlags(db, user.userUuid, body.bot_uuid, 'mute_time = NULL, mute_duration = NULL', []);
      return { message: 'Unmuted' };
    });

    // a repeated block or archive keeps its first time (the action is idempotent)
    api.authRoute(routes.blockBot, async ({ body, user }) => {
      await requireBot(db, body.bot_uuid);
      await setFlags(db, user.userUuid, body.bot_uuid, 'block_time = COALESCE(block_time, $3)', [ctx.now()]);
      return { message: 'Blocked' };
    });

    api.authRoute(routes.unblockBot, async ({ body, user }) => {
      await requireBot(db, body.bot_uuid);
      await setFlags(db, user.userUuid, body.bot_uuid, 'block_time = NULL', []);
      return { message: 'Unblocked' };
    });

    api.authRoute(routes.archiveBot, async ({ body, user }) => {
      await requireBot(db, body.bot_uuid);
      await setFlags(db, user.userUuid, body.bot_uuid, 'archive_time = COALESCE(archive_time, $3)', [ctx.now()]);
      return { message: 'Archived' };
    });

    api.authRoute(routes.unarchiveBot, async ({ body, user }) => {
      await requireBot(db, body.bot_uuid);
      await setFlags(db, user.userUuid, body.bot_uuid, 'archive_time = NULL', []);
      return { message: 'Unarchived' };
    });

    // ---------- report ----------

    api.authRoute(routes.getReportReasonList, async ({ request }) => {
      const language = languageOf(request);
      const rows = await db.query<{ reason_uuid: string; reason: string }>('SELECT reason_uuid, reason FROM report_reasons ORDER BY position');
      return { reason_list: rows.map((r) => ({ ...r, reason: inLanguage(REPORT_REASON_TEXTS, r.reason_uuid, language, r.reason) })) };
    });

    api.authRoute(routes.reportBot, async ({ body, user }) => {
      await requireBot(db, body.bot_uuid);
      const reason = await db.query('SELECT 1 FROM report_reasons WHERE reason_uuid = $1', [body.reason_uuid]);
      if (reason.length === 0) throw new HttpError(422, 'Unknown reason_uuid');
      const reportUuid = randomUUID();
      const now = ctx.now();
      await db.transaction(async (tx) => {
        await tx.query(
          'INSERT INTO bot_reports (report_uuid, user_uuid, bot_uuid, reason_uuid, email, description, block, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
          [reportUuid, user.userUuid, body.bot_uuid, body.reason_uuid, body.email, body.description, body.block, now],
        );
        if (body.block) await setFlags(tx, user.userUuid, body.bot_uuid, 'block_time = COALESCE(block_time, $3)', [now]);
      });
      return { message: 'Reported', report_uuid: reportUuid, blocked: body.block };
    });

    // ---------- rating ----------

    async function rating(q: Queryable, userUuid: string, botUuid: string) {
      const rows = await q.query<{ sum: number; count: number; mine: number | null }>(
        `SELECT (COALESCE(p.rating_base_sum, 0) + COALESCE((SELECT sum(rating) FROM bot_ratings WHERE bot_uuid = $2), 0))::int AS sum,
                (COALESCE(p.rating_base_count, 0) + (SELECT count(*) FROM bot_ratings WHERE bot_uuid = $2))::int AS count,
                (SELECT rating FROM bot_ratings WHERE bot_uuid = $2 AND user_uuid = $1) AS mine
         FROM (SELECT 1) one LEFT JOIN bot_profiles p ON p.bot_uuid = $2`,
        [userUuid, botUuid],
      );
      const r = rows[0]!;
      const count = Number(r.count);
      return { bot_uuid: botUuid, rating: count === 0 ? 0 : Math.round((Number(r.sum) / count) * 10) / 10, rating_count: count, user_rating: r.mine === null ? null : Number(r.mine) };
    }

    api.authRoute(routes.getRating, async ({ body, user }) => {
      await requireBot(db, body.bot_uuid);
      return rating(db, user.userUuid, body.bot_uuid);
    });

    api.authRoute(routes.submitRating, async ({ body, user }) => {
      await requireBot(db, body.bot_uuid);
      await db.query(
        'INSERT INTO bot_ratings (user_uuid, bot_uuid, rating, updated_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_uuid, bot_uuid) DO UPDATE SET rating = $3, updated_at = $4',
        [user.userUuid, body.bot_uuid, body.rating, ctx.now()],
      );
      return rating(db, user.userUuid, body.bot_uuid);
    });

    // ---------- reviews ----------

    api.authRoute(routes.getUserReviewList, async ({ body, user }) => {
      await requireBot(db, body.bot_uuid);
      const order = body.sort === 'helpful'
        ? '(COALESCE(v.up, 0) - COALESCE(v.down, 0)) DESC, r.created_at DESC, r.review_uuid'
        : 'r.created_at DESC, r.review_uuid';
      const rows = await db.query<ReviewRow>(`${REVIEW_SELECT} WHERE r.bot_uuid = $2 ORDER BY ${order} LIMIT $3 OFFSET $4`, [user.userUuid, body.bot_uuid, body.limit, body.offset]);
      const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bot_reviews WHERE bot_uuid = $1', [body.bot_uuid]);
      return { review_list: rows.map((r) => toReview(r, user.userUuid)), total: Number(total[0]?.n ?? 0), offset: body.offset, limit: body.limit };
    });

    api.authRoute(routes.voteReview, async ({ body, user }) => {
      const found = await db.query<{ user_uuid: string }>('SELECT user_uuid FROM bot_reviews WHERE review_uuid = $1', [body.review_uuid]);
      if (!found[0]) throw notFound('Review not found');
      if (found[0].user_uuid === user.userUuid) throw new HttpError(422, 'You cannot vote on your own review');
      if (body.vote === 0) {
        await db.query('DELETE FROM review_votes WHERE review_uuid = $1 AND user_uuid = $2', [body.review_uuid, user.userUuid]);
      } else {
        await db.query(
          'INSERT INTO review_votes (review_uuid, user_uuid, vote) VALUES ($1, $2, $3) ON CONFLICT (review_uuid, user_uuid) DO UPDATE SET vote = $3',
          [body.review_uuid, user.userUuid, body.vote],
        );
      }
      return (await reviewById(db, user.userUuid, body.review_uuid))!;
    });

    api.authRoute(routes.submitReview, async ({ body, user }) => {
      await requireBot(db, body.bot_uuid);
      const now = ctx.now();
      const rows = await db.query<{ review_uuid: string }>(
        `INSERT INTO bot_reviews (review_uuid, bot_uuid, user_uuid, review, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (bot_uuid, user_uuid) DO UPDATE SET review = $4, updated_at = $5 RETURNING review_uuid`,
        [randomUUID(), body.bot_uuid, user.userUuid, body.review, now],
      );
      return (await reviewById(db, user.userUuid, rows[0]!.review_uuid))!;
    });

    api.authRoute(routes.deleteReview, async ({ body, user }) => {
      await requireBot(db, body.bot_uuid);
      // only the caller's own review can match: the user comes from the session
      const rows = await db.query('DELETE FROM bot_reviews WHERE bot_uuid = $1 AND user_uuid = $2 RETURNING review_uuid', [body.bot_uuid, user.userUuid]);
      return { message: rows.length > 0 ? 'Deleted' : 'No review to delete', deleted: rows.length > 0 };
    });

    api.authRoute(routes.getReview, async ({ body, user }) => {
      await requireBot(db, body.bot_uuid);
      const rows = await db.query<ReviewRow>(`${REVIEW_SELECT} WHERE r.bot_uuid = $2 AND r.user_uuid = $1`, [user.userUuid, body.bot_uuid]);
      return { review: rows[0] ? toReview(rows[0], user.userUuid) : null };
    });

    // ---------- FAQs and counts ----------

    api.authRoute(routes.getBotFaqs, async ({ body, request }) => {
      await requireBot(db, body.bot_uuid);
      const language = languageOf(request);
      const rows = await db.query<{ position: number; question: string; answer: string }>('SELECT position, question, answer FROM bot_faqs WHERE bot_uuid = $1 ORDER BY position', [body.bot_uuid]);
      // stored in English (seed.ts); the other languages by bot and position (faq-text.ts)
      const faqs = rows.map(({ position, question, answer }) => faqIn(body.bot_uuid, position, language, { question, answer }));
      return { bot_uuid: body.bot_uuid, faqs };
    });

    api.authRoute(routes.getTotalActiveUsers, async () => {
      // users with a session that has not ended: who can use the app right now
      const rows = await db.query<{ n: number }>('SELECT count(DISTINCT user_uuid)::int AS n FROM sessions WHERE expires_at > $1 AND ended_at IS NULL', [ctx.now()]);
      return { total_active_users: Number(rows[0]?.n ?? 0) };
    });

    api.authRoute(routes.getSubscriberCount, async ({ body }) => {
      await requireBot(db, body.bot_uuid);
      return { bot_uuid: body.bot_uuid, subscriber_count: await subscriberCount(db, body.bot_uuid) };
    });

    api.authRoute(routes.getOnboardingDetails, async ({ body }) => {
      const bot = await requireBot(db, body.bot_uuid);
      return { bot_uuid: bot.bot_uuid, name: bot.name, subscriber_count: await subscriberCount(db, bot.bot_uuid), photo: bot.icon };
    });
  };
}
