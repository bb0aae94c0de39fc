// Standalone and embedded single-bot mode (issue 17; spec part 1 §1, §4, §6, §7): a page opened for
// one bot starts a web session with start-session, with or without sign-in, and then calls the
// same routes under /api/web/ with the device-id, session-id, bot-id and user-id headers.
// - Without sign-in the device is the user: one guest users row per device id (no mobile).
// - With sign-in (standalone-with-auth) the host page's extension supplies `access_token`, a
//   login token of a signed-in user; the web session is that user's.
// A web session names its device and its bot; only that device may use it on /api/web/.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { routes } from '../../src/api/contract';
import { API_BASE, HEADER } from '../../src/api/headers';
import { ROUTE_TABLE } from '../../src/api/route-table';
import { STANDALONE_SESSION_ROUTES } from '../../src/api/standalone-routes';
import { STANDALONE_BOT_ID_PATTERN } from '../../src/domain/constants';
import type { CountryIso } from '../../src/domain/countries';
import type { RouteModule } from '../context';
import type { Db, Queryable } from '../db/db';
import type { Authenticate, AuthUser } from '../http/define-route';
import { notFound, otherBot, sessionExpired, unauthorised } from '../http/errors';
import { POLICY } from './policy';
import { hashToken, newToken } from './tokens';

const SESSION_ID = /^[0-9a-f]{32}$/;

/** The /api/web/ URLs a one-bot session may call (STANDALONE_SESSION_ROUTES): all others are closed to it. */
const ONE_BOT_URLS: ReadonlySet<string> = new Set(STANDALONE_SESSION_ROUTES.map((name) => `${API_BASE}/web${ROUTE_TABLE[name].path}`));

/** Whether a one-bot web session may call this /api/web/ URL (the route's pattern, not the request's address). */
export function oneBotSessionMayCall(routeUrl: string): boolean {
  return ONE_BOT_URLS.has(routeUrl);
}

/** A host name → bot id map from STANDALONE_HOSTS ("chat.example.org=1000000000000001,..."). */
export function parseStandaloneHosts(text: string | undefined): Record<string, string> {
  const hosts: Record<string, string> = {};
  for (const entry of (text ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
    const [host, bot] = entry.split('=').map((p) => p.trim());
    if (!host || !bot || !STANDALONE_BOT_ID_PATTERN.test(bot)) throw new Error(`STANDALONE_HOSTS entries look like host=<16-digit bot id>, got ${entry}`);
    hosts[host.toLowerCase()] = bot;
  }
  return hosts;
}

/** The guest user of a device, created on its first start-session. */
async function guestOf(q: Queryable, deviceId: string, now: number): Promise<string> {
  await q.query(
    `INSERT INTO users (user_uuid, mobile, device_id, country_code, created_at, updated_at)
     VALUES ($1, NULL, $2, 'IN', $3, $3) ON CONFLICT (device_id) WHERE device_id IS NOT NULL DO NOTHING`,
    [randomUUID(), deviceId, now],
  );
  const rows = await q.query<{ user_uuid: string }>('SELECT user_uuid FROM users WHERE device_id = $1', [deviceId]);
  if (!rows[0]) throw new Error('guest user vanished right after its insert');
  return rows[0].user_uuid;
}

/** The user of a live login token (the signed-in variant), or 401. */
async function userOfAccessToken(q: Queryable, accessToken: string, now: number): Promise<string> {
  const rows = await q.query<{ user_uuid: string }>(
    'SELECT user_uuid FROM login_tokens WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2',
    [hashToken(accessToken), now],
  );
  if (!rows[0]) throw unauthorised('The access token is unknown, revoked or expired');
  return rows[0].user_uuid;
}

export function standaloneRoutes(hosts: Readonly<Record<string, string>>): RouteModule {
  return (api, ctx) => {
    const { db } = ctx;

    api.publicRoute(routes.resolveStandaloneHost, async ({ body }) => ({ bot_uuid: hosts[body.host] ?? hosts[body.host.replace(/:\d+$/, '')] ?? null }));

    api.publicRoute(routes.startSession, async ({ body }) => {
      const now = ctx.now();
      if (body.bot_uuid !== undefined) {
        const bots = await db.query('SELECT 1 AS n FROM bots WHERE bot_uuid = $1', [body.bot_uuid]);
        if (!bots[0]) throw notFound('Invalid bot id');
      }
      return db.transaction(async (tx) => {
        const userUuid = body.access_token !== undefined ? await userOfAccessToken(tx, body.access_token, now) : await guestOf(tx, body.device_id, now);
        const sessionId = newToken();
        await tx.query(
          `INSERT INTO sessions (id_hash, user_uuid, login_token_hash, client_session_id, created_at, expires_at, device_id, bot_uuid, payload)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [hashToken(sessionId), userUuid, body.access_token !== undefined ? hashToken(body.access_token) : null, newToken(), now,
            now + POLICY.sessionTtlMs, body.device_id, body.bot_uuid ?? null, body.payload === undefined ? null : JSON.stringify(body.payload)],
        );
        return { user_uuid: userUuid, session_id: sessionId, bot_uuid: body.bot_uuid ?? null };
      });
    });
  };
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Checks the headers of an /api/web/ call: 401 when the session id is missing or names no live web
 * session, when the device-id is not the one the session was started for, or when user-id (if
 * sent) is not the session's user, or bot-id (if sent) is not a 16-digit id; 440 when it expired;
 * 403 when bot-id names a bot other than the session's, or when a session of one bot calls a route
 * that is not part of the one-bot mode (STANDALONE_SESSION_ROUTES: closed unless named). The user it answers carries the session's
 * bot (`standaloneBot`), so createApiRouter refuses a body naming another bot.
 */
export function webSessionAuthenticator(db: Db, now: () => number): Authenticate {
  return async (request) => {
    const sessionId = header(request, HEADER.sessionId);
    const deviceId = header(request, HEADER.deviceId);
    const userId = header(request, HEADER.userId);
    const botId = header(request, HEADER.botId);
    if (!sessionId || !SESSION_ID.test(sessionId) || !deviceId) throw unauthorised();
    if (botId !== undefined && !STANDALONE_BOT_ID_PATTERN.test(botId)) throw unauthorised('bot-id must be a 16-digit number');
    const sessionHash = hashToken(sessionId);
    const rows = await db.query<{ user_uuid: string; mobile: string | null; country_code: CountryIso; device_id: string | null; bot_uuid: string | null; expires_at: number; ended_at: number | null }>(
      `SELECT s.user_uuid, u.mobile, u.country_code, s.device_id, s.bot_uuid, s.expires_at, s.ended_at
       FROM sessions s JOIN users u ON u.user_uuid = s.user_uuid
       WHERE s.id_hash = $1`,
      [sessionHash],
    );
    const session = rows[0];
    if (!session || session.ended_at !== null || session.device_id === null || session.device_id !== deviceId) throw unauthorised();
    if (userId !== undefined && userId !== session.user_uuid) throw unauthorised();
    if (Number(session.expires_at) <= now()) throw sessionExpired();
    // the session serves one bot: a bot-id header naming another is refused, as a body naming one is
    if (session.bot_uuid !== null && botId !== undefined && botId !== session.bot_uuid) throw otherBot();
    // by the route's registered pattern, so no spelling of the address slips past the list
    if (session.bot_uuid !== null && !oneBotSessionMayCall(request.routeOptions.url ?? '')) throw otherBot();
    const user: AuthUser = {
      userUuid: session.user_uuid, mobile: session.mobile ?? '', mobileCountry: session.country_code, sessionHash,
      ...(session.bot_uuid !== null ? { standaloneBot: session.bot_uuid } : {}),
    };
    return user;
  };
}
