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

it(`keeps another user's p99 under ${P99_GOAL_MS} ms while one user floods ${FLOOD_FRAMES} frames`, async () => {
  const flooder = await t.signIn();
  const other = await t.signIn();
  await t.ok('initiateConversation', { bot_uuid: ECHO_BOT_ID }, { session: other });
  // warm the other user's routes (first calls compile queries)
  for (let i = 0; i < 5; i++) await t.ok('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { session: other });

  let flood: FloodResult | undefined;
  const flooding = floodSocket({ socketUrl: t.url.replace(/^http/, 'ws') + API_BASE + '/socket', headers: flooder.headers, frames: FLOOD_FRAMES, botUuid: ECHO_BOT_ID })
    .then((result) => { flood = result; });
  const calls = [
    () => t.call('getProfile', {}, { session: other }),
    () => t.call('getConversationList', {}, { session: other }),
    () => t.call('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { session: other }),
    () => t.fetch('/version.json'),
  ];
  let n = 0;
  let duringFlood = 0;
  const latencies = await probeLatency(async () => {
    if (!flood) duringFlood++;
    const answer = await calls[n++ % calls.length]!();
    expect(answer.status).toBe(200);
  }, { samples: SAMPLES, forMs: MEASURE_FOR_MS });
  await flooding;
  const stats = latencyStats(latencies);
  console.log(`flood of ${FLOOD_FRAMES} frames: ${JSON.stringify(flood)}; other user over ${stats.count} requests (${duringFlood} during the flood): p50 ${stats.p50.toFixed(1)} ms, p99 ${stats.p99.toFixed(1)} ms, max ${stats.max.toFixed(1)} ms`);
  expect(stats.count).toBe(SAMPLES);
  expect(stats.p99).toBeLessThan(P99_GOAL_MS);
  // the limits held the flood back: a few sends stored at most, the rest refused, and a socket
  // that kept sending after 500 refusals in a row closed (1008)
  expect(flood!.stored).toBeLessThanOrEqual(DEFAULT_FLOOD_LIMITS.userSends.burst);
  expect(flood!.refused).toBeGreaterThanOrEqual(DEFAULT_FLOOD_LIMITS.socketRefusalsToClose);
  expect(flood!.closeCode).toBe(FLOOD_CLOSE);
}, 60_000);
