// Issue 21 item 1: one user cannot stall the server. One user floods 20,000 send-message frames
// on one real socket (from a worker thread, as another program would) while another user makes
// requests; the other user's p99 latency stays under 100 ms. Before the flood limits, the first
// request after such a flood waited more than 20 s.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BASE } from '../../src/api/headers';
import { FLOOD_CLOSE } from '../../server/bots/frame-flow';
import { ECHO_BOT_ID } from '../../server/bots/registry';
import { DEFAULT_FLOOD_LIMITS } from '../../server/config/flood-limits';
import { floodSocket, latencyStats, probeLatency, type FloodResult } from '../support/flood-clients';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close(), 60_000);

const FLOOD_FRAMES = 20_000;
/** Enough samples that the 99th percentile is not one unlucky request (3 may be slow). */
const SAMPLES = 300;
/** The measure stops here even when requests are slow (the server before the limits). */
const MEASURE_FOR_MS = 20_000;
const P99_GOAL_MS = 100;
/**
 * The goal is for what a flood adds. On this 2-core machine shared with other test runs the same
 * requests, with no flood at all, have had a p99 of 20–130 ms (load average 10–17). When the
 * baseline measured just before the flood is over HEADROOM_MS, the bound grows by the excess, and
 * the test says so: it then measures the flood's effect, not the machine's load. (Before the flood
 * limits, the first request after the flood took over 20 s: no allowance hides that.)
 */
const HEADROOM_MS = 50;

it(`keeps another user's p99 under ${P99_GOAL_MS} ms while one user floods ${FLOOD_FRAMES} frames`, async () => {
  const flooder = await t.signIn();
  const other = await t.signIn();
  await t.ok('initiateConversation', { bot_uuid: ECHO_BOT_ID }, { session: other });
  // warm the other user's routes (first calls compile queries)
  for (let i = 0; i < 5; i++) await t.ok('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { session: other });

  const requestsOfOther = [
    () => t.call('getProfile', {}, { session: other }),
    () => t.call('getConversationList', {}, { session: other }),
    () => t.call('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { session: other }),
    () => t.fetch('/version.json'),
  ];
  let n = 0;
  const request = async () => {
    const answer = await requestsOfOther[n++ % requestsOfOther.length]!();
    expect(answer.status).toBe(200);
  };
  const baseline = latencyStats(await probeLatency(request, { samples: SAMPLES, forMs: MEASURE_FOR_MS }));
  const bound = P99_GOAL_MS + Math.max(0, baseline.p99 - HEADROOM_MS);

  let flood: FloodResult | undefined;
  const flooding = floodSocket({ socketUrl: t.url.replace(/^http/, 'ws') + API_BASE + '/socket', headers: flooder.headers, frames: FLOOD_FRAMES, botUuid: ECHO_BOT_ID })
    .then((result) => { flood = result; });
  let duringFlood = 0;
  const latencies = await probeLatency(async () => {
    if (!flood) duringFlood++;
    await request();
  }, { samples: SAMPLES, forMs: MEASURE_FOR_MS });
  await flooding;
  const stats = latencyStats(latencies);
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.log(`flood of ${FLOOD_FRAMES} frames: ${JSON.stringify(flood)}; other user without a flood: p50 ${ms(baseline.p50)}, p99 ${ms(baseline.p99)}; `
    + `with it, over ${stats.count} requests (${duringFlood} while it lasted): p50 ${ms(stats.p50)}, p99 ${ms(stats.p99)}, max ${ms(stats.max)}; `
    + (bound > P99_GOAL_MS ? `bound ${ms(bound)}: the goal of ${P99_GOAL_MS} ms plus the loaded machine's baseline p99 over ${HEADROOM_MS} ms` : `bound ${P99_GOAL_MS} ms`));
  expect(stats.count).toBe(SAMPLES);
  expect(stats.p99).toBeLessThan(bound);
  // the limits held the flood back: a few sends stored at most, the rest refused, and a socket
  // that kept sending after 500 refusals in a row closed (1008)
  expect(flood!.stored).toBeLessThanOrEqual(DEFAULT_FLOOD_LIMITS.userSends.burst);
  expect(flood!.refused).toBeGreaterThanOrEqual(DEFAULT_FLOOD_LIMITS.socketRefusalsToClose);
  expect(flood!.closeCode).toBe(FLOOD_CLOSE);
}, 60_000);
