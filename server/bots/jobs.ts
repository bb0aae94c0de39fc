// Rows of bot_jobs (migration 013): the bot's pending answer to a stored user message, when it is
// not stored with the message (a delayed bot, a failed answer: runtime.ts). Added in the
// transaction that stores the message, deleted in the one that stores the replies: that
// delete is the claim, so when two runs race (a restart's recovery and a client's retry, or two
// servers on one PostgreSQL) only one stores replies.
import type { LanguageCode } from '../../src/domain/language-codes';
import type { Queryable } from '../db/db';

/** A job begun this many times without finishing is given up (a bot that throws on a message). */
export const MAX_JOB_ATTEMPTS = 3;

export interface BotJob {
  message_id: string;
  user_uuid: string;
  bot_uuid: string;
  language: LanguageCode;
  attempts: number;
  /** Set when the replies wait in the job queue (a delayed bot): when they are due. */
  due_at?: number | null;
}
/** A delayed reply still waiting this long past its due time is taken as lost by the queue: answered at the next start. */
const OVERDUE_MS = 10 * 60_000;

/** Adds the job with its first run counted (the caller runs it at once). */
export async function addJob(tx: Queryable, job: { messageId: string; userUuid: string; botUuid: string; language: LanguageCode }, now: number): Promise<void> {
  await tx.query(
    'INSERT INTO bot_jobs (message_id, user_uuid, bot_uuid, language, attempts, created_at) VALUES ($1, $2, $3, $4, 1, $5) ON CONFLICT DO NOTHING',
    [job.messageId, job.userUuid, job.botUuid, job.language, now],
  );
}

export async function findJob(q: Queryable, messageId: string): Promise<BotJob | undefined> {
  return (await q.query<BotJob>('SELECT message_id, user_uuid, bot_uuid, language, attempts, due_at FROM bot_jobs WHERE message_id = $1', [messageId]))[0];
}

/**
 * Every job left, oldest first (at start: those of a server that stopped before answering), but
 * those waiting in the job queue (due_at set), unless long overdue.
 */
export async function pendingJobs(q: Queryable, now: number): Promise<BotJob[]> {
  return q.query<BotJob>(
    'SELECT message_id, user_uuid, bot_uuid, language, attempts, due_at FROM bot_jobs WHERE due_at IS NULL OR due_at < $1 ORDER BY created_at, message_id',
    [now - OVERDUE_MS],
  );
}

/** The job's replies wait in the job queue until `dueAt`. */
export async function markDue(q: Queryable, messageId: string, dueAt: number): Promise<void> {
  await q.query('UPDATE bot_jobs SET due_at = $2 WHERE message_id = $1', [messageId, dueAt]);
}

/** Counts a run begun; answers false when the job is gone or has used up its attempts. */
export async function beginJob(q: Queryable, messageId: string): Promise<boolean> {
  const rows = await q.query('UPDATE bot_jobs SET attempts = attempts + 1 WHERE message_id = $1 AND attempts < $2 RETURNING message_id', [messageId, MAX_JOB_ATTEMPTS]);
  return rows.length > 0;
}

/** The claim: deletes the job and answers whether this caller was the one to do it. */
export async function claimJob(tx: Queryable, messageId: string): Promise<boolean> {
  return (await tx.query('DELETE FROM bot_jobs WHERE message_id = $1 RETURNING message_id', [messageId])).length > 0;
}

export async function dropJob(q: Queryable, messageId: string): Promise<void> {
  await q.query('DELETE FROM bot_jobs WHERE message_id = $1', [messageId]);
}
