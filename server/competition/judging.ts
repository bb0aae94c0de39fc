// Judging (issue 16): moderators approve or reject entries (others see approved ones only) and,
// once a competition has closed, judges give each entry a score from 0 to 100. Used by the judging
// script (scripts/competition-judge.ts) and by tests; the leaderboards and certificates follow
// from the scores when the results are out.
import { phaseAt } from '../../src/domain/competition-rules';
import type { Queryable } from '../db/db';

export interface Judgement {
  submission_uuid: string;
  status: 'approved' | 'rejected';
  /** 0–100; only after the competition has closed. */
  score?: number | undefined;
}

export async function recordJudgement(q: Queryable, j: Judgement, now: number): Promise<void> {
  const rows = await q.query<{ opens_at: number; closes_at: number; results_at: number }>(
    `SELECT c.opens_at::float8 AS opens_at, c.closes_at::float8 AS closes_at, c.results_at::float8 AS results_at
     FROM competition_submissions s JOIN competitions c ON c.competition_uuid = s.competition_uuid WHERE s.submission_uuid = $1`,
    [j.submission_uuid],
  );
  const c = rows[0];
  if (!c) throw new Error(`no submission ${j.submission_uuid}`);
  if (j.score !== undefined) {
    if (!(j.score >= 0 && j.score <= 100)) throw new Error(`score of ${j.submission_uuid} must be 0 to 100`);
    if (phaseAt(c, now) === 'open' || phaseAt(c, now) === 'upcoming') throw new Error(`${j.submission_uuid}: entries are scored only after the competition closes`);
    if (j.status !== 'approved') throw new Error(`${j.submission_uuid}: only an approved entry gets a score`);
  }
  await q.query('UPDATE competition_submissions SET status = $2, score = $3 WHERE submission_uuid = $1', [j.submission_uuid, j.status, j.score ?? null]);
}
