// Set-ups shared by the engage / rewards tests and their route samples: terms accepted, today's
// schedules, a solved memory board, a coupon won on the wheel, a play started.
import { randomUUID } from 'node:crypto';
import { memoryMinDurationMs, type MemoryMove } from '../../../src/domain/engage-rewards';
import { GAMES } from '../../../server/engage/catalogue';
import type { TestServer, TestSession } from './server';

export const gameOfType = (type: string) => GAMES.find((g) => g.type === type)!;

export async function schedules(t: TestServer, me: TestSession): Promise<{ stw: string; mtc: string }> {
  await t.ok('rewardsAcceptTnc', {}, { session: me });
  const home = await t.ok('rewardsGetHomePage', {}, { session: me });
  return {
    stw: home.live_game_list.find((g) => g.type === 'stw')!.game_schedule_uuid,
    mtc: home.live_game_list.find((g) => g.type === 'mtc')!.game_schedule_uuid,
  };
}

/** The moves that solve a board with no misses: each pair turned together. */
export function solve(cards: readonly number[]): MemoryMove[] {
  const moves: MemoryMove[] = [];
  const seen = new Map<number, number>();
  cards.forEach((face, i) => {
    const other = seen.get(face);
    if (other === undefined) seen.set(face, i);
    else moves.push([other, i]);
  });
  return moves;
}

/** Gets the caller's board and lets enough (test-clock) time pass to have solved it; answers a valid completion body. */
export async function solvedBoard(t: TestServer, me: TestSession) {
  const { mtc } = await schedules(t, me);
  const board = await t.ok('rewardsMtcGetMatrix', { game_schedule_uuid: mtc }, { session: me });
  const moves = solve(board.cards);
  t.clock.advance(memoryMinDurationMs(moves.length) + 1000);
  return { game_schedule_uuid: mtc, completed: true as const, moves: moves.map(([a, b]) => [a, b] as [number, number]), duration_ms: memoryMinDurationMs(moves.length) + 500 };
}

/** A coupon of the user written straight to the ledger (the wheel gives coupons by chance). */
export async function grantCoupon(t: TestServer, me: TestSession): Promise<string> {
  const userUuid = me.tokens.user.user_uuid;
  const entryId = randomUUID();
  const couponUuid = randomUUID();
  const now = t.clock.now();
  await t.server.db.query(
    `INSERT INTO reward_ledger (entry_id, user_uuid, source_key, source, kind, amount_minor, currency, payout_state, created_at, updated_at)
     VALUES ($1, $2, $3, 'stw', 'coupon', 0, 'INR', 'none', $4, $4)`, [entryId, userUuid, `stw:${randomUUID()}`, now]);
  await t.server.db.query(
    `INSERT INTO reward_coupons (coupon_uuid, entry_id, user_uuid, offer_id, code, expires_at, created_at) VALUES ($1, $2, $3, 'chai-20', $4, $5, $6)`,
    [couponUuid, entryId, userUuid, `SAATHI-T${randomUUID().slice(0, 8).toUpperCase()}`, now + 86_400_000, now]);
  return couponUuid;
}
