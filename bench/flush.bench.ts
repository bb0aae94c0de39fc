// 1,000 sends queued offline, then the network comes back: the sync engine (in the page, with
// its live socket) against the real reference server, until the outbox is empty and every send
// is acknowledged. Compared with 1,000 plain sequential fetch() calls from the same page.
import { fmtRatio, openBenchBrowser, OTP, roundStats } from './browser-harness';
import { ECHO_BOT_ID } from '../server/bots/registry';
import { percentile, type Bench } from './lib';

const SENDS = 1000;
const ROUNDS = 2;
const REFERENCE_PATH = '/version.json';
/** The issue's goal: the whole queue acknowledged within 5 s of reconnecting. */
const GOAL_MS = 5000;
const TIMEOUT_MS = 120_000;
/** The issue's goal for putting 1,000 sends in the outbox offline. */
const ENQUEUE_GOAL_MS = 1000;

const bench: Bench = async () => {
  const b = await openBenchBrowser();
  try {
    // warm-up: the page's fetch path and the server's routes, not counted
    await b.call('sequentialFetches', REFERENCE_PATH, 200);
    await b.call('flush', '+919800000000', OTP, ECHO_BOT_ID, 50, TIMEOUT_MS);
    const flushes = [];
    const references = [];
    const eachRequest: number[] = [];
    /** CPU time of this Node process (the server and PGlite) during each flush call */
    const serverCpuMs: number[] = [];
    /** the page's main thread during each flushRun: busy (any task) and running JavaScript */
    const pageTaskMs: number[] = [];
    const pageScriptMs: number[] = [];
    /** the same writes as enqueueMessage by hand: two databases (as RxDB's Dexie storage) and one */
    const rawSplitMs: number[] = [];
    const rawOneMs: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const ref = await b.call('sequentialFetches', REFERENCE_PATH, SENDS);
      references.push(ref.totalMs);
      eachRequest.push(...ref.eachMs);
      rawSplitMs.push((await b.call('rawEnqueue', SENDS, true)).ms);
      rawOneMs.push((await b.call('rawEnqueue', SENDS, false)).ms);
      await b.call('flushPrepare', `+91980000000${r + 1}`, OTP, ECHO_BOT_ID, SENDS, TIMEOUT_MS);
      const before = await b.pageMetrics();
      const cpu = process.cpuUsage();
      flushes.push(await b.call('flushRun'));
      const used = process.cpuUsage(cpu);
      const after = await b.pageMetrics();
      serverCpuMs.push((used.user + used.system) / 1000);
      pageTaskMs.push(after.taskMs - before.taskMs);
      pageScriptMs.push(after.scriptMs - before.scriptMs);
    }
    const flushStats = roundStats(flushes.map((f) => f.flushMs), SENDS);
    const refStats = roundStats(references, SENDS);
    const sorted = [...eachRequest].sort((a, x) => a - x);
    const ms = (v: number) => `${Math.round(v)} ms`;
    return {
      subject: `${SENDS.toLocaleString('en')} sends queued offline (enqueueMessage), then online: time until the outbox is empty and every send is sent or delivered`,
      reference: `${SENDS.toLocaleString('en')} sequential fetch('${REFERENCE_PATH}') from the same page to the same server (each body read): the page's cost of one HTTP round trip, no database`,
      notes: [
        `Chromium ${b.chromiumVersion} headless, page built by Vite in production mode; the engine runs in the page (createInProcessEngine, the sync worker's code) against the reference server at ${b.url} (PGlite in memory, same origin for the page, the API and the socket), to the echo bot`,
        'each round: a fresh database and user (requestOtp, verifyOtp through the engine), the socket opened, then offline (the injected fetch rejects, the socket is closed, the connectivity source says offline), the sends enqueued, then online and the clock starts',
        `how the engine sent them (per round): ${flushes.map((f) => `${f.webhookCalls} webhook calls + ${f.socketSends} socket sends, socket open after ${f.socketOpenAtMs === null ? '—' : ms(f.socketOpenAtMs)}`).join('; ')}`,
        `enqueueing ${SENDS} sends offline, each awaited (enqueueMessage: the outbox entry, then the pending message): ${flushes.map((f) => ms(f.enqueueMs)).join(', ')} (goal < ${ENQUEUE_GOAL_MS / 1000} s: ${Math.max(...flushes.map((f) => f.enqueueMs)) < ENQUEUE_GOAL_MS ? 'met' : 'NOT met'}); the same two documents put by hand in raw IndexedDB, each send awaited: in two databases, a transaction each (RxDB's Dexie storage keeps a database per collection) ${rawSplitMs.map(ms).join(', ')}; in one transaction of one database ${rawOneMs.map(ms).join(', ')}; enqueueMessage / two-database raw ${fmtRatio(roundStats(flushes.map((f) => f.enqueueMs), SENDS).p50 / roundStats(rawSplitMs, SENDS).p50)}`,
        `from going online to the end of the delivered count (flush + delivered wait, per round): server process CPU (Fastify, bots, PGlite, this bench) ${serverCpuMs.map(ms).join(', ')}; page main thread busy ${pageTaskMs.map(ms).join(', ')}, of which JavaScript ${pageScriptMs.map(ms).join(', ')} (Chromium's Performance.getMetrics TaskDuration, ScriptDuration)`,
        `delivered (the echo bot's answer stored after the send), counted until 2 s pass without a change: ${flushes.map((f) => `${f.delivered} of ${f.sends} (last after ${ms(f.deliveredMs)}; ${f.botMessages} bot answers stored)`).join('; ')}`,
        `engine warnings in the page: ${b.consoleLines.filter((l) => l.includes('sync:')).length}${b.consoleLines.filter((l) => l.includes('sync:')).slice(0, 3).map((l) => ` | ${l.slice(0, 200)}`).join('')}`,
        `reference requests one by one: p50 ${sorted.length ? percentile(sorted, 50).toFixed(2) : '—'} ms, p95 ${percentile(sorted, 95).toFixed(2)} ms; latency columns are ms per round of ${SENDS}`,
        `goal acknowledged < ${GOAL_MS / 1000} s: p50 ${ms(flushStats.p50)}, max ${ms(flushStats.max)}: ${flushStats.max < GOAL_MS ? 'met' : flushStats.p50 < GOAL_MS ? 'met at p50, not in every round' : 'NOT met'}; p50 ratio to the reference ${fmtRatio(flushStats.p50 / refStats.p50)}`,
      ],
      cases: [{
        name: `${SENDS.toLocaleString('en')} queued sends, ${ROUNDS} rounds`,
        reference: { label: `${SENDS} × fetch ${REFERENCE_PATH}`, unit: 'request', stats: refStats },
        measured: [
          { label: 'flush until acknowledged', unit: 'send', stats: flushStats },
          { label: 'until the last delivered mark', unit: 'send', stats: roundStats(flushes.map((f) => f.deliveredMs), SENDS) },
        ],
      }],
    };
  } finally {
    await b.close();
  }
};

export default bench;
