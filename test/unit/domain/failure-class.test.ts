// The one failure classifier (src/domain/failure-class.ts), table-driven.
import { describe, expect, it } from 'vitest';
import { BadStatusError, CancelError, NoResponseError } from '../../../src/domain/errors';
import { backoffMs, classifyFailure, retryDelayMs } from '../../../src/domain/failure-class';

describe('classifyFailure', () => {
  const cases: [string, unknown, string][] = [
    ['no answer', new NoResponseError(), 'retry'],
    ['timeout', new CancelError('timeout'), 'retry'],
    ['cancelled', new CancelError('cancelled'), 'retry'],
    ['408', new BadStatusError(408), 'retry'],
    ['409 with Retry-After (first copy still running)', new BadStatusError(409, null, { retryAfterSeconds: 1 }), 'retry'],
    ['409 without Retry-After (an id reused elsewhere)', new BadStatusError(409), 'refused'],
    ['429', new BadStatusError(429), 'retry'],
    ['500', new BadStatusError(500), 'retry'],
    ['502', new BadStatusError(502), 'retry'],
    ['503', new BadStatusError(503), 'retry'],
    ['401', new BadStatusError(401), 'session'],
    ['440', new BadStatusError(440), 'session'],
    ['400', new BadStatusError(400, 'bad'), 'refused'],
    ['403', new BadStatusError(403), 'refused'],
    ['404', new BadStatusError(404), 'refused'],
    ['412', new BadStatusError(412), 'refused'],
    ['422 (key reused with another body)', new BadStatusError(422), 'refused'],
    ['a malformed 200', new BadStatusError(200, 'Malformed response'), 'retry'],
    ['a bug', new TypeError('x is undefined'), 'retry'],
  ];
  it.each(cases)('%s → %s', (_name, err, kind) => {
    expect(classifyFailure(err).kind).toBe(kind);
  });

  it('keeps the server message of a refusal', () => {
    expect(classifyFailure(new BadStatusError(400, 'Pin limit reached'))).toMatchObject({ kind: 'refused', status: 400, serverMessage: 'Pin limit reached' });
  });

  it('reads Retry-After into the wait', () => {
    const f = classifyFailure(new BadStatusError(429, null, { retryAfterSeconds: 7 }));
    expect(f).toMatchObject({ kind: 'retry', retryAfterMs: 7000 });
    expect(retryDelayMs(f, 1)).toBe(7000);
    expect(retryDelayMs(classifyFailure(new BadStatusError(503)), 3)).toBe(4000);
  });
});

describe('backoffMs', () => {
  it.each([[0, 1000], [1, 1000], [2, 2000], [3, 4000], [6, 32000], [7, 60000], [30, 60000]])('after %i tries waits %i ms', (attempts, ms) => {
    expect(backoffMs(attempts)).toBe(ms);
  });
});
