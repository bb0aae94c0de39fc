// Issue 21 item 1: one user cannot stall the server. One user floods 20,000 send-message frames
// on one real socket while another user makes requests; the other user's p99 latency stays
// under 100 ms. Before the flood limits, 5,000 frames left requests unanswered for seconds.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BASE } from '../../src/api/headers';
import { ECHO_BOT_ID } from '../../server/bots/registry';
import { startTestServer, type TestServer } from './helpers/server';
import { openSocket } from './helpers/socket';

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

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Infinity;
}

it(`keeps another user's p99 under ${P99_GOAL_MS} ms while one user floods ${FLOOD_FRAMES} frames`, async () => {
  const flooder = await t.signIn();
  const other = await t.signIn();
  await t.ok('initiateConversation', { bot_uuid: ECHO_BOT_ID }, { session: other });
  // warm the other user's routes (first calls compile queries)
  for (let i = 0; i < 5; i++) await t.ok('getConversationList', {}, { session: other });

  const socket = await openSocket(t.url.replace(/^http/, 'ws') + API_BASE + '/socket', { headers: flooder.headers });
  // The flood: as fast as the client can write, about 2 MB.
  for (let i = 0; i < FLOOD_FRAMES; i++) {
    socket.send({ action: 'send-message', body: { bot_uuid: ECHO_BOT_ID, message: { type: 'text', text: { body: `flood ${i}` }, client_message_id: `flood-${i}` } } });
  }

  const latencies: number[] = [];
  const calls = [
    () => t.call('getProfile', {}, { session: other }),
    () => t.call('getConversationList', {}, { session: other }),
    () => t.call('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { session: other }),
    () => t.fetch('/version.json'),
  ];
  const until = Date.now() + MEASURE_FOR_MS;
  while (latencies.length < SAMPLES && Date.now() < until) {
    const started = performance.now();
    const answer = await calls[latencies.length % calls.length]!();
    latencies.push(performance.now() - started);
    expect(answer.status).toBe(200);
  }
  socket.close();
  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  console.log(`flood: other user's latency over ${latencies.length} requests: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
  expect(latencies.length).toBe(SAMPLES);
  expect(p99).toBeLessThan(P99_GOAL_MS);
}, 60_000);
