// The daily lucky draw is a server job (issue 14): the hourly housekeeping runs the draw of a day
// that has ended, among that day's entries, before anyone reads the results, and only once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rewardsDay, rewardsDayEnd } from '../../src/domain/engage-rewards';
import { drawWinners, enterLuckyDraw } from '../../server/rewards/lucky-draw';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

it('runs the day\'s draw by the hourly sweep once the day is over, reproducibly from its stored seed', async () => {
  const users = await Promise.all([t.signIn(), t.signIn(), t.signIn()]);
  const day = rewardsDay(t.clock.now());
  for (const u of users) await enterLuckyDraw(t.server.db, u.tokens.user.user_uuid, t.clock.now());
  const draws = () => t.server.db.query<{ seed: string; entries_count: number }>('SELECT seed, entries_count FROM lucky_draws WHERE day = $1', [day]);

  await t.server.sweep();
  expect(await draws()).toEqual([]); // the day is still open

  t.clock.advance(rewardsDayEnd(day) - t.clock.now() + 60_000);
  await t.server.sweep();
  const [draw] = await draws();
  expect(draw?.entries_count).toBe(3);
  const winners = await t.server.db.query<{ user_uuid: string }>('SELECT user_uuid FROM lucky_draw_winners WHERE day = $1 ORDER BY rank', [day]);
  expect(winners.map((w) => w.user_uuid)).toEqual(drawWinners(draw!.seed, users.map((u) => u.tokens.user.user_uuid).sort()));

  await t.server.sweep();
  expect(await draws()).toHaveLength(1);
});
