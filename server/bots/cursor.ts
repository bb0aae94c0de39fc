// Paging cursors of /bot/get-messages: the sk to continue from, bound to the user, the bot and
// the direction, signed with HMAC-SHA256 under a secret made once per database (server_secrets).
// A tampered or unknown token is a 400; a genuine token of another user or bot is a 403.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/db';
import { loadServerSecret } from '../db/server-secret';
import { badRequest, HttpError } from '../http/errors';

export type Direction = 'forward' | 'backward';

export interface Cursor {
  user: string;
  bot: string;
  direction: Direction;
  /** Continue strictly after (forward) or before (backward) this sk. */
  sk: string;
}

/** The database's cursor key, made on first use and kept (concurrent starts agree on one). */
export async function loadCursorSecret(db: Db, now: number): Promise<Buffer> {
  return loadServerSecret(db, 'cursor_hmac', now);
}

const mac = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function signCursor(secret: Buffer, cursor: Cursor): string {
  const payload = Buffer.from(JSON.stringify([cursor.user, cursor.bot, cursor.direction === 'forward' ? 'f' : 'b', cursor.sk])).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

const invalid = () => badRequest('next_token is not a valid paging token');

/** Checks the signature, then that the token is the caller's, for this bot and direction. */
export function verifyCursor(secret: Buffer, token: string, expect: Omit<Cursor, 'sk'>): string {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) throw invalid();
  const good = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (good.length !== given.length || !timingSafeEqual(good, given)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4 || !parsed.every((p) => typeof p === 'string')) throw invalid();
  const [user, bot, dir, sk] = parsed as [string, string, string, string];
  if (user !== expect.user || bot !== expect.bot) throw new HttpError(403, 'next_token belongs to another conversation');
  if (dir !== (expect.direction === 'forward' ? 'f' : 'b')) throw badRequest(`next_token is not a ${expect.direction} token`);
  return sk;
}
