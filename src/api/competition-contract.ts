// Bodies and answers of the competition zone's routes (spec part 2 §3 Competition, §7; issue 16),
// as zod schemas with the answer types inferred. Merged into `routes` (contract.ts).
import { z } from 'zod';
import { route } from './route-def';
import { COMPETITION_ROUTE_TABLE as T } from './competition-routes';
import {
  COMPETITION_PHASES, LEADERBOARD_PAGE_SIZE, MAX_SUBMISSION_MEDIA, SUBMISSION_GRADE_MAX_CHARS,
  SUBMISSION_MEDIA_KINDS, SUBMISSION_NAME_MAX_CHARS, SUBMISSIONS_PAGE_SIZE,
} from '../domain/competition-rules';

const uuid = (field: string) => z.string().uuid(`${field} must be a UUID`);
const empty = z.object({}).strict();
const offset = z.number().int('offset must be a whole number').min(0, 'offset must be 0 or more').max(1_000_000).default(0);
const limit = (max: number) => z.number().int('limit must be a whole number').min(1, `limit must be 1 to ${max}`).max(max, `limit must be 1 to ${max}`).default(max);

export const competitionPhaseSchema = z.enum(COMPETITION_PHASES);

/** A competition as lists show it, in the caller's language. */
export const competitionSummarySchema = z.object({
  competition_uuid: z.string(),
  category: z.string(),
  title: z.string(),
  description: z.string(),
  phase: competitionPhaseSchema,
  media_kind: z.enum(SUBMISSION_MEDIA_KINDS),
  opens_at: z.number(),
  closes_at: z.number(),
  results_at: z.number(),
  /** How many submissions the caller made to it. */
  user_submission_count: z.number().int(),
});
export type CompetitionSummary = z.output<typeof competitionSummarySchema>;

export const competitionDetailsSchema = competitionSummarySchema.extend({
  rules: z.array(z.string()),
  prizes: z.array(z.string()),
  max_media: z.number().int(),
  max_submissions: z.number().int(),
  /** The caller may submit now (open, and under max_submissions). */
  can_submit: z.boolean(),
});
export type CompetitionDetails = z.output<typeof competitionDetailsSchema>;

export const submissionMediaSchema = z.object({ media_uuid: z.string(), kind: z.enum(SUBMISSION_MEDIA_KINDS), content_type: z.string() });

/** An entry: the caller's own (any status) or another user's approved one. */
export const submissionSchema = z.object({
  submission_uuid: z.string(),
  competition_uuid: z.string(),
  user_name: z.string(),
  user_grade: z.string(),
  media_kind: z.enum(SUBMISSION_MEDIA_KINDS),
  status: z.enum(['pending', 'approved', 'rejected']),
  /** Shown once the competition has results. */
  score: z.number().nullable(),
  mine: z.boolean(),
  created_at: z.number(),
  media: z.array(submissionMediaSchema),
});
export type Submission = z.output<typeof submissionSchema>;

export const certificateSchema = z.object({
  certificate_uuid: z.string(),
  competition_uuid: z.string(),
  competition_title: z.string(),
  /** The PDF: GET /api/media/{media_uuid} with the media token. */
  media_uuid: z.string(),
  rank: z.number().int().nullable(),
  issued_at: z.number(),
});
export type Certificate = z.output<typeof certificateSchema>;

export const leaderboardEntrySchema = z.object({
  /** Ties share a rank (1, 2, 2, 4). */
  rank: z.number().int(),
  user_name: z.string(),
  score: z.number(),
  mine: z.boolean(),
});
export type LeaderboardEntry = z.output<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.object({
  /** null: the overall leaderboard (all competitions with results). */
  competition_uuid: z.string().nullable(),
  entries: z.array(leaderboardEntrySchema),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  /** The caller's own row, also when outside this page; null when not ranked. */
  my_entry: leaderboardEntrySchema.nullable(),
});
export type Leaderboard = z.output<typeof leaderboardSchema>;

const competitionBody = z.object({ competition_uuid: uuid('competition_uuid') }).strict();

export const addSubmissionBody = z.object({
  /** The files' kind: image or video (the competition's media_kind). */
  type: z.enum(SUBMISSION_MEDIA_KINDS, { error: 'type must be image or video' }),
  competition_uuid: uuid('competition_uuid'),
  media_uuid_list: z.array(uuid('media_uuid_list entry'))
    .min(1, `media_uuid_list must hold 1 to ${MAX_SUBMISSION_MEDIA} files`)
    .max(MAX_SUBMISSION_MEDIA, `media_uuid_list must hold 1 to ${MAX_SUBMISSION_MEDIA} files`)
    .refine((list) => new Set(list).size === list.length, 'media_uuid_list must not repeat a file'),
  user_name: z.string().trim().min(1, 'user_name must not be empty').max(SUBMISSION_NAME_MAX_CHARS, `user_name must be at most ${SUBMISSION_NAME_MAX_CHARS} characters`),
  user_grade: z.string().trim().min(1, 'user_grade must not be empty').max(SUBMISSION_GRADE_MAX_CHARS, `user_grade must be at most ${SUBMISSION_GRADE_MAX_CHARS} characters`),
}).strict();

export const competitionRoutes = {
  /** Active competitions (upcoming and open) and results (judging and results), newest first. */
  getCompetitionHomePage: route({ ...T.getCompetitionHomePage, body: empty,
    response: z.object({ active_competitions: z.array(competitionSummarySchema), competition_results: z.array(competitionSummarySchema) }) }),
  getCompetitionDetails: route({ ...T.getCompetitionDetails, body: competitionBody, response: z.object({ competition: competitionDetailsSchema }) }),
  /** Entries, pages of 20: offset is the count already loaded when scrolling, else 0. */
  getCompetitionSubmissions: route({ ...T.getCompetitionSubmissions,
    body: z.object({ competition_uuid: uuid('competition_uuid'), offset, limit: limit(SUBMISSIONS_PAGE_SIZE) }).strict(),
    response: z.object({ submissions: z.array(submissionSchema), total: z.number().int(), offset: z.number().int(), limit: z.number().int(), onScroll: z.boolean() }) }),
  getSubmissionDetails: route({ ...T.getSubmissionDetails, body: z.object({ submission_uuid: uuid('submission_uuid') }).strict(),
    response: z.object({ submission: submissionSchema, competition: competitionSummarySchema }) }),
  /** Competitions that closed (judging or results); only_user_submissions: those the caller entered. */
  getPastCompetitions: route({ ...T.getPastCompetitions,
    body: z.object({ filters: z.object({ only_user_submissions: z.boolean().default(false) }).strict().default({ only_user_submissions: false }) }).strict(),
    response: z.object({ past_competitions: z.array(competitionSummarySchema) }) }),
  getCertificates: route({ ...T.getCertificates, body: empty, response: z.object({ certificates: z.array(certificateSchema) }) }),
  addSubmission: route({ ...T.addSubmission, body: addSubmissionBody, response: z.object({ submission: submissionSchema }) }),
  getLeaderboard: route({ ...T.getLeaderboard,
    body: z.object({ competition_uuid: uuid('competition_uuid').optional(), offset, limit: limit(LEADERBOARD_PAGE_SIZE) }).strict(),
    response: leaderboardSchema }),
};
