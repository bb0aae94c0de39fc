// The bot-profile and bot-action rules: mutedTill, the vote rule (with a property over any
// sequence of taps), the review text rule, the pin limit, and each action's effect and revert.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyFlagAction, applyVote, canPin, isMuted, isValidMuteDuration, mutedTill, MUTE_FOREVER, nextVote, REVIEW_MAX_CHARS, reviewProblem,
  revertFlagAction, setVote, snapshotFor, voteFromWire, voteToWire, type BotFlags, type FlagAction, type Vote,
} from '../../../src/domain/bot-rules';

const flags = (over: Partial<BotFlags> = {}): BotFlags => ({ pinned: false, mute_time: null, mute_duration: null, block_time: null, archive_time: null, ...over });

describe('mutedTill and isMuted', () => {
  it('is mute_time plus the duration', () => {
    expect(mutedTill({ mute_time: 1000, mute_duration: 500 })).toBe(1500);
    expect(isMuted({ mute_time: 1000, mute_duration: 500 }, 1499)).toBe(true);
    expect(isMuted({ mute_time: 1000, mute_duration: 500 }, 1500)).toBe(false);
  });
  it('is forever for -1', () => {
    expect(mutedTill({ mute_time: 1000, mute_duration: MUTE_FOREVER })).toBe(Number.POSITIVE_INFINITY);
    expect(isMuted({ mute_time: 1000, mute_duration: -1 }, 1e15)).toBe(true);
  });
  it('is not muted without a time or a duration, or with a duration of 0 or below other than -1', () => {
    expect(mutedTill({ mute_time: null, mute_duration: 100 })).toBeNull();
    expect(mutedTill({ mute_time: 5, mute_duration: null })).toBeNull();
    expect(mutedTill({ mute_time: 5, mute_duration: 0 })).toBeNull();
    expect(mutedTill({ mute_time: 5, mute_duration: -2 })).toBeNull();
    expect(isMuted({ mute_time: null, mute_duration: null }, 0)).toBe(false);
  });
  it('accepts -1 or a positive whole duration only', () => {
    expect([-1, 1, 28_800_000].every(isValidMuteDuration)).toBe(true);
    expect([0, -2, 1.5, Number.NaN].some(isValidMuteDuration)).toBe(false);
  });
});

describe('the vote rule', () => {
  const review = { upvotes: 3, downvotes: 1, user_vote: null as 1 | -1 | null };
  it('a vote adds to its count', () => {
    expect(applyVote(review, 1)).toEqual({ upvotes: 4, downvotes: 1, user_vote: 1 });
    expect(applyVote(review, -1)).toEqual({ upvotes: 3, downvotes: 2, user_vote: -1 });
  });
  it('the same vote again removes it', () => {
    expect(applyVote(applyVote(review, 1), 1)).toEqual(review);
    expect(nextVote(-1, -1)).toBeNull();
  });
  it('a change moves the count between up and down', () => {
    expect(applyVote(applyVote(review, 1), -1)).toEqual({ upvotes: 3, downvotes: 2, user_vote: -1 });
    expect(applyVote({ upvotes: 1, downvotes: 0, user_vote: 1 }, -1)).toEqual({ upvotes: 0, downvotes: 1, user_vote: -1 });
  });
  it('wire form: 0 is no vote', () => {
    expect([voteToWire(1), voteToWire(-1), voteToWire(null)]).toEqual([1, -1, 0]);
    expect([voteFromWire(1), voteFromWire(-1), voteFromWire(0)]).toEqual([1, -1, null]);
  });
  it('property: any sequence of taps leaves counts equal to the base plus the one final vote of this user', () => {
    fc.assert(fc.property(
      fc.nat(50), fc.nat(50), fc.array(fc.constantFrom<Vote>(1, -1), { maxLength: 40 }),
      (up, down, taps) => {
        const start = { upvotes: up, downvotes: down, user_vote: null };
        let r: typeof start | ReturnType<typeof applyVote<typeof start>> = start;
        let expected: 1 | -1 | null = null;
        for (const t of taps) {
          r = applyVote(r, t);
          expected = expected === t ? null : t;
        }
        expect(r.user_vote).toBe(expected);
        expect(r.upvotes).toBe(up + (expected === 1 ? 1 : 0));
        expect(r.downvotes).toBe(down + (expected === -1 ? 1 : 0));
        // setting the same target again changes nothing (a replayed send is harmless)
        expect(setVote(r, r.user_vote)).toEqual(r);
      },
    ), { numRuns: 300 });
  });
});

describe('reviewProblem', () => {
  it('stops a blank review and one over the limit (after trimming), and passes the rest', () => {
    expect(reviewProblem('')).toBe('empty');
    expect(reviewProblem('  \n\t ')).toBe('empty');
    expect(reviewProblem(' Good ')).toBeNull();
    expect(reviewProblem(`  ${'a'.repeat(REVIEW_MAX_CHARS)}  `)).toBeNull();
    expect(reviewProblem('a'.repeat(REVIEW_MAX_CHARS + 1))).toBe('tooLong');
  });
});

describe('pin limit', () => {
  it('allows a pin only below the limit', () => {
    expect(canPin(4, 5)).toBe(true);
    expect(canPin(5, 5)).toBe(false);
    expect(canPin(0, 0)).toBe(false);
  });
});

describe('applying and reverting actions', () => {
  const now = 10_000;
  it.each<[FlagAction, Partial<BotFlags>]>([
    [{ kind: 'pin' }, { pinned: true }],
    [{ kind: 'mute', mute_duration: 500 }, { mute_time: now, mute_duration: 500 }],
    [{ kind: 'mute', mute_duration: -1 }, { mute_time: now, mute_duration: -1 }],
    [{ kind: 'block' }, { block_time: now }],
    [{ kind: 'archive' }, { archive_time: now }],
    [{ kind: 'report', block: true }, { block_time: now }],
    [{ kind: 'report', block: false }, {}],
  ])('%o applies and reverts', (action, change) => {
    const before = flags();
    const after = applyFlagAction(before, action, now);
    expect(after).toEqual({ ...before, ...change });
    expect(revertFlagAction(after, action, snapshotFor(before, action), now + 5)).toEqual(before);
  });
  it('the undo actions clear their flag and revert to it', () => {
    const before = flags({ pinned: true, mute_time: 1, mute_duration: -1, block_time: 2, archive_time: 3 });
    for (const kind of ['unpin', 'unmute', 'unblock', 'unarchive'] as const) {
      const after = applyFlagAction(before, { kind }, now);
      expect(after).not.toEqual(before);
      expect(revertFlagAction(after, { kind }, snapshotFor(before, { kind }), now)).toEqual(before);
    }
    expect(applyFlagAction(before, { kind: 'unmute' }, now)).toMatchObject({ mute_time: null, mute_duration: null });
  });
  it('a revert leaves a field that a later action changed again', () => {
    const start = flags();
    const pinned = applyFlagAction(start, { kind: 'pin' }, now);
    const unpinned = applyFlagAction(pinned, { kind: 'unpin' }, now);
    // the pin is refused after the unpin was applied: the unpin's state stands
    expect(revertFlagAction(unpinned, { kind: 'pin' }, snapshotFor(start, { kind: 'pin' }), now)).toEqual(unpinned);
  });
  it('block keeps an earlier block time', () => {
    expect(applyFlagAction(flags({ block_time: 5 }), { kind: 'block' }, now).block_time).toBe(5);
  });
});
