// Leaderboards in SQL (issue 16): the best approved, scored entry of each participant, ranked with
// RANK() so ties share a rank (1, 2, 2, 4); one competition's or overall (the sum of each
// participant's best scores over every competition whose results are out). A page by offset, and
// the caller's own row in the same query, also when it is far outside the page.
import type { Leaderboard, LeaderboardEntry } from '../../src/api/contract';
import type { Queryable } from '../db/db';

interface RankedRow { user_uuid: string; user_name: string; score: number; rank: number; pos: number; total: number }

// $1 caller, $2 now, $3 offset, $4 limit, $5 competition (per-competition only).
const BEST = `SELECT DISTINCT ON (s.competition_uuid, s.user_uuid) s.competition_uuid, s.user_uuid, s.user_name, s.score, s.created_at
  FROM competition_submissions s JOIN competitions c ON c.competition_uuid = s.competition_uuid
  WHERE s.status = 'approved' AND s.score IS NOT NULL AND c.results_at <= $2`;

const RANKED = (scores: string) => `, scores AS (${scores}),
  ranked AS (
    SELECT user_uuid, user_name, score::float8 AS score,
           RANK() OVER (ORDER BY score DESC)::int AS rank,
           ROW_NUMBER() OVER (ORDER BY score DESC, user_name, user_uuid)::int AS pos,
           count(*) OVER ()::int AS total
    FROM scores)
  SELECT * FROM ranked WHERE (pos > $3 AND pos <= $3 + $4) OR user_uuid = $1 ORDER BY pos`;

const PER_COMPETITION = `WITH best AS (${BEST} AND s.competition_uuid = $5 ORDER BY s.competition_uuid, s.user_uuid, s.score DESC, s.created_at)
  ${RANKED('SELECT user_uuid, user_name, score FROM best')}`;

const OVERALL = `WITH best AS (${BEST} ORDER BY s.competition_uuid, s.user_uuid, s.score DESC, s.created_at)
  ${RANKED(`SELECT user_uuid, (array_agg(user_name ORDER BY created_at DESC))[1] AS user_name, sum(score) AS score FROM best GROUP BY user_uuid`)}`;

export async function leaderboard(q: Queryable, userUuid: string, now: number, page: { competitionUuid?: string | undefined; offset: number; limit: number }): Promise<Leaderboard> {
  const params: unknown[] = [userUuid, now, page.offset, page.limit];
  const rows = page.competitionUuid === undefined
    ? await q.query<RankedRow>(OVERALL, params)
    : await q.query<RankedRow>(PER_COMPETITION, [...params, page.competitionUuid]);
  const entry = (r: RankedRow): LeaderboardEntry => ({ rank: r.rank, user_name: r.user_name, score: r.score, mine: r.user_uuid === userUuid });
  const mine = rows.find((r) => r.user_uuid === userUuid);
  return {
    competition_uuid: page.competitionUuid ?? null,
    entries: rows.filter((r) => r.pos > page.offset && r.pos <= page.offset + page.limit).map(entry),
    total: rows[0]?.total ?? 0,
    offset: page.offset,
    limit: page.limit,
    my_entry: mine ? entry(mine) : null,
  };
}

/** The caller's rank in one competition, and how many are ranked; undefined when not ranked. */
export async function rankOf(q: Queryable, userUuid: string, competitionUuid: string, now: number): Promise<{ rank: number; total: number } | undefined> {
  const board = await leaderboard(q, userUuid, now, { competitionUuid, offset: 0, limit: 1 });
  return board.my_entry ? { rank: board.my_entry.rank, total: board.total } : undefined;
}
