// Spin the wheel's outcomes match the configured weights (issue 14 "Proof"): 10,000 spins through
// the server's own spin (the one stw/play calls: pick, one spin row per schedule, ledger entry,
// coupon) on a real database, with a fixed-seed random source, and a chi-squared test of the
// segment counts against WHEEL_SEGMENTS' weights.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WHEEL_SEGMENTS } from '../../src/domain/engage-rewards';
import { spin } from '../../server/rewards/games';
import { startTestServer, type TestServer } from './helpers/server';

const PLAYS = 10_000;
/** χ² critical value for 6 degrees of freedom (7 segments) at p = 0.001. */
const CHI2_CRITICAL_DF6 = 22.458;

/** mulberry32: a small seeded generator, uniform in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

it(`${PLAYS} spins match the configured weights (chi-squared, fixed seed)`, async () => {
  const me = await t.signIn();
  const userUuid = me.tokens.user.user_uuid;
  // One schedule per spin: a user spins each schedule once.
  await t.server.db.query(
    `INSERT INTO reward_schedules (schedule_uuid, kind, day) SELECT gen_random_uuid(), 'stw', 'chi2-' || i FROM generate_series(1, $1) AS i`, [PLAYS]);
  const schedules = (await t.server.db.query<{ schedule_uuid: string }>(`SELECT schedule_uuid FROM reward_schedules WHERE day LIKE 'chi2-%' ORDER BY day`)).map((r) => r.schedule_uuid);
  expect(schedules.length).toBe(PLAYS);
  const rand = mulberry32(0x5eed_2026);
  const counts = new Map<string, number>();
  for (const s of schedules) {
    const out = await spin(t.server.db, userUuid, s, t.clock.now(), rand);
    counts.set(out.spin.segment_id, (counts.get(out.spin.segment_id) ?? 0) + 1);
  }
  const total = WHEEL_SEGMENTS.reduce((n, s) => n + s.weight, 0);
  let chi2 = 0;
  for (const s of WHEEL_SEGMENTS) {
    const expected = (PLAYS * s.weight) / total;
    chi2 += ((counts.get(s.id) ?? 0) - expected) ** 2 / expected;
  }
  console.log(`wheel: chi2 = ${chi2.toFixed(2)} over ${PLAYS} spins`, Object.fromEntries(counts));
  expect(chi2).toBeLessThan(CHI2_CRITICAL_DF6);
  // every spin that gave something wrote one ledger entry, nothing more
  const rewarded = PLAYS - (counts.get('none') ?? 0);
  const [{ n }] = (await t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reward_ledger WHERE user_uuid = $1 AND source = 'stw'`, [userUuid])) as [{ n: number }];
  expect(n).toBe(rewarded);
}, 600_000);

it('the chi-squared check can fail: a wheel ignoring the weights is caught', () => {
  const rand = mulberry32(7);
  const counts = new Map<string, number>();
  for (let i = 0; i < PLAYS; i++) {
    const s = WHEEL_SEGMENTS[Math.floor(rand() * WHEEL_SEGMENTS.length)]!; // uniform, not weighted
    counts.set(s.id, (counts.get(s.id) ?? 0) + 1);
  }
  const total = WHEEL_SEGMENTS.reduce((n, s) => n + s.weight, 0);
  const chi2 = WHEEL_SEGMENTS.reduce((sum, s) => sum + ((counts.get(s.id) ?? 0) - (PLAYS * s.weight) / total) ** 2 / ((PLAYS * s.weight) / total), 0);
  expect(chi2).toBeGreaterThan(CHI2_CRITICAL_DF6);
});
