// The pure rules of engage and rewards (src/domain/engage-rewards.ts) and the server's dealing and
// marking (server/engage/mechanics.ts): memory-match replay and its speed bound, the weighted
// pick, the rewards day (India's calendar), word marks, dealt boards and sums.
import { describe, expect, it } from 'vitest';
import {
  checkMemoryMatch, gameFiltersKey, MEMORY_MIN_MS_PER_MOVE, MEMORY_PAIRS, memoryMinDurationMs, pickWeighted, rewardsDay, rewardsDayEnd, WHEEL_SEGMENTS,
} from '../../../src/domain/engage-rewards';
import { dealMemoryBoard, mathsProblem, wordMarks } from '../../../server/engage/mechanics';
import { drawWinners } from '../../../server/rewards/lucky-draw';

const solve = (cards: readonly number[]) => {
  const seen = new Map<number, number>();
  const moves: [number, number][] = [];
  cards.forEach((f, i) => (seen.has(f) ? moves.push([seen.get(f)!, i]) : seen.set(f, i)));
  return moves;
};

describe('memory match', () => {
  const cards = [0, 1, 0, 1];
  it('accepts a complete replay in humanly possible time, with misses counted as moves', () => {
    expect(checkMemoryMatch(cards, [[0, 1], [0, 2], [1, 3]], 3 * MEMORY_MIN_MS_PER_MOVE)).toEqual({ ok: true, moves: 3 });
  });
  it('refuses too fast, incomplete, repeated or out-of-board moves', () => {
    expect(checkMemoryMatch(cards, [[0, 2], [1, 3]], memoryMinDurationMs(2) - 1)).toEqual({ ok: false, reason: 'too_fast' });
    expect(checkMemoryMatch(cards, [[0, 2]], 10_000)).toEqual({ ok: false, reason: 'not_complete' });
    expect(checkMemoryMatch(cards, [[0, 2], [0, 2], [1, 3]], 10_000)).toEqual({ ok: false, reason: 'bad_move' });
    expect(checkMemoryMatch(cards, [[0, 0], [1, 3]], 10_000)).toEqual({ ok: false, reason: 'bad_move' });
    expect(checkMemoryMatch(cards, [[0, 9], [1, 3]], 10_000)).toEqual({ ok: false, reason: 'bad_move' });
  });
  it('deals each face twice', () => {
    let x = 1;
    const board = dealMemoryBoard(() => ((x = (x * 48271) % 2147483647) / 2147483647));
    expect(board).toHaveLength(MEMORY_PAIRS * 2);
    expect([...board].sort((a, b) => a - b)).toEqual(Array.from({ length: MEMORY_PAIRS * 2 }, (_, i) => Math.floor(i / 2)));
    expect(checkMemoryMatch(board, solve(board), 60_000)).toEqual({ ok: true, moves: MEMORY_PAIRS });
  });
});

describe('wheel pick', () => {
  it('maps [0, 1) onto the weights in order', () => {
    expect(pickWeighted([1, 3], 0)).toBe(0);
    expect(pickWeighted([1, 3], 0.2499)).toBe(0);
    expect(pickWeighted([1, 3], 0.25)).toBe(1);
    expect(pickWeighted([1, 3], 0.9999)).toBe(1);
    expect(pickWeighted([0, 5, 0], 0.5)).toBe(1);
  });
  it('has segments with positive weights and unique ids', () => {
    expect(new Set(WHEEL_SEGMENTS.map((s) => s.id)).size).toBe(WHEEL_SEGMENTS.length);
    expect(WHEEL_SEGMENTS.every((s) => s.weight > 0)).toBe(true);
    expect(WHEEL_SEGMENTS.filter((s) => s.kind === 'coupon').every((s) => s.offerId)).toBe(true);
  });
});

describe('rewards day', () => {
  it('is India\'s calendar day (UTC+5:30)', () => {
    expect(rewardsDay(Date.parse('2026-03-01T18:29:59Z'))).toBe('2026-03-01');
    expect(rewardsDay(Date.parse('2026-03-01T18:30:00Z'))).toBe('2026-03-02');
    expect(rewardsDayEnd('2026-03-01')).toBe(Date.parse('2026-03-01T18:30:00Z'));
  });
});

describe('word marks', () => {
  it('marks right places first, then each remaining letter as often as the word has it', () => {
    expect(wordMarks('MANGO', 'MANGO')).toEqual(['right', 'right', 'right', 'right', 'right']);
    expect(wordMarks('MANGO', 'AMONG')).toEqual(['present', 'present', 'present', 'present', 'present']);
    expect(wordMarks('TIGER', 'TREES')).toEqual(['right', 'present', 'absent', 'right', 'absent']);
    expect(wordMarks('RIVER', 'ERROR')).toEqual(['present', 'present', 'absent', 'absent', 'right']);
  });
});

describe('maths problems', () => {
  it('are whole-number sums with the right result', () => {
    let x = 7;
    const rand = () => ((x = (x * 48271) % 2147483647) / 2147483647);
    for (const level of ['easy', 'medium', 'hard', 'tables', 'addition', 'subtraction', 'division', 'squares'] as const) {
      for (let i = 0; i < 200; i++) {
        const p = mathsProblem(level, rand);
        const r = p.op === '+' ? p.a + p.b : p.op === '−' ? p.a - p.b : p.op === '×' ? p.a * p.b : p.a / p.b;
        expect(r).toBe(p.result);
        expect(Number.isInteger(r) && r >= 0).toBe(true);
      }
    }
  });
});

describe('lucky draw winners', () => {
  it('are the same for the same seed and entries, in any order, and change with the seed', () => {
    const entries = Array.from({ length: 20 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const seed = 'ab'.repeat(32);
    const first = drawWinners(seed, entries);
    expect(first).toHaveLength(3);
    expect(drawWinners(seed, [...entries].reverse())).toEqual(first);
    expect(drawWinners('cd'.repeat(32), entries)).not.toEqual(first);
    expect(drawWinners(seed, entries.slice(0, 2))).toHaveLength(2);
  });
});

it('keys filter sets by their content, not their order', () => {
  expect(gameFiltersKey({ category: ['numbers', 'memory'] })).toBe(gameFiltersKey({ category: ['memory', 'numbers'], type: [] }));
  expect(gameFiltersKey()).toBe(gameFiltersKey({}));
});
