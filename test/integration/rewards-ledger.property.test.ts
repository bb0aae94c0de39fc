// The rewards ledger as a seeded property (issue 14 "Proof"): fast-check draws schedules of
// spins, memory-match completions and finished games by a few users, with retries under the same
// Idempotency-Key, duplicate requests without one, bursts sent together (reordered by the
// server), days passing (lucky draws), payouts marked and server restarts on the same database.
// After each schedule every user's cash balance equals the sum of the distinct rewards they
// earned (the first spin of each schedule, each board once, each lucky-draw prize from the
// stored seed), each earning event has exactly one entry, and nothing paid is offered for payout
// again. LEDGER_RUNS (default 12) and LEDGER_SEED (default fixed) replay a case.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HEADER } from '../../src/api/headers';
import { DEFAULT_REMOTE_FLAGS } from '../../src/api/remote-flags';
import { DAY_MS } from '../../src/domain/constants';
import { LUCKY_DRAW_PRIZE_MINOR, MEMORY_MATCH_REWARD_MINOR, memoryMinDurationMs, WHEEL_SEGMENTS } from '../../src/domain/engage-rewards';
import { openDb, type Db } from '../../server/db/db';
import { drawWinners } from '../../server/rewards/lucky-draw';
import { markPayout, unclaimedCash } from '../../server/rewards/ledger';
import { gameOfType, solve } from './helpers/engage-rewards';
import { createTestClock, startTestServer, type TestServer, type TestSession } from './helpers/server';

const runs = Number(process.env.LEDGER_RUNS ?? 12);
const seed = Number(process.env.LEDGER_SEED ?? 20261125);

type Op =
  | { op: 'spin'; user: number; retry: boolean }
  | { op: 'mtc'; user: number; retry: boolean }
  | { op: 'finish'; user: number }
  | { op: 'burst'; user: number }
  | { op: 'pay'; user: number; fail: boolean }
  | { op: 'nextDay' }
  | { op: 'restart' };

const USERS = 3;
const user = fc.integer({ min: 0, max: USERS - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('spin' as const), user, retry: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('mtc' as const), user, retry: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('finish' as const), user }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('burst' as const), user }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('pay' as const), user, fail: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ op: 'nextDay' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'restart' as const }) },
);

let db: Db;
const clock = createTestClock();
let t: TestServer;
const flags = { ...DEFAULT_REMOTE_FLAGS, rewards_enable: true, enable_engage: true };
const boot = () => startTestServer({ db, now: clock.now, remoteFlags: flags });

beforeAll(async () => {
  db = await openDb({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://', schema: process.env.DATABASE_URL ? `ledger_${process.pid}` : undefined });
  t = await boot();
});
afterAll(async () => {
  await t?.close();
  await db?.close();
});

const keyed = (me: TestSession, key?: string): { session: TestSession; headers: Record<string, string> } => ({ session: me, headers: key ? { [HEADER.idempotencyKey]: key } : {} });

async function runSchedule(ops: Op[]): Promise<void> {
  const users = await Promise.all(Array.from({ length: USERS }, () => t.signIn()));
  const uuid = (i: number) => users[i]!.tokens.user.user_uuid;
  for (const me of users) await t.ok('rewardsAcceptTnc', {}, { session: me });
  /** First spin answer per user+schedule: its spin id and the cash it gave. */
  const spins = new Map<string, { spin: string; cash: number }>();
  const boards = new Set<string>();
  const days = new Set<string>();

  const live = async (me: TestSession) => {
    const home = await t.ok('rewardsGetHomePage', {}, { session: me });
    return { stw: home.live_game_list.find((g) => g.type === 'stw')!, mtc: home.live_game_list.find((g) => g.type === 'mtc')!, day: home.live_game_list[0]!.day };
  };
  const doSpin = async (i: number, key?: string) => {
    const me = users[i]!;
    const { stw } = await live(me);
    const a = await t.ok('rewardsStwPlay', { game_schedule_uuid: stw.game_schedule_uuid }, keyed(me, key));
    const seg = WHEEL_SEGMENTS[a.option_index]!;
    const k = `${uuid(i)}:${stw.game_schedule_uuid}`;
    const first = spins.get(k);
    if (first) expect(a.spin_uuid).toBe(first.spin);
    else spins.set(k, { spin: a.spin_uuid, cash: seg.kind === 'cash' ? seg.amountMinor : 0 });
    expect(a.reward?.amount_minor ?? 0).toBe(seg.kind === 'cash' ? seg.amountMinor : 0);
  };
  const doMtc = async (i: number, key?: string) => {
    const me = users[i]!;
    const { mtc } = await live(me);
    const board = await t.ok('rewardsMtcGetMatrix', { game_schedule_uuid: mtc.game_schedule_uuid }, { session: me });
    const moves = solve(board.cards).map(([a, b]) => [a, b] as [number, number]);
    clock.advance(memoryMinDurationMs(moves.length) + 10);
    await t.ok('rewardsMtcSetUserState', { game_schedule_uuid: mtc.game_schedule_uuid, completed: true, moves, duration_ms: memoryMinDurationMs(moves.length) + 10 }, keyed(me, key));
    boards.add(`${uuid(i)}:${mtc.game_schedule_uuid}`);
  };
  const doFinish = async (i: number) => {
    const me = users[i]!;
    const play = await t.ok('engageStartGame', { engage_feature_uuid: gameOfType('word').uuid }, { session: me });
    for (let s = 0; s < 6; s++) await t.ok('engageSubmitAnswer', { play_uuid: play.play_uuid, step: s, answer: 'QQQQQ' }, { session: me });
    days.add((await live(me)).day);
  };

  for (const o of ops) {
    switch (o.op) {
      case 'spin': case 'mtc': {
        const key = randomUUID();
        const run = o.op === 'spin' ? doSpin : doMtc;
        await run(o.user, key);
        if (o.retry) await run(o.user, key); // the same key: the stored answer is replayed
        break;
      }
      case 'finish': await doFinish(o.user); break;
      case 'burst': {
        // duplicates without keys, sent together: the server orders them as it likes
        await Promise.all([doSpin(o.user), doSpin(o.user), doMtc(o.user), doSpin(o.user)]);
        break;
      }
      case 'pay': {
        const open = await unclaimedCash(db, uuid(o.user));
        for (const e of open) await markPayout(db, e.entryId, o.fail ? 'failed' : 'paid', `ref-${e.entryId}`, clock.now());
        // a late report on a paid entry changes nothing
        for (const e of open) await markPayout(db, e.entryId, 'failed', 'late', clock.now());
        break;
      }
      case 'nextDay': clock.advance(DAY_MS); break;
      case 'restart': await t.close(); t = await boot(); break;
    }
  }

  // every day that had finishers is over: run the draws through the API
  clock.advance(DAY_MS);
  const prizes = new Map<string, number>();
  for (const day of days) {
    const result = await t.ok('rewardsGetLuckyDrawResult', { lucky_draw_result_date: day }, { session: users[0]! });
    const entries = (await db.query<{ user_uuid: string }>('SELECT user_uuid FROM lucky_draw_entries WHERE day = $1', [day])).map((r) => r.user_uuid);
    for (const w of drawWinners(result.seed!, entries)) prizes.set(w, (prizes.get(w) ?? 0) + LUCKY_DRAW_PRIZE_MINOR);
  }

  for (let i = 0; i < USERS; i++) {
    const me = users[i]!;
    const expected = [...spins].filter(([k]) => k.startsWith(uuid(i))).reduce((n, [, s]) => n + s.cash, 0)
      + [...boards].filter((k) => k.startsWith(uuid(i))).length * MEMORY_MATCH_REWARD_MINOR
      + (prizes.get(uuid(i)) ?? 0);
    const cash = await t.ok('rewardsGetCashList', {}, { session: me });
    expect(cash.cash.amount, `user ${i}`).toBe(expected);
    expect(cash.cash_list.reduce((n, e) => n + e.amount_minor, 0)).toBe(expected);
    const rows = await db.query<{ source_key: string; payout_state: string }>('SELECT source_key, payout_state FROM reward_ledger WHERE user_uuid = $1', [uuid(i)]);
    const spinEntries = rows.filter((r) => r.source_key.startsWith('stw:')).length;
    const rewardingSpins = [...spins].filter(([k]) => k.startsWith(uuid(i))).filter(([, s]) => s.cash > 0).length;
    expect(rows.filter((r) => r.source_key.startsWith('mtc:')).length).toBe([...boards].filter((k) => k.startsWith(uuid(i))).length);
    // coupon spins are entries too: at least the cash ones, at most one per spun schedule
    expect(spinEntries).toBeGreaterThanOrEqual(rewardingSpins);
    expect(spinEntries).toBeLessThanOrEqual([...spins].filter(([k]) => k.startsWith(uuid(i))).length);
    const paid = new Set((await db.query<{ entry_id: string }>(`SELECT entry_id FROM reward_ledger WHERE user_uuid = $1 AND payout_state = 'paid'`, [uuid(i)])).map((r) => r.entry_id));
    expect((await unclaimedCash(db, uuid(i))).filter((e) => paid.has(e.entryId))).toEqual([]);
  }
}

it('keeps every balance equal to the sum of distinct rewards, nothing twice', async () => {
  await fc.assert(fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 14 }), async (ops) => {
    await runSchedule(ops);
  }), { seed, numRuns: runs, endOnFailure: true });
}, 600_000);
