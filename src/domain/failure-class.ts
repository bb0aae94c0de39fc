// The one failure classifier of every queued call (DESIGN.md §4, issue 12), read by the one
// runner (src/sync/action-runner.ts) for every queue it sends: the action queue and the chat
// outbox (src/sync/outbox.ts, its uploads too); it waits the same way before trying again.
//
//   no answer, timeout, 408, 429, 5xx        retry   (the item stays queued, in its key's order)
//   409 with Retry-After                     retry   (the first copy of an Idempotency-Key still runs)
//   401, 440                                 session (the session rules apply; the item stays)
//   any other 4xx (a bare 409 too)           refused (the area's undo runs; the item leaves)
//   anything else (a bug, a malformed 200)   retry   (kept: losing the user's action is worse)
//
// A wait is the server's Retry-After when it gave one, else a doubling backoff from 1 s to 60 s.
import { QUEUE_BACKOFF_FIRST_MS, QUEUE_BACKOFF_MAX_MS } from './constants';
import { BadStatusError, NoResponseError, isCancelError } from './errors';

export type FailureClass =
  | { kind: 'retry'; cause: 'network' | 'timeout' | 'status' | 'unknown'; status?: number; retryAfterMs?: number }
  | { kind: 'session'; status: number }
  | { kind: 'refused'; status: number; message: string; serverMessage?: string };

/**
 * The statuses a later try may pass (the server was busy, slow or rate-limiting; a 409 only when
 * it says when to come back: the first copy of the same Idempotency-Key is still running).
 */
export function isRetryableStatus(status: number, retryAfterSeconds?: number): boolean {
  return status >= 500 || status === 408 || status === 429 || (status === 409 && retryAfterSeconds !== undefined);
}

export function isSessionStatus(status: number): boolean {
  return status === 401 || status === 440;
}

/** How a failed queued call is handled. */
export function classifyFailure(err: unknown): FailureClass {
  if (err instanceof NoResponseError) return { kind: 'retry', cause: 'network' };
  if (isCancelError(err)) return { kind: 'retry', cause: 'timeout' };
  if (err instanceof BadStatusError) {
    const { status } = err;
    const wait = err.detail.retryAfterSeconds;
    if (isSessionStatus(status)) return { kind: 'session', status };
    if (status >= 400 && status < 500 && !isRetryableStatus(status, wait)) {
      return { kind: 'refused', status, message: err.message, ...(err.serverMessage !== undefined ? { serverMessage: err.serverMessage } : {}) };
    }
    return { kind: 'retry', cause: isRetryableStatus(status, wait) ? 'status' : 'unknown', status, ...(wait !== undefined && wait > 0 ? { retryAfterMs: wait * 1000 } : {}) };
  }
  return { kind: 'retry', cause: 'unknown' };
}

/** The doubling backoff after `attempts` failed tries (1 → 1 s, 2 → 2 s, … capped at 60 s). */
export function backoffMs(attempts: number): number {
  return Math.min(QUEUE_BACKOFF_MAX_MS, QUEUE_BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1));
}

/** How long to wait after a retryable failure: the server's Retry-After, else the backoff. */
export function retryDelayMs(failure: FailureClass, attempts: number): number {
  if (failure.kind === 'retry' && failure.retryAfterMs !== undefined) return failure.retryAfterMs;
  return backoffMs(attempts);
}
