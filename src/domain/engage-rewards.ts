// The rules and constants of engage games and rewards (spec part 2 §2, §4 "Spin the wheel", §7
// Engage / Rewards, issue 14), in one place for the server and the app: time limits, the wheel's
// segments and weights, the memory-match board and its "humanly possible" bound, the lucky draw's
// day and prizes. Pure functions only (no I/O, no randomness of their own: callers pass it in).
import { DAY_MS, MINUTE_MS, PAGE_SIZE, SECOND_MS } from './constants';

/** Game list page (spec §9: 16). */
export const GAME_LIST_PAGE_SIZE = PAGE_SIZE.gameList;
/** How many games the engage home shows as most played and as least played. */
export const HOME_PLAYED_COUNT = 4;
/** Recent activity: the caller's last plays. */
export const RECENT_ACTIVITY_COUNT = 20;

export const GAME_TYPES = ['quiz', 'word', 'maths', 'memory'] as const;
export type GameType = (typeof GAME_TYPES)[number];
export const GAME_CATEGORIES = ['knowledge', 'learning', 'language', 'numbers', 'memory'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** A timed quiz: all its questions must be answered within this from start-game; later answers score nothing. */
export const QUIZ_TIME_LIMIT_MS = 2 * MINUTE_MS;
/** A maths sprint: this many problems within the time limit. */
export const MATHS_SPRINT_PROBLEMS = 10;
export const MATHS_SPRINT_TIME_LIMIT_MS = 90 * SECOND_MS;
/** The word game: a five-letter word in six tries. */
export const WORD_LENGTH = 5;
export const WORD_TRIES = 6;

// ---------- memory match ----------

/** The board: 8 pairs on 4 columns (4 × 4). */
export const MEMORY_PAIRS = 8;
export const MEMORY_COLUMNS = 4;
/**
 * A move is two taps that turn two cards over and a look at them: no one does one in less than
 * this. A completion claiming fewer milliseconds than moves × this, or arriving sooner after the
 * board was issued, is refused as faster than physically possible.
 */
export const MEMORY_MIN_MS_PER_MOVE = 400;

export type MemoryMove = readonly [number, number];

export type MemoryCheck = { ok: true; moves: number } | { ok: false; reason: 'bad_move' | 'not_complete' | 'too_fast' };

/** The least time a completion with this many moves can take. */
export const memoryMinDurationMs = (moves: number) => moves * MEMORY_MIN_MS_PER_MOVE;

/**
 * Replays the moves on the board: every move turns two different, not yet matched cards; equal
 * faces stay matched. Complete when every card is matched, in at least the humanly possible time.
 */
export function checkMemoryMatch(cards: readonly number[], moves: readonly MemoryMove[], durationMs: number): MemoryCheck {
  const matched = new Set<number>();
  for (const [a, b] of moves) {
    if (a === b || !Number.isInteger(a) || !Number.isInteger(b) || a < 0 || b < 0 || a >= cards.length || b >= cards.length) return { ok: false, reason: 'bad_move' };
    if (matched.has(a) || matched.has(b)) return { ok: false, reason: 'bad_move' };
    if (cards[a] === cards[b]) {
      matched.add(a);
      matched.add(b);
    }
  }
  if (matched.size !== cards.length) return { ok: false, reason: 'not_complete' };
  if (durationMs < memoryMinDurationMs(moves.length)) return { ok: false, reason: 'too_fast' };
  return { ok: true, moves: moves.length };
}

// ---------- rewards ----------

export const REWARDS_CURRENCY = 'INR';
/** The rewards day (daily schedules, the lucky draw) is India's calendar day: UTC+5:30. */
export const REWARDS_DAY_OFFSET_MS = 330 * MINUTE_MS;

/** 'YYYY-MM-DD' of the rewards day holding epoch ms `at`. */
export function rewardsDay(at: number): string {
  return new Date(at + REWARDS_DAY_OFFSET_MS).toISOString().slice(0, 10);
}

/** The epoch ms at which a rewards day ends. */
export function rewardsDayEnd(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`) + DAY_MS - REWARDS_DAY_OFFSET_MS;
}

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A memory-match board completed (the rewards game of the day) earns this cash. */
export const MEMORY_MATCH_REWARD_MINOR = 1000;
/** The lucky draw: among the day's entries (one per user who finished a game that day), this many winners of this much. */
export const LUCKY_DRAW_WINNERS = 3;
export const LUCKY_DRAW_PRIZE_MINOR = 5000;

export type WheelSegmentKind = 'cash' | 'coupon' | 'none';
export interface WheelSegment {
  readonly id: string;
  readonly kind: WheelSegmentKind;
  /** Cash in minor units (0 for coupons and none). */
  readonly amountMinor: number;
  /** The coupon offer a coupon segment gives. */
  readonly offerId?: string;
  /** Relative weight: the chance of the segment is weight / sum of weights. */
  readonly weight: number;
}

/** The wheel, in the order drawn clockwise from the top. The server picks by these weights, never the client. */
export const WHEEL_SEGMENTS: readonly WheelSegment[] = [
  { id: 'cash-10', kind: 'cash', amountMinor: 1000, weight: 30 },
  { id: 'coupon-chai', kind: 'coupon', amountMinor: 0, offerId: 'chai-20', weight: 15 },
  { id: 'cash-50', kind: 'cash', amountMinor: 5000, weight: 8 },
  { id: 'none', kind: 'none', amountMinor: 0, weight: 30 },
  { id: 'coupon-books', kind: 'coupon', amountMinor: 0, offerId: 'books-10', weight: 10 },
  { id: 'cash-100', kind: 'cash', amountMinor: 10000, weight: 2 },
  { id: 'cash-20', kind: 'cash', amountMinor: 2000, weight: 5 },
];

/** The index picked by `u` (uniform in [0, 1)) among the weights. */
export function pickWeighted(weights: readonly number[], u: number): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let at = u * total;
  for (let i = 0; i < weights.length; i++) {
    at -= weights[i]!;
    if (at < 0) return i;
  }
  return weights.length - 1;
}

/** The key a filter set's pages are stored under on the device (the same filters make the same key). */
export const gameFiltersKey = (filters?: { category?: readonly string[] | undefined; type?: readonly string[] | undefined }) =>
  JSON.stringify({ category: [...(filters?.category ?? [])].sort(), type: [...(filters?.type ?? [])].sort() });
