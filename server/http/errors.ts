// Expected failures of the API. A handler throws an HttpError; the global error handler turns
// it into the contract's ErrorBody ({ statusCode, error, message }) with its headers.
import { STATUS_CODES } from 'node:http';
import type { ErrorBody } from '../../src/api/contract';

/** Statuses Node does not name: 440 is the spec's "session expired" (spec part 1 §4). */
const EXTRA_STATUS_TEXT: Record<number, string> = { 440: 'Login Time-out' };

export function statusText(status: number): string {
  return STATUS_CODES[status] ?? EXTRA_STATUS_TEXT[status] ?? 'Error';
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    /** ErrorBody.reason: a machine-readable cause, where one status has several. */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ErrorBody {
    return { statusCode: this.statusCode, error: statusText(this.statusCode), message: this.message, ...(this.reason ? { reason: this.reason } : {}) };
  }
}

export function errorBody(statusCode: number, message: string): ErrorBody {
  return { statusCode, error: statusText(statusCode), message };
}

const retryAfter = (seconds: number) => ({ 'retry-after': String(Math.max(1, Math.ceil(seconds))) });

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorised = (message = 'Unauthorised') => new HttpError(401, message);
export const notFound = (message: string) => new HttpError(404, message);
export const preconditionFailed = (message: string, reason?: string) => new HttpError(412, message, {}, reason);
export const locked = (message: string, retryAfterSeconds?: number) =>
  new HttpError(423, message, retryAfterSeconds === undefined ? {} : retryAfter(retryAfterSeconds));
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, retryAfter(retryAfterSeconds));
export const sessionExpired = () => new HttpError(440, 'Session expired');
/** A standalone web session named a bot other than its own (server/accounts/standalone.ts). */
export const otherBot = () => new HttpError(403, 'This session may use its own bot only', {}, 'standalone_bot');

/** "in 1 minute", "in 42 minutes", "in 2 hours": when a limit lifts, for messages. */
export function inHowLong(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 120) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hours`;
}
