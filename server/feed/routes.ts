// Feed routes (spec part 2 §7 "Feed"; src/api/feed-contract.ts). Every query is scoped by the
// caller's user_uuid from the session: a body names posts, options and questions, never a user,
// so nobody reads or writes another user's votes, answers, reactions or saves. Each act is one
// transaction whose rows are keyed one per user (store.ts counts them), so a replay or two
// concurrent sends cannot count twice; a vote change replaces the user's rows in one go.
import { randomUUID } from 'node:crypto';
import { routes } from '../../src/api/contract';
import type { Activity, FeedItem, FeedPost } from '../../src/api/feed-contract';
import type { LanguageCode } from '../../src/domain/language-codes';
import type { RouteModule } from '../context';
import type { Queryable } from '../db/db';
import { badRequest, HttpError, notFound } from '../http/errors';
import { languageOf } from '../http/language';
import { loadPost, loadPosts, NOTIFICATION_SELECT, pick, toNotification, type NotificationRow, type Texts } from './store';

/** add-view's body may carry many ids: the route reads up to this many bytes so the contract's
 * limit answers a clear 400 (naming the most ids allowed) instead of a 413 for the body size. */
export const ADD_VIEW_BODY_LIMIT = 1024 * 1024;

interface PostHead { post_uuid: string; subtype: string; multiple: boolean; allow_custom_response: boolean }

async function requirePost(q: Queryable, postUuid: string): Promise<PostHead> {
  const rows = await q.query<PostHead>('SELECT post_uuid, subtype, multiple, allow_custom_response FROM feed_posts WHERE post_uuid = $1', [postUuid]);
  if (!rows[0]) throw notFound('Unknown post');
  return rows[0];
}

function requireSubtype(post: PostHead, subtype: string, what: string): void {
  if (post.subtype !== subtype) throw new HttpError(422, `This post is not ${what}`);
}

async function postAnswer(q: Queryable, userUuid: string, postUuid: string, language: LanguageCode): Promise<{ post: FeedPost }> {
  const post = await loadPost(q, userUuid, postUuid, language);
  if (!post) throw notFound('Unknown post');
  return { post };
}

/** Records (or moves) the user's activity row of this kind for the post. */
async function recordActivity(q: Queryable, userUuid: string, postUuid: string, type: string, detail: object, at: number, questionUuid?: string): Promise<void> {
  await q.query(
    `INSERT INTO feed_activity (activity_uuid, user_uuid, post_uuid, question_uuid, type, detail, created_at)
     VALUES ($1, $2, $3, COALESCE($4::uuid, '00000000-0000-0000-0000-000000000000'), $5, $6, $7)
     ON CONFLICT (user_uuid, post_uuid, type, question_uuid) DO UPDATE SET detail = EXCLUDED.detail, created_at = EXCLUDED.created_at`,
    [randomUUID(), userUuid, postUuid, questionUuid ?? null, type, JSON.stringify(detail), at],
  );
}

async function dropActivity(q: Queryable, userUuid: string, postUuid: string, type: string): Promise<void> {
  await q.query('DELETE FROM feed_activity WHERE user_uuid = $1 AND post_uuid = $2 AND type = $3', [userUuid, postUuid, type]);
}

/** Stores one answer of a question (plain or quiz): a repeat of the same answer is fine, another answer is refused. */
async function answer(q: Queryable, userUuid: string, postUuid: string, questionUuid: string, optionUuid: string, type: 'quiz_answer' | 'question_answer', at: number): Promise<void> {
  const options = await q.query<{ option_uuid: string }>('SELECT option_uuid FROM feed_options WHERE question_uuid = $1 AND option_uuid = $2', [questionUuid, optionUuid]);
  if (!options[0]) throw badRequest('option_uuid is not an option of this question');
  const inserted = await q.query(
    'INSERT INTO feed_answers (question_uuid, user_uuid, option_uuid, answered_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING option_uuid',
    [questionUuid, userUuid, optionUuid, at],
  );
  if (inserted.length === 0) {
    const before = await q.query<{ option_uuid: string }>('SELECT option_uuid FROM feed_answers WHERE question_uuid = $1 AND user_uuid = $2', [questionUuid, userUuid]);
    if (before[0]?.option_uuid !== optionUuid) throw new HttpError(409, 'You have already answered this question');
    return;
  }
  await recordActivity(q, userUuid, postUuid, type, { option_uuid_list: [optionUuid] }, at, questionUuid);
}

export const feedRoutes: RouteModule = (api, ctx) => {
  const { db } = ctx;

  api.authRoute(routes.getFeed, async ({ body, user, request }) => {
    const language = languageOf(request);
    const { limit } = body;
    const postCursor = body.max.post;
    const noteCursor = body.max.notification;
    const posts = await db.query<{ post_uuid: string; created_at: number }>(
      `SELECT post_uuid, created_at FROM feed_posts
       WHERE $1::bigint IS NULL OR (created_at, post_uuid) < ($1::bigint, $2::uuid)
       ORDER BY created_at DESC, post_uuid DESC LIMIT $3`,
      [postCursor?.created_at ?? null, postCursor?.id ?? null, limit + 1],
    );
    const notes = await db.query<NotificationRow>(
      `${NOTIFICATION_SELECT}
       WHERE (n.user_uuid IS NULL OR n.user_uuid = $4)
         AND ($1::bigint IS NULL OR (n.created_at, n.notification_uuid) < ($1::bigint, $2::uuid))
       ORDER BY n.created_at DESC, n.notification_uuid DESC LIMIT $3`,
      [noteCursor?.created_at ?? null, noteCursor?.id ?? null, limit + 1, user.userUuid],
    );
    type Head = { kind: 'post' | 'notification'; id: string; created_at: number };
    const heads: Head[] = [
      ...posts.map((p): Head => ({ kind: 'post', id: p.post_uuid, created_at: Number(p.created_at) })),
      ...notes.map((n): Head => ({ kind: 'notification', id: n.notification_uuid, created_at: Number(n.created_at) })),
    ].sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const page = heads.slice(0, limit);
    const loaded = new Map((await loadPosts(db, user.userUuid, page.filter((h) => h.kind === 'post').map((h) => h.id), language)).map((p) => [p.post_uuid, p]));
    const noteById = new Map(notes.map((n) => [n.notification_uuid, n]));
    const userFeed: FeedItem[] = [];
    for (const h of page) {
      if (h.kind === 'post') {
        const post = loaded.get(h.id);
        if (post) userFeed.push({ type: 'post', post });
      } else {
        userFeed.push({ type: 'notification', notification: toNotification(noteById.get(h.id)!, language) });
      }
    }
    const lastOf = (kind: Head['kind']) => [...page].reverse().find((h) => h.kind === kind);
    const lastPost = lastOf('post');
    const lastNote = lastOf('notification');
    return {
      user_feed: userFeed,
      lastPost: lastPost ? { id: lastPost.id, created_at: lastPost.created_at } : postCursor,
      lastNotification: lastNote ? { id: lastNote.id, created_at: lastNote.created_at } : noteCursor,
      has_more: heads.length > limit,
    };
  });

  api.authRoute(routes.getPost, async ({ body, user, request }) => postAnswer(db, user.userUuid, body.post_uuid, languageOf(request)));

  api.authRoute(routes.getNotification, async ({ body, user, request }) => {
    // another user's notification reads as unknown: its existence is not told
    const rows = await db.query<NotificationRow>(`${NOTIFICATION_SELECT} WHERE n.notification_uuid = $1 AND (n.user_uuid IS NULL OR n.user_uuid = $2)`, [body.notification_uuid, user.userUuid]);
    if (!rows[0]) throw notFound('Unknown notification');
    return { notification: toNotification(rows[0], languageOf(request)) };
  });

  api.authRoute(routes.pollVote, async ({ body, user, request }) => {
    const now = ctx.now();
    return db.transaction(async (tx) => {
      const post = await requirePost(tx, body.post_uuid);
      requireSubtype(post, 'poll', 'a poll');
      const options = await tx.query<{ option_uuid: string }>(
        'SELECT option_uuid FROM feed_options WHERE post_uuid = $1 AND question_uuid IS NULL AND option_uuid = ANY($2::uuid[])', [body.post_uuid, body.option_uuid_list]);
      if (options.length !== body.option_uuid_list.length) throw badRequest('option_uuid_list names an option that is not in this poll');
      if (!post.multiple && body.option_uuid_list.length > 1) throw badRequest('This poll takes one option');
      const custom = body.custom_response === undefined || body.custom_response === '' ? null : body.custom_response;
      if (custom !== null && !post.allow_custom_response) throw badRequest('This poll takes no custom response');
      // the upsert locks the user's voter row: two changes at once from one user run one after the other
      await tx.query(
        `INSERT INTO feed_poll_voters (post_uuid, user_uuid, custom_response, voted_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (post_uuid, user_uuid) DO UPDATE SET custom_response = EXCLUDED.custom_response, voted_at = EXCLUDED.voted_at`,
        [body.post_uuid, user.userUuid, custom, now],
      );
      await tx.query('DELETE FROM feed_poll_votes WHERE post_uuid = $1 AND user_uuid = $2', [body.post_uuid, user.userUuid]);
      await tx.query(
        'INSERT INTO feed_poll_votes (post_uuid, user_uuid, option_uuid) SELECT $1, $2, o FROM unnest($3::uuid[]) AS o',
        [body.post_uuid, user.userUuid, body.option_uuid_list],
      );
      await recordActivity(tx, user.userUuid, body.post_uuid, 'poll_vote', { option_uuid_list: body.option_uuid_list, custom_response: custom }, now);
      return postAnswer(tx, user.userUuid, body.post_uuid, languageOf(request));
    });
  });

  api.authRoute(routes.answerQuestion, async ({ body, user, request }) => {
    const now = ctx.now();
    return db.transaction(async (tx) => {
      const post = await requirePost(tx, body.post_uuid);
      requireSubtype(post, 'question', 'a question');
      const questions = await tx.query<{ question_uuid: string }>('SELECT question_uuid FROM feed_questions WHERE post_uuid = $1 ORDER BY position LIMIT 1', [body.post_uuid]);
      if (!questions[0]) throw new HttpError(422, 'This question has no options');
      await answer(tx, user.userUuid, body.post_uuid, questions[0].question_uuid, body.option_uuid, 'question_answer', now);
      return postAnswer(tx, user.userUuid, body.post_uuid, languageOf(request));
    });
  });

  api.authRoute(routes.answerQuizQuestion, async ({ body, user, request }) => {
    const now = ctx.now();
    return db.transaction(async (tx) => {
      const post = await requirePost(tx, body.post_uuid);
      requireSubtype(post, 'quiz', 'a quiz');
      const questions = await tx.query('SELECT 1 FROM feed_questions WHERE post_uuid = $1 AND question_uuid = $2', [body.post_uuid, body.question_uuid]);
      if (!questions[0]) throw badRequest('question_uuid is not a question of this quiz');
      await answer(tx, user.userUuid, body.post_uuid, body.question_uuid, body.option_uuid, 'quiz_answer', now);
      return postAnswer(tx, user.userUuid, body.post_uuid, languageOf(request));
    });
  });

  api.authRoute(routes.addReaction, async ({ body, user, request }) => {
    const now = ctx.now();
    return db.transaction(async (tx) => {
      await requirePost(tx, body.post_uuid);
      if (body.user_reaction === null) {
        await tx.query('DELETE FROM feed_reactions WHERE post_uuid = $1 AND user_uuid = $2', [body.post_uuid, user.userUuid]);
        await dropActivity(tx, user.userUuid, body.post_uuid, 'reaction');
      } else {
        await tx.query(
          `INSERT INTO feed_reactions (post_uuid, user_uuid, reaction, reacted_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (post_uuid, user_uuid) DO UPDATE SET reaction = EXCLUDED.reaction, reacted_at = EXCLUDED.reacted_at`,
          [body.post_uuid, user.userUuid, body.user_reaction, now],
        );
        await recordActivity(tx, user.userUuid, body.post_uuid, 'reaction', { reaction: body.user_reaction }, now);
      }
      return postAnswer(tx, user.userUuid, body.post_uuid, languageOf(request));
    });
  });

  api.authRoute(routes.savePost, async ({ body, user, request }) => {
    const now = ctx.now();
    return db.transaction(async (tx) => {
      await requirePost(tx, body.post_uuid);
      const inserted = await tx.query('INSERT INTO feed_saves (post_uuid, user_uuid, saved_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING post_uuid', [body.post_uuid, user.userUuid, now]);
      if (inserted.length > 0) await recordActivity(tx, user.userUuid, body.post_uuid, 'save', {}, now);
      return postAnswer(tx, user.userUuid, body.post_uuid, languageOf(request));
    });
  });

  api.authRoute(routes.unsavePost, async ({ body, user, request }) => {
    return db.transaction(async (tx) => {
      await requirePost(tx, body.post_uuid);
      await tx.query('DELETE FROM feed_saves WHERE post_uuid = $1 AND user_uuid = $2', [body.post_uuid, user.userUuid]);
      await dropActivity(tx, user.userUuid, body.post_uuid, 'save');
      return postAnswer(tx, user.userUuid, body.post_uuid, languageOf(request));
    });
  });

  api.authRoute(routes.getSavedPosts, async ({ body, user, request }) => {
    const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM feed_saves WHERE user_uuid = $1', [user.userUuid]);
    const ids = await db.query<{ post_uuid: string }>(
      'SELECT post_uuid FROM feed_saves WHERE user_uuid = $1 ORDER BY saved_at DESC, post_uuid DESC OFFSET $2 LIMIT $3', [user.userUuid, body.offset, body.limit]);
    return { post_list: await loadPosts(db, user.userUuid, ids.map((r) => r.post_uuid), languageOf(request)), total: Number(total[0]?.n ?? 0) };
  });

  api.authRoute(routes.addView, async ({ body, user }) => {
    const ids = [...new Set(body.post_uuid_list)];
    const known = await db.query<{ post_uuid: string }>('SELECT post_uuid FROM feed_posts WHERE post_uuid = ANY($1::uuid[])', [ids]);
    if (known.length !== ids.length) {
      const have = new Set(known.map((r) => r.post_uuid));
      const missing = ids.filter((id) => !have.has(id));
      throw badRequest(`post_uuid_list names unknown posts: ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ` and ${missing.length - 3} more` : ''}`);
    }
    const inserted = await db.query(
      'INSERT INTO feed_views (post_uuid, user_uuid, viewed_at) SELECT p, $2, $3 FROM unnest($1::uuid[]) AS p ON CONFLICT DO NOTHING RETURNING post_uuid',
      [ids, user.userUuid, ctx.now()],
    );
    return { counted: inserted.length };
  }, { bodyLimit: ADD_VIEW_BODY_LIMIT });

  api.authRoute(routes.getUserActivity, async ({ body, user, request }) => {
    const language = languageOf(request);
    const type = body.filters.type;
    const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM feed_activity WHERE user_uuid = $1 AND ($2::text IS NULL OR type = $2)', [user.userUuid, type]);
    const rows = await db.query<{ activity_uuid: string; type: string; post_uuid: string; title: Texts; detail: { option_uuid_list?: string[]; reaction?: string; custom_response?: string | null }; created_at: number }>(
      `SELECT a.activity_uuid, a.type, a.post_uuid, p.title, a.detail, a.created_at
       FROM feed_activity a JOIN feed_posts p ON p.post_uuid = a.post_uuid
       WHERE a.user_uuid = $1 AND ($2::text IS NULL OR a.type = $2)
       ORDER BY a.created_at DESC, a.activity_uuid DESC OFFSET $3 LIMIT $4`,
      [user.userUuid, type, body.offset, body.limit],
    );
    const optionIds = [...new Set(rows.flatMap((r) => r.detail.option_uuid_list ?? []))];
    const optionTexts = optionIds.length === 0 ? [] : await db.query<{ option_uuid: string; text: Texts }>('SELECT option_uuid, text FROM feed_options WHERE option_uuid = ANY($1::uuid[])', [optionIds]);
    const textOf = new Map(optionTexts.map((o) => [o.option_uuid, pick(o.text, language)]));
    const activityList: Activity[] = rows.map((r) => ({
      activity_uuid: r.activity_uuid,
      type: r.type,
      post_uuid: r.post_uuid,
      post_title: pick(r.title, language),
      detail: r.detail.reaction ?? [...(r.detail.option_uuid_list ?? []).map((id) => textOf.get(id) ?? ''), ...(r.detail.custom_response ? [r.detail.custom_response] : [])].join(', '),
      created_at: Number(r.created_at),
    }));
    return { activity_list: activityList, total: Number(total[0]?.n ?? 0) };
  });
};
