-- Timed work of the in-process job queue (issue 19, server/jobs/local-queue.ts): the queue used
-- on PGlite (one process). A job is a row until its handler has run, so a restart runs what the
-- previous run left, at its due time. (With DATABASE_URL the queue is pg-boss, in its own
-- schema: this table stays empty.)
CREATE TABLE timed_jobs (
  job_id      text PRIMARY KEY,
  name        text NOT NULL,
  data        jsonb NOT NULL,
  run_at      bigint NOT NULL,
  attempts    integer NOT NULL DEFAULT 0
);
CREATE INDEX timed_jobs_run_at ON timed_jobs (run_at);
-- A bot job whose replies wait in the job queue (the slow bot): when they are due. The next start
-- leaves such a job to the queue instead of answering it at once (runtime.ts resumePending).
ALTER TABLE bot_jobs ADD COLUMN due_at bigint;
