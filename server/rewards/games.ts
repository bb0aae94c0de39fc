// The daily reward games (issue 14): spin the wheel and memory match, one schedule per kind and
// rewards day. The server picks the wheel's outcome by the configured weights (WHEEL_SEGMENTS);
// one spin per user and schedule, a second play answers the first result. A memory-match board is
// dealt once per user and schedule; its completion is checked move by move against the board and
// against the clock, and recorded once. Every prize is written through the ledger (ledger.ts).
import { randomUUID } from 'node:crypto';
import {
  MEMORY_MATCH_REWARD_MINOR, memoryMinDurationMs, pickWeighted, REWARDS_CURRENCY, rewardsDay, WHEEL_SEGMENTS, type MemoryMove,
} from '../../src/domain/engage-rewards';
import type { Db, Queryable } from '../db/db';
import { checkMemoryMatch, dealMemoryBoard, type Rand } from '../engage/mechanics';
import { memoryRefusal } from '../engage/plays';
import { HttpError, notFound } from '../http/errors';
import { earn, type LedgerRow } from './ledger';
import { couponCode, offerById } from './offers';

export type ScheduleKind = 'stw' | 'mtc';
export interface ScheduleRow { schedule_uuid: string; kind: ScheduleKind; day: string }

/** Today's schedule of a kind, made on first use. */
export async function liveSchedule(q: Queryable, kind: ScheduleKind, now: number): Promise<ScheduleRow> {
  const day = rewardsDay(now);
  await q.query('INSERT INTO reward_schedules (schedule_uuid, kind, day) VALUES ($1, $2, $3) ON CONFLICT (kind, day) DO NOTHING', [randomUUID(), kind, day]);
  const [row] = await q.query<ScheduleRow>('SELECT * FROM reward_schedules WHERE kind = $1 AND day = $2', [kind, day]);
  return row!;
}

/** The schedule asked for: 404 unknown (or of the other kind), 409 no longer live unless `anyDay`. */
export async function scheduleFor(q: Queryable, uuid: string, kind: ScheduleKind, now: number, anyDay = false): Promise<ScheduleRow> {
  const [row] = await q.query<ScheduleRow>('SELECT * FROM reward_schedules WHERE schedule_uuid = $1 AND kind = $2', [uuid, kind]);
  if (!row) throw notFound('No such game schedule');
  if (!anyDay && row.day !== rewardsDay(now)) throw new HttpError(409, 'This game is no longer live: play today\'s', {}, 'not_live');
  return row;
}

export interface SpinRow { spin_uuid: string; schedule_uuid: string; user_uuid: string; segment_id: string; entry_id: string | null; played_at: number }

export interface SpinOutcome { spin: SpinRow; entry: LedgerRow | null; couponUuid: string | null; replayed: boolean }

async function couponOfEntry(q: Queryable, entryId: string): Promise<string | null> {
  const [c] = await q.query<{ coupon_uuid: string }>('SELECT coupon_uuid FROM reward_coupons WHERE entry_id = $1', [entryId]);
  return c?.coupon_uuid ?? null;
}

async function outcomeOf(q: Queryable, spin: SpinRow, replayed: boolean): Promise<SpinOutcome> {
  if (!spin.entry_id) return { spin, entry: null, couponUuid: null, replayed };
  const [entry] = await q.query<LedgerRow>('SELECT * FROM reward_ledger WHERE entry_id = $1', [spin.entry_id]);
  return { spin, entry: entry ?? null, couponUuid: await couponOfEntry(q, spin.entry_id), replayed };
}

/** One spin of the user on the schedule (checked by the caller): the first one's outcome when spun before. */
export async function spin(db: Db, userUuid: string, scheduleUuid: string, now: number, rand: Rand): Promise<SpinOutcome> {
  return db.transaction(async (tx) => {
    const [before] = await tx.query<SpinRow>('SELECT * FROM stw_spins WHERE schedule_uuid = $1 AND user_uuid = $2', [scheduleUuid, userUuid]);
    if (before) return outcomeOf(tx, before, true);
    const segment = WHEEL_SEGMENTS[pickWeighted(WHEEL_SEGMENTS.map((s) => s.weight), rand())]!;
    const spinUuid = randomUUID();
    // The spin row first: a concurrent second spin waits on its unique key, then reads this one.
    const [mine] = await tx.query<SpinRow>(
      `INSERT INTO stw_spins (spin_uuid, schedule_uuid, user_uuid, segment_id, played_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (schedule_uuid, user_uuid) DO NOTHING RETURNING *`, [spinUuid, scheduleUuid, userUuid, segment.id, now]);
    if (!mine) {
      const [first] = await tx.query<SpinRow>('SELECT * FROM stw_spins WHERE schedule_uuid = $1 AND user_uuid = $2', [scheduleUuid, userUuid]);
      return outcomeOf(tx, first!, true);
    }
    if (segment.kind === 'none') return { spin: mine, entry: null, couponUuid: null, replayed: false };
    const { row: entry } = await earn(tx, { userUuid, sourceKey: `stw:${spinUuid}`, source: 'stw', kind: segment.kind, amountMinor: segment.amountMinor, currency: REWARDS_CURRENCY }, now);
    let couponUuid: string | null = null;
    if (segment.kind === 'coupon') {
      const offer = offerById(segment.offerId!)!;
      couponUuid = randomUUID();
      await tx.query('INSERT INTO reward_coupons (coupon_uuid, entry_id, user_uuid, offer_id, code, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [couponUuid, entry.entry_id, userUuid, offer.id, couponCode(), now + offer.validForMs, now]);
    }
    const [spun] = await tx.query<SpinRow>('UPDATE stw_spins SET entry_id = $2 WHERE spin_uuid = $1 RETURNING *', [spinUuid, entry.entry_id]);
    return { spin: spun!, entry, couponUuid, replayed: false };
  });
}

export interface BoardRow { schedule_uuid: string; user_uuid: string; cards: number[]; issued_at: number; completed_at: number | null; moves: number | null; entry_id: string | null }

/** The user's board for the schedule, dealt on the first ask and the same ever after. */
export async function boardFor(q: Queryable, userUuid: string, scheduleUuid: string, now: number, rand: Rand): Promise<BoardRow> {
  await q.query('INSERT INTO mtc_boards (schedule_uuid, user_uuid, cards, issued_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
    [scheduleUuid, userUuid, JSON.stringify(dealMemoryBoard(rand)), now]);
  const [row] = await q.query<BoardRow>('SELECT * FROM mtc_boards WHERE schedule_uuid = $1 AND user_uuid = $2', [scheduleUuid, userUuid]);
  return row!;
}

/** Records a completion once (checked against the board and the clock); a repeat answers the first. */
export async function completeBoard(db: Db, userUuid: string, scheduleUuid: string, moves: readonly MemoryMove[], durationMs: number, now: number): Promise<{ board: BoardRow; entry: LedgerRow; replayed: boolean }> {
  return db.transaction(async (tx) => {
    const [board] = await tx.query<BoardRow>('SELECT * FROM mtc_boards WHERE schedule_uuid = $1 AND user_uuid = $2 FOR UPDATE', [scheduleUuid, userUuid]);
    if (!board) throw new HttpError(409, 'Get the board (mtc/get-matrix) before completing it', {}, 'no_board');
    if (board.completed_at !== null && board.entry_id) {
      const [entry] = await tx.query<LedgerRow>('SELECT * FROM reward_ledger WHERE entry_id = $1', [board.entry_id]);
      return { board, entry: entry!, replayed: true };
    }
    const check = checkMemoryMatch(board.cards, moves, durationMs);
    if (!check.ok) throw memoryRefusal(check.reason);
    if (now - Number(board.issued_at) < memoryMinDurationMs(moves.length)) throw memoryRefusal('too_fast');
    const { row: entry } = await earn(tx, { userUuid, sourceKey: `mtc:${scheduleUuid}:${userUuid}`, source: 'mtc', kind: 'cash', amountMinor: MEMORY_MATCH_REWARD_MINOR, currency: REWARDS_CURRENCY }, now);
    const [done] = await tx.query<BoardRow>('UPDATE mtc_boards SET completed_at = $3, moves = $4, entry_id = $5 WHERE schedule_uuid = $1 AND user_uuid = $2 RETURNING *',
      [scheduleUuid, userUuid, now, moves.length, entry.entry_id]);
    return { board: done!, entry, replayed: false };
  });
}
