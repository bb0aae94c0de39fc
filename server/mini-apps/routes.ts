// Mini-app routes (spec part 2 §7 Mini apps; src/api/mini-app-contract.ts). Everything a user
// reads or writes is keyed by the session's user_uuid: a body names a mini app, never a user, so
// one user can never read or change another's storage, rating or activity.
import { routes } from '../../src/api/contract';
import { STORAGE_KEYS_PER_APP } from '../../src/domain/mini-apps';
import type { RouteModule } from '../context';
import type { Queryable } from '../db/db';
import { HttpError, notFound } from '../http/errors';
import { languageOf } from '../http/language';
import { exchangeGrant, issueGrant } from './sso';
import { findMiniApp, listMiniApps } from './store';

async function requireMiniApp(q: Queryable, miniAppUuid: string): Promise<{ kind: 'native' | 'web' }> {
  const rows = await q.query<{ kind: 'native' | 'web' }>('SELECT kind FROM mini_apps WHERE mini_app_uuid = $1', [miniAppUuid]);
  if (!rows[0]) throw notFound('Invalid mini app id');
  return rows[0];
}

export const miniAppRoutes: RouteModule = (api, ctx) => {
  const { db } = ctx;

  api.authRoute(routes.getMiniAppList, async ({ user, request }) => ({
    mini_app_list: await listMiniApps(db, user.userUuid, languageOf(request)),
  }));

  api.authRoute(routes.getMiniAppUserDetails, async ({ body, user, request }) => {
    const app = await findMiniApp(db, user.userUuid, body.mini_app_uuid, languageOf(request));
    if (!app) throw notFound('Invalid mini app id');
    const rows = await db.query<{ activity: string; score: number | null; times: number; updated_at: number }>(
      'SELECT activity, score, times, updated_at FROM mini_app_activity WHERE user_uuid = $1 AND mini_app_uuid = $2', [user.userUuid, body.mini_app_uuid]);
    const a = rows[0];
    return { mini_app: app, activity: a ? { activity: a.activity, score: a.score, times: Number(a.times), updated_at: Number(a.updated_at) } : null };
  });

  api.authRoute(routes.subscribeMiniApp, async ({ body, user }) => {
    await requireMiniApp(db, body.mini_app_uuid);
    // a repeat keeps the first time: subscribing is idempotent
    await db.query('INSERT INTO mini_app_subscriptions (user_uuid, mini_app_uuid, subscribed_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [user.userUuid, body.mini_app_uuid, ctx.now()]);
    const rows = await db.query<{ subscribed_at: number }>('SELECT subscribed_at FROM mini_app_subscriptions WHERE user_uuid = $1 AND mini_app_uuid = $2', [user.userUuid, body.mini_app_uuid]);
    return { message: 'Subscribed', subscribed_at: Number(rows[0]!.subscribed_at) };
  });

  api.authRoute(routes.setMiniAppUserActivity, async ({ body, user }) => {
    await requireMiniApp(db, body.mini_app_uuid);
    const rows = await db.query<{ activity: string; score: number | null; times: number; updated_at: number }>(
      `INSERT INTO mini_app_activity (user_uuid, mini_app_uuid, activity, score, times, updated_at) VALUES ($1, $2, $3, $4, 1, $5)
       ON CONFLICT (user_uuid, mini_app_uuid) DO UPDATE SET activity = $3, score = $4, times = mini_app_activity.times + 1, updated_at = $5
       RETURNING activity, score, times, updated_at`,
      [user.userUuid, body.mini_app_uuid, body.activity, body.score ?? null, ctx.now()],
    );
    const a = rows[0]!;
    return { activity: a.activity, score: a.score, times: Number(a.times), updated_at: Number(a.updated_at) };
  });

  api.authRoute(routes.submitMiniAppRating, async ({ body, user }) => {
    await requireMiniApp(db, body.mini_app_uuid);
    await db.query(
      `INSERT INTO mini_app_ratings (user_uuid, mini_app_uuid, rating, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_uuid, mini_app_uuid) DO UPDATE SET rating = $3, updated_at = $4`,
      [user.userUuid, body.mini_app_uuid, body.rating, ctx.now()],
    );
    const rows = await db.query<{ rating: number; n: number }>('SELECT avg(rating)::float AS rating, count(*)::int AS n FROM mini_app_ratings WHERE mini_app_uuid = $1', [body.mini_app_uuid]);
    return { mini_app_uuid: body.mini_app_uuid, rating: Math.round(Number(rows[0]!.rating) * 10) / 10, rating_count: Number(rows[0]!.n), user_rating: body.rating };
  });

  api.authRoute(routes.getSsoGrantToken, async ({ body, user }) => {
    await requireMiniApp(db, body.mini_app_uuid);
    return issueGrant(db, user.userUuid, body.mini_app_uuid, ctx.now());
  });

  api.publicRoute(routes.exchangeSsoGrant, async ({ body }) => exchangeGrant(db, body, ctx.now()));

  // Storage lives on the server, per user per mini app: a quiz streak follows the user to another
  // device or a reinstall, and a mini app only ever runs online (its page is served from here).
  api.authRoute(routes.getMiniAppStorage, async ({ body, user }) => {
    await requireMiniApp(db, body.mini_app_uuid);
    const rows = await db.query<{ value: string }>('SELECT value FROM mini_app_storage WHERE user_uuid = $1 AND mini_app_uuid = $2 AND key = $3', [user.userUuid, body.mini_app_uuid, body.key]);
    return { key: body.key, value: rows[0]?.value ?? null };
  });

  api.authRoute(routes.setMiniAppStorage, async ({ body, user }) => {
    await requireMiniApp(db, body.mini_app_uuid);
    return db.transaction(async (tx) => {
      // serialise this user's writes so two at once cannot both pass the key limit
      await tx.query('SELECT user_uuid FROM users WHERE user_uuid = $1 FOR UPDATE', [user.userUuid]);
      const count = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM mini_app_storage WHERE user_uuid = $1 AND mini_app_uuid = $2 AND key <> $3', [user.userUuid, body.mini_app_uuid, body.key]);
      if (Number(count[0]?.n ?? 0) >= STORAGE_KEYS_PER_APP) throw new HttpError(422, `Storage is full: at most ${STORAGE_KEYS_PER_APP} keys per mini app`);
      await tx.query(
        `INSERT INTO mini_app_storage (user_uuid, mini_app_uuid, key, value, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_uuid, mini_app_uuid, key) DO UPDATE SET value = $4, updated_at = $5`,
        [user.userUuid, body.mini_app_uuid, body.key, body.value, ctx.now()],
      );
      return { key: body.key, value: body.value };
    });
  });
};
