// The competition zone's rules and limits (spec part 2 §3 Competition, §7, §9; issue 16), in one
// place for the contract, the server and the screens.

/** A competition's phase follows from its dates: opens_at ≤ now < closes_at is open, and so on. */
export const COMPETITION_PHASES = ['upcoming', 'open', 'judging', 'results'] as const;
export type CompetitionPhase = (typeof COMPETITION_PHASES)[number];

export function phaseAt(c: { opens_at: number; closes_at: number; results_at: number }, now: number): CompetitionPhase {
  if (now < c.opens_at) return 'upcoming';
  if (now < c.closes_at) return 'open';
  if (now < c.results_at) return 'judging';
  return 'results';
}

/** What a submission's files may be (a competition takes one kind). */
export const SUBMISSION_MEDIA_KINDS = ['image', 'video'] as const;
export type SubmissionMediaKind = (typeof SUBMISSION_MEDIA_KINDS)[number];

/** Spec §9: competition submissions page 20 (get-submissions limit 20). */
export const SUBMISSIONS_PAGE_SIZE = 20;
/** Leaderboard rows per page. */
export const LEADERBOARD_PAGE_SIZE = 20;
/** The most files one submission may hold (a competition may allow fewer). */
export const MAX_SUBMISSION_MEDIA = 10;
/** The participant's name and grade as entered on the upload screen. */
export const SUBMISSION_NAME_MAX_CHARS = 80;
export const SUBMISSION_GRADE_MAX_CHARS = 20;

/** Error texts of the competition routes. */
export const COMPETITION_ERRORS = {
  notFound: 'No such competition',
  notOpen: 'This competition is not open for submissions',
  tooMany: 'You have already submitted to this competition',
  submissionNotFound: 'No such submission',
} as const;
