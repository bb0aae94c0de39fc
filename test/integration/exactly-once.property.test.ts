// Exactly-once delivery (DESIGN.md §4) as a seeded model-based property: fast-check draws
// schedules of sends, network faults (fault proxy), offline spells, server restarts on the same
// database and engine restarts (reloads, a crash between the two writes of a send), mixed with
// the actions of the one action queue (bot reports and archive toggles, message ratings and
// saves, cart edits); after each schedule the network heals and the server must hold every sent
// message once, in order per conversation, with statuses that only moved forward, and every
// action applied once, in its key's order. The model: support/exactly-once-model.ts.
//
//   EXACTLY_ONCE_RUNS   schedules to run (default 200, "a few hundred" in CI: 1.5–2.5 s each on
//                       the 2-core machine, about 5–8 minutes; `npm run soak` runs 1,000)
//   EXACTLY_ONCE_SEED   the seed to replay (default random; printed at the start and on failure)
//   EXACTLY_ONCE_PATH   fast-check's replay path of a failure (with the seed: runs just that case)
//   EXACTLY_ONCE_SCHEDULE  a schedule as JSON (the failure report prints it): runs just that one
//   EXACTLY_ONCE_DEBUG=1   logs each command, http call and socket frame
//   EXACTLY_ONCE_SHRINK=0  stops at the first failure (no shrinking)
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeSchedule, runSchedule, scheduleArb, startHarness, type Cmd, type Harness } from './support/exactly-once-model';

const runs = Number(process.env.EXACTLY_ONCE_RUNS ?? 200);
const seed = process.env.EXACTLY_ONCE_SEED ? Number(process.env.EXACTLY_ONCE_SEED) : (Date.now() ^ (Math.random() * 0x100000000)) | 0;
const path = process.env.EXACTLY_ONCE_PATH;
const replay = process.env.EXACTLY_ONCE_SCHEDULE ? (JSON.parse(process.env.EXACTLY_ONCE_SCHEDULE) as Cmd[]) : null;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

it(`delivers every queued message and action exactly once, in order per conversation and key (${runs} schedules)`, async () => {
  console.log(`exactly-once: seed ${seed}, ${runs} schedules${path ? `, path ${path}` : ''}`);
  const started = Date.now();
  if (replay) {
    await runSchedule(h, replay);
    return;
  }
  let done = 0;
  await fc.assert(
    fc.asyncProperty(scheduleArb(5, 25), async (cmds) => {
      try {
        await runSchedule(h, cmds);
      } catch (err) {
        console.log(`exactly-once: failing schedule (seed ${seed}): ${describeSchedule(cmds)}\n  ${String(err)}\n  replay: EXACTLY_ONCE_SCHEDULE='${JSON.stringify(cmds)}'`);
        throw err;
      } finally {
        done += 1;
        if (done % 50 === 0) console.log(`exactly-once: ${done} schedules run, ${((Date.now() - started) / 1000).toFixed(0)} s`);
      }
    }),
    // a replayed path is one case (fast-check would otherwise go on from it for numRuns)
    { seed, numRuns: path ? 1 : runs, verbose: 1, endOnFailure: process.env.EXACTLY_ONCE_SHRINK === '0', ...(path ? { path } : {}) },
  );
  console.log(`exactly-once: ${done} schedules passed, seed ${seed}, ${((Date.now() - started) / 1000).toFixed(1)} s, ${h.restarts()} server restarts`);
  expect(done).toBeGreaterThan(0);
}, Math.max(60_000, runs * 30_000));
