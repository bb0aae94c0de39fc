// The JobQueue's types (queue.ts says what it is for), apart from the queue's choice so that the
// two implementations can name them without importing the module that imports them.
/** A job's data: plain JSON (it is stored). */
export type JobData = Record<string, unknown>;
export type JobHandler = (data: JobData) => Promise<void>;

export interface JobQueue {
  readonly kind: 'local' | 'pg-boss';
  /** The handler of jobs called `name`; every name is registered before start(). */
  work(name: string, handler: JobHandler): void;
  /** Stores a job, due after `delayMs` (default now). Resolves once it is stored. */
  send(name: string, data: JobData, opts?: { delayMs?: number }): Promise<void>;
  /** Starts running due jobs (those left by an earlier run included). */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones; jobs not run stay stored for the next start. */
  stop(): Promise<void>;
}
