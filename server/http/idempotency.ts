// Idempotency-Key on the API's POST routes (IETF httpapi draft "The Idempotency-Key HTTP Header
// Field"; Stripe's documented behaviour). define-route.ts calls it for every `auth: true` POST
// sent with the header, so no route does anything of its own:
//
//   begin()   before the route runs: claims (user, key) with one INSERT … ON CONFLICT DO NOTHING.
//             Claimed: the route runs. Otherwise the stored row decides: another request (route +
//             body) → 422; the first one still running → 409 (Retry-After: 1); its answer kept →
//             replayed as it was, with `Idempotent-Replayed: true`.
//   finish()  once the answer is known (onSend, before a byte goes out): a 2xx or a 4xx answer is
//             kept; a 5xx or a "come back later" answer (401, 408, 423, 429, 440) releases the
//             key, so a retry after a fault or a new sign-in runs the route again.
//
// Keys are per signed-in user: two users' equal keys never meet. Public routes (sign-in) ignore
// the header: there is no user to scope by and their answers carry session secrets.
import { createHash } from 'node:crypto';
import type { Db } from '../db/db';
import { HttpError } from './errors';

/** How long a key's answer is kept and replayed; then the key may be used afresh. */
export const DEFAULT_IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** A claim whose request never finished (the server stopped mid-way) is taken over after this. */
export const IN_PROGRESS_TIMEOUT_MS = 5 * 60_000;
export const MAX_KEY_LENGTH = 255;
/** Answers that mean "not now" rather than an outcome: a retry must run the route again. */
const TRANSIENT_STATUSES = new Set([401, 408, 423, 429, 440]);

export function isKeptStatus(status: number): boolean {
  return status >= 200 && status < 500 && !(status >= 300 && status < 400) && !TRANSIENT_STATUSES.has(status);
}

/**
 * The key of a header value: the draft's structured-field string ("…", with \" and \\ escapes)
 * or a bare token as Stripe takes it. 1–255 printable ASCII characters, else a 400.
 */
export function parseIdempotencyKey(raw: string): string {
  let key = raw.trim();
  if (key.startsWith('"')) key = unquote(key);
  if (key.length < 1 || key.length > MAX_KEY_LENGTH || !/^[\x20-\x7e]+$/.test(key)) throw badKey();
  return key;
}

/** The text of a structured-field string ("…" with \" and \\ escapes, RFC 8941 §3.3.3). */
function unquote(quoted: string): string {
  let text = '';
  for (let i = 1; i < quoted.length; i++) {
    const c = quoted[i]!;
    if (c === '"') {
      if (i !== quoted.length - 1) throw badKey();
      return text;
    }
    if (c === '\\') {
      const next = quoted[++i];
      if (next !== '"' && next !== '\\') throw badKey();
      text += next;
    } else text += c;
  }
  throw badKey(); // no closing quote
}

const badKey = () =>
  new HttpError(400, `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters (a UUID is a good key)`);

/** JSON with every object's keys sorted: equal requests give equal text whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The fingerprint of a request: method, contract path and canonical body. */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${canonicalJson(body)}`).digest('hex');
}

export interface Claim {
  userUuid: string;
  key: string;
  createdAt: number;
}

export type BeginOutcome = { kind: 'run'; claim: Claim } | { kind: 'replay'; status: number; body: string };

interface Row {
  request_hash: string;
  created_at: number;
  status: number | null;
  body: string | null;
}

export interface IdempotencyStore {
  readonly ttlMs: number;
  /** Claims the key or says what to answer instead; throws 409 / 422 HttpErrors. */
  begin(userUuid: string, key: string, hash: string): Promise<BeginOutcome>;
  /** Keeps the answer of a claimed request, or releases the key when the answer must not be kept. */
  finish(claim: Claim, status: number, body: string | null): Promise<void>;
  /** Deletes keys older than their lifetime (the hourly sweep). */
  sweep(): Promise<void>;
}

export function createIdempotencyStore(db: Db, now: () => number, ttlMs = DEFAULT_IDEMPOTENCY_TTL_MS): IdempotencyStore {
  if (!(ttlMs > 0)) throw new Error(`the idempotency key lifetime must be positive, got ${ttlMs}`);

  async function claim(userUuid: string, key: string, hash: string): Promise<Claim | null> {
    const createdAt = now();
    const rows = await db.query(
      `INSERT INTO idempotency_keys (user_uuid, idem_key, request_hash, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING 1 AS claimed`,
      [userUuid, key, hash, createdAt],
    );
    return rows.length > 0 ? { userUuid, key, createdAt } : null;
  }

  return {
    ttlMs,
    async begin(userUuid, key, hash) {
      // Twice at most: a row found expired (or abandoned) is removed and the claim tried again.
      for (let attempt = 0; attempt < 2; attempt++) {
        const claimed = await claim(userUuid, key, hash);
        if (claimed) return { kind: 'run', claim: claimed };
        const [row] = await db.query<Row>(
          'SELECT request_hash, created_at, status, body FROM idempotency_keys WHERE user_uuid = $1 AND idem_key = $2',
          [userUuid, key],
        );
        if (!row) continue; // released or swept meanwhile
        const age = now() - row.created_at;
        const abandoned = row.status === null && age >= IN_PROGRESS_TIMEOUT_MS;
        if (age >= ttlMs || abandoned) {
          await db.query('DELETE FROM idempotency_keys WHERE user_uuid = $1 AND idem_key = $2 AND created_at = $3', [userUuid, key, row.created_at]);
          continue;
        }
        if (row.request_hash !== hash) {
          throw new HttpError(422, 'This Idempotency-Key was already used for another request (another route or body): send a new key for a new request');
        }
        if (row.status === null || row.body === null) {
          throw new HttpError(409, 'A request with this Idempotency-Key is still being processed: retry shortly for its answer', { 'retry-after': '1' });
        }
        return { kind: 'replay', status: row.status, body: row.body };
      }
      throw new HttpError(409, 'A request with this Idempotency-Key is still being processed: retry shortly for its answer', { 'retry-after': '1' });
    },
    async finish(c, status, body) {
      if (body !== null && isKeptStatus(status)) {
        await db.query(
          'UPDATE idempotency_keys SET status = $4, body = $5 WHERE user_uuid = $1 AND idem_key = $2 AND created_at = $3',
          [c.userUuid, c.key, c.createdAt, status, body],
        );
      } else {
        await db.query('DELETE FROM idempotency_keys WHERE user_uuid = $1 AND idem_key = $2 AND created_at = $3', [c.userUuid, c.key, c.createdAt]);
      }
    },
    async sweep() {
      await db.query('DELETE FROM idempotency_keys WHERE created_at <= $1', [now() - ttlMs]);
    },
  };
}
