// Sessions and their tokens. A sign-in (code or login token) opens a session: a 128-bit session
// id (the session-id header, 30 days), tied to a login token (90 days, for signing in again
// without a code) and a media token (24 h). Only SHA-256 digests of them are stored.
import type { FastifyRequest } from 'fastify';
import type { SessionTokens } from '../../src/api/contract';
import { HEADER } from '../../src/api/headers';
import { parseMobile } from '../../src/domain/countries';
import type { OtpLimits } from '../config/otp-limits';
import type { Db, Queryable } from '../db/db';
import type { Authenticate, AuthUser } from '../http/define-route';
import { inHowLong, sessionExpired, tooManyRequests, unauthorised } from '../http/errors';
import { toProfile, type UserRow } from '../user/profile';
import { POLICY } from './policy';
import { hashToken, newToken } from './tokens';

export interface LoginToken { token: string; expiresAt: number }

/** A new login token for the user (a sign-in with a code makes one). */
export async function createLoginToken(q: Queryable, userUuid: string, now: number): Promise<LoginToken> {
  const token = newToken();
  const expiresAt = now + POLICY.loginTokenTtlMs;
  await q.query(
    'INSERT INTO login_tokens (token_hash, user_uuid, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [hashToken(token), userUuid, now, expiresAt],
  );
  return { token, expiresAt };
}

export async function createMediaToken(q: Queryable, sessionHash: string, userUuid: string, now: number): Promise<{ mediaToken: string; mediaTokenExpiry: number }> {
  const mediaToken = newToken();
  const mediaTokenExpiry = now + POLICY.mediaTokenTtlMs;
  await q.query(
    'INSERT INTO media_tokens (token_hash, session_hash, user_uuid, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [hashToken(mediaToken), sessionHash, userUuid, now, mediaTokenExpiry],
  );
  return { mediaToken, mediaTokenExpiry };
}

/** Opens a session for the user under the login token and answers the contract's SessionTokens. */
export async function openSession(q: Queryable, user: UserRow, loginToken: LoginToken, now: number): Promise<SessionTokens> {
  const sessionId = newToken();
  const sessionHash = hashToken(sessionId);
  const clientSessionId = newToken();
  await q.query(
    `INSERT INTO sessions (id_hash, user_uuid, login_token_hash, client_session_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [sessionHash, user.user_uuid, hashToken(loginToken.token), clientSessionId, now, now + POLICY.sessionTtlMs],
  );
  const media = await createMediaToken(q, sessionHash, user.user_uuid, now);
  return {
    token: sessionId,
    loginToken: loginToken.token,
    loginTokenExpiry: loginToken.expiresAt,
    ...media,
    clientSessionId,
    user: toProfile(user),
  };
}

/**
 * The sessions one login token may open (issue 21): at most `sessionsPerLoginTokenPerWindow`
 * within the window (check: 429 with Retry-After past it), and at most
 * `liveSessionsPerLoginToken` live at once (endOldest, after a new one opened: ends the oldest
 * and answers their digests, whose sockets are to be closed once this commits).
 */
export function sessionBudget(q: Queryable, limits: OtpLimits, loginTokenHash: string, now: number) {
  return {
    async check(): Promise<void> {
      const opened = await q.query<{ created_at: number }>(
        'SELECT created_at FROM sessions WHERE login_token_hash = $1 AND created_at > $2 ORDER BY created_at DESC LIMIT $3',
        [loginTokenHash, now - limits.windowMs, limits.sessionsPerLoginTokenPerWindow],
      );
      if (opened.length < limits.sessionsPerLoginTokenPerWindow) return;
      const oldest = opened[opened.length - 1];
      const waitMs = oldest ? oldest.created_at + limits.windowMs - now : limits.windowMs;
      throw tooManyRequests(`Too many sign-ins with this login token. Try again ${inHowLong(waitMs)}.`, waitMs / 1000);
    },
    async endOldest(): Promise<string[]> {
      const ended = await q.query<{ id_hash: string }>(
        `UPDATE sessions SET ended_at = $2 WHERE id_hash IN (
           SELECT id_hash FROM sessions WHERE login_token_hash = $1 AND ended_at IS NULL AND expires_at > $2
           ORDER BY created_at DESC, id_hash OFFSET $3)
         RETURNING id_hash`,
        [loginTokenHash, now, limits.liveSessionsPerLoginToken],
      );
      const hashes = ended.map((r) => r.id_hash);
      if (hashes.length > 0) await q.query('DELETE FROM media_tokens WHERE session_hash = ANY($1::text[])', [hashes]);
      return hashes;
    },
  };
}

/**
 * Ends the session, every other session opened with the same login token (the same device's
 * earlier sign-ins), the login token itself and the sessions' media tokens. Answers the
 * digests of the sessions it ended (their sockets are to be closed once this commits).
 */
export async function endSession(q: Queryable, sessionHash: string, now: number): Promise<string[]> {
  const rows = await q.query<{ login_token_hash: string | null }>('SELECT login_token_hash FROM sessions WHERE id_hash = $1', [sessionHash]);
  const loginTokenHash = rows[0]?.login_token_hash ?? null;
  const ended = loginTokenHash
    ? await q.query<{ id_hash: string }>(
      'UPDATE sessions SET ended_at = $2 WHERE (id_hash = $1 OR login_token_hash = $3) AND ended_at IS NULL RETURNING id_hash',
      [sessionHash, now, loginTokenHash],
    )
    : await q.query<{ id_hash: string }>('UPDATE sessions SET ended_at = $2 WHERE id_hash = $1 AND ended_at IS NULL RETURNING id_hash', [sessionHash, now]);
  if (loginTokenHash) await q.query('UPDATE login_tokens SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [loginTokenHash, now]);
  const hashes = [...new Set([sessionHash, ...ended.map((r) => r.id_hash)])];
  await q.query('DELETE FROM media_tokens WHERE session_hash = ANY($1::text[])', [hashes]);
  return hashes;
}

const SESSION_ID = /^[0-9a-f]{32}$/;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Checks the mobile and session-id headers: 401 when they are missing or name no live session
 * of that mobile (unknown, ended, another user's), 440 when the session has expired.
 */
export function sessionAuthenticator(db: Db, now: () => number): Authenticate {
  return async (request) => {
    const mobile = header(request, HEADER.mobile);
    const sessionId = header(request, HEADER.sessionId);
    if (!mobile || !sessionId || !SESSION_ID.test(sessionId)) throw unauthorised();
    const country = parseMobile(mobile)?.country.iso;
    if (!country) throw unauthorised();
    const sessionHash = hashToken(sessionId);
    const rows = await db.query<{ user_uuid: string; mobile: string; expires_at: number; ended_at: number | null }>(
      `SELECT s.user_uuid, u.mobile, s.expires_at, s.ended_at
       FROM sessions s JOIN users u ON u.user_uuid = s.user_uuid
       WHERE s.id_hash = $1`,
      [sessionHash],
    );
    const session = rows[0];
    if (!session || session.ended_at !== null || session.mobile !== mobile) throw unauthorised();
    if (session.expires_at <= now()) throw sessionExpired();
    const user: AuthUser = { userUuid: session.user_uuid, mobile, mobileCountry: country, sessionHash };
    return user;
  };
}
