// The error of an answer that breaks the contract (issue 12), apart from errors.ts: only the sync
// worker throws and reads it, so the page's bundles (which read errors.ts) do not carry it.
import { BadStatusError, INTERNAL_ERROR_TEXT } from './errors';

/** One problem of a bad answer: where in the answer (a path of keys and indexes) and what. */
export interface AnswerIssue {
  path: readonly (string | number)[];
  message: string;
}

/**
 * Thrown for a 200 answer that is not JSON or does not match its route's response schema
 * (src/api/contract.ts). It is a BadStatusError of status 200 ('200:-Malformed response'), so
 * every caller already treats it as a failed call and stores nothing; it carries the route and
 * the schema's issues for the report.
 */
export class BadAnswerError extends BadStatusError {
  override readonly name: string = 'BadAnswerError';
  readonly kind = 'bad-answer' as const;
  constructor(
    readonly route: string,
    readonly issues: readonly AnswerIssue[],
  ) {
    super(200, INTERNAL_ERROR_TEXT.malformedResponse);
  }

  /** One line for logs: the route and its first few issues. */
  describe(): string {
    const issues = this.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`).join('; ');
    return `${this.route}: bad answer: ${issues}`;
  }
}

export function isBadAnswerError(e: unknown): e is BadAnswerError {
  return e instanceof BadAnswerError || (e instanceof Error && e.name === 'BadAnswerError');
}
