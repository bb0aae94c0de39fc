// The JobQueue on PostgreSQL: pg-boss 10 in its own schema of the server's database (it creates
// and migrates that schema itself at start). Every process polls the same queues; pg-boss hands a
// job to one of them (SELECT … FOR UPDATE SKIP LOCKED) and, should that process die while the job
// is active, makes it available again once its lease (EXPIRE_S) has run out. A job not yet
// started when its process dies simply waits for another process: nothing is lost.
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { JobData, JobHandler, JobQueue } from './job-types';

/** How often an idle worker looks for due jobs (pg-boss's minimum is 0.5 s): a delay's granularity. */
const POLL_S = 0.5;
/** An active job not finished within this is another process's again (its own died). */
const EXPIRE_S = 60;
const RETRY_LIMIT = 3;
const RETRY_DELAY_S = 5;

export class BossQueue implements JobQueue {
  readonly kind = 'pg-boss' as const;
  private readonly boss: PgBoss;
  private readonly handlers = new Map<string, JobHandler>();
  private started = false;

  constructor(private readonly opts: { url: string; schema: string; log: FastifyBaseLogger }) {
    this.boss = new PgBoss({ connectionString: opts.url, schema: opts.schema, max: 4, application_name: 'chatbot-jobs' });
    // a lost connection is reported here and retried by pg-boss; unheard it would end the process
    this.boss.on('error', (err) => opts.log.error({ err }, 'job queue (pg-boss) error'));
  }

  work(name: string, handler: JobHandler): void {
    if (this.started) throw new Error(`job ${name} registered after start`);
    this.handlers.set(name, handler);
  }

  async send(name: string, data: JobData, opts: { delayMs?: number } = {}): Promise<void> {
    const delayS = Math.max(0, opts.delayMs ?? 0) / 1000;
    // startAfter as seconds is counted from the database's clock: the processes' clocks may differ
    await this.boss.send(name, data, delayS > 0 ? { startAfter: delayS } : {});
  }

  async start(): Promise<void> {
    this.started = true;
    await this.boss.start();
    for (const [name, handler] of this.handlers) {
      // createQueue is idempotent (a queue made by another process is kept as it is)
      await this.boss.createQueue(name, { name, retryLimit: RETRY_LIMIT, retryDelay: RETRY_DELAY_S, expireInSeconds: EXPIRE_S });
      await this.boss.work<JobData>(name, { pollingIntervalSeconds: POLL_S, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    }
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    // graceful: the running handlers finish (their jobs are then marked done); `close` ends its pool
    await this.boss.stop({ graceful: true, wait: true, close: true, timeout: 10_000 });
  }
}
