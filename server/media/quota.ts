// A user's share of the media disk (issue 21 item 2): at most `quotaBytes` of finished uploads,
// at most `maxPendingUploads` slots issued and not yet finished, and no upload at all while the
// disk has less than `minFreeDiskBytes` free (media share the disk with the database, which must
// keep working). The refusals are ones the app retries later without losing the message
// (src/domain/failure-class.ts: 429 and 5xx are "retry"): 429 for too many slots, 507 for a full
// quota or a full disk, each with a Retry-After.
import { statfs } from 'node:fs/promises';
import type { UploadLimits } from '../config/upload-limits';
import type { Db, Queryable } from '../db/db';
import { HttpError, inHowLong } from '../http/errors';

export type QuotaLimits = Pick<UploadLimits, 'quotaBytes' | 'maxPendingUploads' | 'minFreeDiskBytes'>;

/** How long the app waits before trying again after a full quota (the hourly sweep may free room). */
const QUOTA_RETRY_SECONDS = 3600;
/** ... and after a full disk. */
const DISK_RETRY_SECONDS = 300;

const insufficientStorage = (message: string, retryAfterSeconds: number) =>
  new HttpError(507, message, { 'retry-after': String(retryAfterSeconds) });

export const quotaFull = (quotaBytes: number) =>
  insufficientStorage(`Your storage on this server is full (${Math.floor(quotaBytes / 1024 / 1024)} MB): files no message uses are removed after a day; try again later`, QUOTA_RETRY_SECONDS);

/** Free bytes for an unprivileged writer on the disk that holds `dir`. */
export async function freeDiskBytes(dir: string): Promise<number> {
  const info = await statfs(dir);
  return info.bavail * info.bsize;
}

/** Throws 507 when the media disk is below its free-space threshold. */
export async function checkFreeDisk(dir: string, minFreeDiskBytes: number): Promise<void> {
  if (minFreeDiskBytes <= 0) return;
  if (await freeDiskBytes(dir) < minFreeDiskBytes) {
    throw insufficientStorage('The server is short of disk space and takes no uploads for now: try again later', DISK_RETRY_SECONDS);
  }
}

/** Bytes of the user's finished uploads. */
export async function storedBytes(q: Queryable, userUuid: string): Promise<number> {
  const rows = await q.query<{ total: number | string | null }>('SELECT COALESCE(SUM(size), 0)::bigint AS total FROM media WHERE user_uuid = $1 AND uploaded_at IS NOT NULL', [userUuid]);
  return Number(rows[0]?.total ?? 0);
}

/** Takes the user's row lock, so two requests of one user check and change the quota in turn. */
export async function lockUser(q: Queryable, userUuid: string): Promise<void> {
  await q.query('SELECT 1 FROM users WHERE user_uuid = $1 FOR UPDATE', [userUuid]);
}

/**
 * Checks that the user may take one more upload slot (throws 429 or 507 otherwise), then runs
 * `create` in the same transaction, under the user's row lock: simultaneous requests cannot
 * all slip under the cap.
 */
export async function withUploadSlot<T>(db: Db, userUuid: string, limits: QuotaLimits, now: number, create: (q: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userUuid);
    const pending = await tx.query<{ count: number | string; soonest: number | string | null }>(
      'SELECT COUNT(*)::int AS count, MIN(expires_at) AS soonest FROM media WHERE user_uuid = $1 AND uploaded_at IS NULL AND expires_at > $2',
      [userUuid, now],
    );
    const count = Number(pending[0]?.count ?? 0);
    if (count >= limits.maxPendingUploads) {
      const wait = Math.max(1, Number(pending[0]?.soonest ?? now) - now);
      throw new HttpError(429, `You have ${count} uploads waiting to be sent: finish them or try again ${inHowLong(wait)}`, { 'retry-after': String(Math.ceil(wait / 1000)) });
    }
    if (await storedBytes(tx, userUuid) >= limits.quotaBytes) throw quotaFull(limits.quotaBytes);
    return create(tx);
  });
}
