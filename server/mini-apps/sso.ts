// Sign-on for mini apps, OAuth 2.0 authorization-code style (RFC 6749 §4.1, §10.5): the app asks
// for a grant for the signed-in user (get-sso-grant-token) and hands it to the mini app; the mini
// app's backend exchanges it, authenticated by its client secret, for the user's identity. A grant
// lives SSO_GRANT_TTL_MS, works once, for the one mini app it was made for; only digests are kept.
import { createHash, randomBytes } from 'node:crypto';
import { SSO_GRANT_TTL_MS } from '../../src/domain/mini-apps';
import type { Queryable } from '../db/db';
import { hashToken, sameSecret } from '../accounts/tokens';
import { HttpError } from '../http/errors';

export async function issueGrant(q: Queryable, userUuid: string, miniAppUuid: string, now: number): Promise<{ grant_token: string; expires_at: number }> {
  const clients = await q.query<{ n: number }>('SELECT 1 AS n FROM mini_app_clients WHERE mini_app_uuid = $1', [miniAppUuid]);
  if (!clients[0]) throw new HttpError(422, 'This mini app has no sign-on');
  const grant = randomBytes(32).toString('base64url');
  const expiresAt = now + SSO_GRANT_TTL_MS;
  await q.query(
    'INSERT INTO mini_app_sso_grants (grant_hash, mini_app_uuid, user_uuid, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [hashToken(grant), miniAppUuid, userUuid, now, expiresAt],
  );
  return { grant_token: grant, expires_at: expiresAt };
}

/** A user's id as one mini app sees it: stable for that app, unlinkable across apps. */
export function pairwiseSubject(miniAppUuid: string, userUuid: string): string {
  return createHash('sha256').update(`mini-app-sub:${miniAppUuid}:${userUuid}`).digest('base64url').slice(0, 32);
}

export interface Identity { sub: string; name: string; language: string }

/**
 * The exchange: the client is checked first (a wrong secret spends nothing), then the grant is
 * spent atomically, so two racing exchanges of one grant cannot both succeed.
 */
export async function exchangeGrant(q: Queryable, input: { mini_app_uuid: string; grant_token: string; client_secret: string }, now: number): Promise<Identity> {
  const clients = await q.query<{ secret_hash: string }>('SELECT secret_hash FROM mini_app_clients WHERE mini_app_uuid = $1', [input.mini_app_uuid]);
  if (!clients[0] || !sameSecret(clients[0].secret_hash, hashToken(input.client_secret))) throw new HttpError(401, 'invalid_client');
  const spent = await q.query<{ user_uuid: string }>(
    `UPDATE mini_app_sso_grants SET used_at = $3
     WHERE grant_hash = $1 AND mini_app_uuid = $2 AND used_at IS NULL AND expires_at > $3
     RETURNING user_uuid`,
    [hashToken(input.grant_token), input.mini_app_uuid, now],
  );
  const userUuid = spent[0]?.user_uuid;
  if (!userUuid) throw new HttpError(400, 'invalid_grant: the grant is unknown, expired or already used');
  const users = await q.query<{ name: string; language: string | null }>('SELECT name, language FROM users WHERE user_uuid = $1', [userUuid]);
  return { sub: pairwiseSubject(input.mini_app_uuid, userUuid), name: users[0]?.name ?? '', language: users[0]?.language ?? 'en' };
}

/** Housekeeping: grants past their life are of no use to anyone. */
export async function sweepGrants(q: Queryable, now: number): Promise<void> {
  await q.query('DELETE FROM mini_app_sso_grants WHERE expires_at < $1', [now - SSO_GRANT_TTL_MS]);
}
