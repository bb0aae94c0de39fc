// The in-process JobQueue (PGlite, one process): each job is a row of timed_jobs (migration 027)
// and a timer; the row is deleted once its handler has run. At start every row left is timed
// again from its run_at, so a crash or a stop loses no job. A handler that throws is tried again
// after RETRY_AFTER_MS, at most MAX_ATTEMPTS times (then the row is dropped and logged).
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';
import type { JobData, JobHandler, JobQueue } from './job-types';

const MAX_ATTEMPTS = 3;
const RETRY_AFTER_MS = 5_000;

interface Row { job_id: string; name: string; data: JobData; run_at: number; attempts: number }

export class LocalQueue implements JobQueue {
  readonly kind = 'local' as const;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private started = false;
  private stopped = false;

  constructor(private readonly db: Db, private readonly now: () => number, private readonly log: FastifyBaseLogger) {}

  work(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  async send(name: string, data: JobData, opts: { delayMs?: number } = {}): Promise<void> {
    if (!this.handlers.has(name)) throw new Error(`no handler for job ${name}`);
    const row: Row = { job_id: randomUUID(), name, data, run_at: this.now() + Math.max(0, opts.delayMs ?? 0), attempts: 0 };
    await this.db.query('INSERT INTO timed_jobs (job_id, name, data, run_at) VALUES ($1, $2, $3, $4)', [row.job_id, name, JSON.stringify(data), row.run_at]);
    // before start() a job waits in its row: start() times it with the others
    if (this.started && !this.stopped) this.schedule(row);
  }

  async start(): Promise<void> {
    this.started = true;
    const rows = await this.db.query<Row>('SELECT job_id, name, data, run_at, attempts FROM timed_jobs ORDER BY run_at, job_id');
    for (const row of rows) if (!this.timers.has(row.job_id)) this.schedule(row);
    if (rows.length > 0) this.log.info({ jobs: rows.length }, 'timed jobs left by the previous run are scheduled again');
  }

  private schedule(row: Row): void {
    const timer = setTimeout(() => {
      this.timers.delete(row.job_id);
      const run = this.run(row);
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }, Math.max(0, Number(row.run_at) - this.now()));
    this.timers.set(row.job_id, timer);
  }

  private async run(row: Row): Promise<void> {
    const handler = this.handlers.get(row.name);
    if (!handler) {
      this.log.error({ name: row.name, jobId: row.job_id }, 'timed job with no handler dropped');
      await this.db.query('DELETE FROM timed_jobs WHERE job_id = $1', [row.job_id]);
      return;
    }
    try {
      await this.db.query('UPDATE timed_jobs SET attempts = attempts + 1 WHERE job_id = $1', [row.job_id]);
      await handler(row.data);
      await this.db.query('DELETE FROM timed_jobs WHERE job_id = $1', [row.job_id]);
    } catch (err) {
      const attempts = row.attempts + 1;
      if (attempts >= MAX_ATTEMPTS) {
        this.log.error({ err, name: row.name, jobId: row.job_id }, 'timed job given up after repeated failures');
        await this.db.query('DELETE FROM timed_jobs WHERE job_id = $1', [row.job_id]).catch(() => undefined);
        return;
      }
      this.log.warn({ err, name: row.name, jobId: row.job_id }, 'timed job failed: tried again later');
      if (this.stopped) return;
      const runAt = this.now() + RETRY_AFTER_MS;
      await this.db.query('UPDATE timed_jobs SET run_at = $2 WHERE job_id = $1', [row.job_id, runAt]).catch(() => undefined);
      this.schedule({ ...row, attempts, run_at: runAt });
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.running]);
  }
}
