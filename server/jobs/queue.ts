// Timed work (issue 19): bots' delayed replies, Web Push sends and the hourly housekeeping run as
// jobs of one JobQueue. Two implementations behind it, chosen here and nowhere else:
// - with a PostgreSQL URL (DATABASE_URL), pg-boss in its own schema of that database: any number
//   of processes share it, a job taken by a process that dies is taken again by another once its
//   lease expires, so nothing is lost (boss-queue.ts);
// - otherwise (PGlite, one process), an in-process queue whose jobs are rows of timed_jobs until
//   they have run, so a restart runs what the previous run left (local-queue.ts).
// Either may run a job more than once (a process that dies after the effect and before the job is
// marked done): every handler's effect is claimed or idempotent (the bot reply's claim is the
// delete of its bot_jobs row).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';
import { BossQueue } from './boss-queue';
import { LocalQueue } from './local-queue';
import type { JobQueue } from './job-types';

export type { JobData, JobHandler, JobQueue } from './job-types';

export interface JobQueueOptions {
  db: Db;
  log: FastifyBaseLogger;
  now: () => number;
  /** A PostgreSQL URL: pg-boss on it. Unset: the in-process queue in `db`. */
  databaseUrl?: string | undefined;
  /** pg-boss's schema; default `pgboss`. */
  bossSchema?: string | undefined;
}

/** The one place the queue is chosen. */
export function openJobQueue(opts: JobQueueOptions): JobQueue {
  if (opts.databaseUrl) return new BossQueue({ url: opts.databaseUrl, schema: opts.bossSchema ?? 'pgboss', log: opts.log });
  return new LocalQueue(opts.db, opts.now, opts.log);
}
