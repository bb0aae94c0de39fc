// Rows of the competition tables (migration 018) and their shapes on the wire: a competition in
// the caller's language with its phase at `now`, a submission with its files.
import { randomUUID } from 'node:crypto';
import type { CompetitionDetails, CompetitionSummary, Submission } from '../../src/api/contract';
import { phaseAt, type SubmissionMediaKind } from '../../src/domain/competition-rules';
import type { LanguageCode } from '../../src/domain/language-codes';
import type { Queryable } from '../db/db';

/** What a competition says, in one language. */
export interface CompetitionText { title: string; description: string; rules: string[]; prizes: string[] }
/** English is required; a missing language falls back to English. */
export type CompetitionTexts = { en: CompetitionText } & Partial<Record<LanguageCode, CompetitionText>>;

export interface NewCompetition {
  competition_uuid?: string;
  category: string;
  media_kind: SubmissionMediaKind;
  max_media: number;
  max_submissions?: number;
  opens_at: number;
  closes_at: number;
  results_at: number;
  texts: CompetitionTexts;
}

export interface CompetitionRow {
  competition_uuid: string;
  category: string;
  media_kind: SubmissionMediaKind;
  max_media: number;
  max_submissions: number;
  opens_at: number;
  closes_at: number;
  results_at: number;
  texts: CompetitionTexts;
  user_submission_count: number;
}

/** Creates a competition (or leaves one with the same id as it is); answers its id. */
export async function createCompetition(q: Queryable, c: NewCompetition, now: number): Promise<string> {
  const id = c.competition_uuid ?? randomUUID();
  if (!(c.opens_at < c.closes_at && c.closes_at <= c.results_at)) throw new Error('a competition opens before it closes, and closes no later than its results');
  await q.query(
    `INSERT INTO competitions (competition_uuid, category, media_kind, max_media, max_submissions, opens_at, closes_at, results_at, texts, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (competition_uuid) DO NOTHING`,
    [id, c.category, c.media_kind, c.max_media, c.max_submissions ?? 1, c.opens_at, c.closes_at, c.results_at, JSON.stringify(c.texts), now],
  );
  return id;
}

const SELECT = `SELECT c.competition_uuid, c.category, c.media_kind, c.max_media, c.max_submissions,
    c.opens_at::float8 AS opens_at, c.closes_at::float8 AS closes_at, c.results_at::float8 AS results_at, c.texts,
    (SELECT count(*)::int FROM competition_submissions s WHERE s.competition_uuid = c.competition_uuid AND s.user_uuid = $1) AS user_submission_count
  FROM competitions c`;

export async function listCompetitions(q: Queryable, userUuid: string, where: string, params: unknown[], order: string): Promise<CompetitionRow[]> {
  return q.query<CompetitionRow>(`${SELECT} WHERE ${where} ORDER BY ${order}`, [userUuid, ...params]);
}

export async function getCompetition(q: Queryable, userUuid: string, competitionUuid: string): Promise<CompetitionRow | undefined> {
  return (await q.query<CompetitionRow>(`${SELECT} WHERE c.competition_uuid = $2`, [userUuid, competitionUuid]))[0];
}

const textIn = (texts: CompetitionTexts, language: LanguageCode): CompetitionText => texts[language] ?? texts.en;

export function toSummary(row: CompetitionRow, language: LanguageCode, now: number): CompetitionSummary {
  const text = textIn(row.texts, language);
  return {
    competition_uuid: row.competition_uuid, category: row.category, title: text.title, description: text.description,
    phase: phaseAt(row, now), media_kind: row.media_kind, opens_at: row.opens_at, closes_at: row.closes_at, results_at: row.results_at,
    user_submission_count: row.user_submission_count,
  };
}

export function toDetails(row: CompetitionRow, language: LanguageCode, now: number): CompetitionDetails {
  const summary = toSummary(row, language, now);
  const text = textIn(row.texts, language);
  return {
    ...summary, rules: text.rules, prizes: text.prizes, max_media: row.max_media, max_submissions: row.max_submissions,
    can_submit: summary.phase === 'open' && row.user_submission_count < row.max_submissions,
  };
}

export const competitionTitle = (row: { texts: CompetitionTexts }, language: LanguageCode) => textIn(row.texts, language).title;

interface SubmissionRow {
  submission_uuid: string;
  competition_uuid: string;
  user_uuid: string;
  user_name: string;
  user_grade: string;
  media_kind: SubmissionMediaKind;
  status: 'pending' | 'approved' | 'rejected';
  score: string | null;
  created_at: number;
  results_at: number;
  media: { media_uuid: string; kind: SubmissionMediaKind; content_type: string }[] | null;
}

const SUBMISSION_SELECT = `SELECT s.submission_uuid, s.competition_uuid, s.user_uuid, s.user_name, s.user_grade, s.media_kind, s.status,
    s.score::text AS score, s.created_at::float8 AS created_at, c.results_at::float8 AS results_at,
    (SELECT json_agg(json_build_object('media_uuid', m.media_uuid, 'kind', m.kind, 'content_type', m.content_type) ORDER BY sm.position)
       FROM competition_submission_media sm JOIN media m ON m.media_uuid = sm.media_uuid WHERE sm.submission_uuid = s.submission_uuid) AS media
  FROM competition_submissions s JOIN competitions c ON c.competition_uuid = s.competition_uuid`;

/** Who may see a submission: its author, or anyone once it is approved. ($1 is the caller.) */
export const VISIBLE_SUBMISSION = `(s.user_uuid = $1 OR s.status = 'approved')`;

export async function listSubmissions(q: Queryable, userUuid: string, where: string, params: unknown[], tail = 'ORDER BY s.created_at DESC, s.submission_uuid'): Promise<SubmissionRow[]> {
  return q.query<SubmissionRow>(`${SUBMISSION_SELECT} WHERE ${VISIBLE_SUBMISSION} AND ${where} ${tail}`, [userUuid, ...params]);
}

export function toSubmission(row: SubmissionRow, userUuid: string, now: number): Submission {
  return {
    submission_uuid: row.submission_uuid, competition_uuid: row.competition_uuid, user_name: row.user_name, user_grade: row.user_grade,
    media_kind: row.media_kind, status: row.status,
    // Scores stay hidden until the results are out.
    score: row.score !== null && now >= row.results_at ? Number(row.score) : null,
    mine: row.user_uuid === userUuid, created_at: row.created_at, media: row.media ?? [],
  };
}
