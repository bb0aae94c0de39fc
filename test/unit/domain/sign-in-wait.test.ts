import { describe, expect, it } from 'vitest';
import { endSignInWait, secondsUntil, signInWaitFor, startSignInWait } from '../../../src/domain/sign-in-wait';

const A = '+919876543210';
const B = '+6581234567';

describe('sign-in waits', () => {
  it('starts a wait for a number from Retry-After, and drops the ones already over', () => {
    const waits = startSignInWait({ [B]: { kind: 'request', until: 500 } }, A, 'locked', 3600, 1000);
    expect(waits).toEqual({ [A]: { kind: 'locked', until: 3_601_000 } });
    expect(startSignInWait({}, A, 'locked', 0, 1000)).toEqual({});
  });

  it('reads a running wait for its number only', () => {
    const waits = { [A]: { kind: 'locked' as const, until: 5000 } };
    expect(signInWaitFor(waits, A, 4999)).toEqual({ kind: 'locked', until: 5000 });
    expect(signInWaitFor(waits, A, 5000)).toBeNull();
    expect(signInWaitFor(waits, B, 0)).toBeNull();
    expect(signInWaitFor(waits, null, 0)).toBeNull();
  });

  it('ends a number\'s wait (of a kind, when given)', () => {
    const waits = { [A]: { kind: 'locked' as const, until: 5000 }, [B]: { kind: 'request' as const, until: 5000 } };
    expect(endSignInWait(waits, A, 0)).toEqual({ [B]: waits[B] });
    expect(endSignInWait(waits, A, 0, 'request')).toEqual(waits);
    expect(endSignInWait(waits, B, 0, 'request')).toEqual({ [A]: waits[A] });
  });

  it('counts whole seconds left, rounded up', () => {
    expect(secondsUntil(null, 0)).toBe(0);
    expect(secondsUntil(2500, 1000)).toBe(2);
    expect(secondsUntil(1000, 2000)).toBe(0);
  });
});
