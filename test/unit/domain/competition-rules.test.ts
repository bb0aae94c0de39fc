// The competition zone's rules (src/domain/competition-rules.ts): phases from dates, and the
// limits of spec part 2 §9 as written.
import { describe, expect, it } from 'vitest';
import { LEADERBOARD_PAGE_SIZE, phaseAt, SUBMISSIONS_PAGE_SIZE } from '../../../src/domain/competition-rules';

describe('phaseAt', () => {
  const c = { opens_at: 1000, closes_at: 2000, results_at: 3000 };
  it('is upcoming before opens_at, open until closes_at, judging until results_at, results after', () => {
    expect(phaseAt(c, 999)).toBe('upcoming');
    expect(phaseAt(c, 1000)).toBe('open');
    expect(phaseAt(c, 1999)).toBe('open');
    expect(phaseAt(c, 2000)).toBe('judging');
    expect(phaseAt(c, 2999)).toBe('judging');
    expect(phaseAt(c, 3000)).toBe('results');
  });
  it('goes straight to results when they come out at closing', () => {
    expect(phaseAt({ opens_at: 0, closes_at: 10, results_at: 10 }, 10)).toBe('results');
  });
});

describe('limits', () => {
  it('pages competition submissions by 20 (spec part 2 §9) and leaderboards by 20', () => {
    expect(SUBMISSIONS_PAGE_SIZE).toBe(20);
    expect(LEADERBOARD_PAGE_SIZE).toBe(20);
  });
});
