// The daily lucky draw (issue 14): a user who finishes any engage game on a day (India's calendar,
// rewardsDay) holds one entry for that day. Once the day is over its draw runs once: a random seed
// is stored first, and the winners are the entries ranked by HMAC-SHA256(seed, user uuid), so
// anyone with the seed and the entry list gets the same winners (drawWinners). Each prize is a
// ledger entry keyed 'lucky_draw:<day>:<rank>'. The job runs on the first read after the day ends
// (get-lucky-draw-result for that day; get-home-page runs the last seven days'): a draw that two
// requests start together is kept once (the day is the primary key; the loser's work rolls back).
import { createHmac, randomBytes } from 'node:crypto';
import {
  LUCKY_DRAW_PRIZE_MINOR, LUCKY_DRAW_WINNERS, REWARDS_CURRENCY, rewardsDay, rewardsDayEnd,
} from '../../src/domain/engage-rewards';
import type { Db, Queryable } from '../db/db';
import { earn } from './ledger';

/** Enters the user into the draw of the day holding `now` (once per day). */
export async function enterLuckyDraw(q: Queryable, userUuid: string, now: number): Promise<void> {
  await q.query('INSERT INTO lucky_draw_entries (day, user_uuid, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [rewardsDay(now), userUuid, now]);
}

/** The winners, in rank order, of a draw with this seed among these entries. */
export function drawWinners(seedHex: string, userUuids: readonly string[], count = LUCKY_DRAW_WINNERS): string[] {
  const key = Buffer.from(seedHex, 'hex');
  return [...userUuids]
    .map((u) => ({ u, score: createHmac('sha256', key).update(u).digest('hex') }))
    .sort((a, b) => (a.score < b.score ? -1 : a.score > b.score ? 1 : 0))
    .slice(0, count)
    .map((x) => x.u);
}

export interface DrawRow { day: string; seed: string; entries_count: number; drawn_at: number }

/** Runs the day's draw if the day is over and it has not run; answers the draw (or null while the day is open). */
export async function ensureDrawn(db: Db, day: string, now: number): Promise<DrawRow | null> {
  if (now < rewardsDayEnd(day)) return null;
  const [existing] = await db.query<DrawRow>('SELECT * FROM lucky_draws WHERE day = $1', [day]);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const entries = (await tx.query<{ user_uuid: string }>('SELECT user_uuid FROM lucky_draw_entries WHERE day = $1 ORDER BY user_uuid', [day])).map((r) => r.user_uuid);
    const seed = randomBytes(32).toString('hex');
    const [draw] = await tx.query<DrawRow>(
      'INSERT INTO lucky_draws (day, seed, entries_count, drawn_at) VALUES ($1, $2, $3, $4) ON CONFLICT (day) DO NOTHING RETURNING *',
      [day, seed, entries.length, now]);
    if (!draw) {
      const [first] = await tx.query<DrawRow>('SELECT * FROM lucky_draws WHERE day = $1', [day]);
      return first!;
    }
    const winners = drawWinners(seed, entries);
    for (const [i, userUuid] of winners.entries()) {
      const { row } = await earn(tx, { userUuid, sourceKey: `lucky_draw:${day}:${i + 1}`, source: 'lucky_draw', kind: 'cash', amountMinor: LUCKY_DRAW_PRIZE_MINOR, currency: REWARDS_CURRENCY }, now);
      await tx.query('INSERT INTO lucky_draw_winners (day, rank, user_uuid, entry_id) VALUES ($1, $2, $3, $4)', [day, i + 1, userUuid, row.entry_id]);
    }
    return draw;
  });
}

/** Runs the draws of the last `days` days that are over (home page reads call this). */
export async function drawRecentDays(db: Db, now: number, days = 7): Promise<void> {
  for (let i = 1; i <= days; i++) await ensureDrawn(db, rewardsDay(now - i * 86_400_000), now);
}
