// `npm run abuse`: replays the floods of issue 21 against the reference server on loopback and
// prints, per scenario, another user's request latency (p50/p99/max) and the server's resident
// memory before, during and after it. Bounded: about 2 minutes, at most 3 (then it stops).
//
// The server runs as a child process (node --import tsx server/main.ts) on a free port of
// 127.0.0.1 with a fresh PGlite data directory, OTP_FIXED and the default flood limits (set
// FLOOD_* variables to try others, server/README.md): its memory is its own, and the attackers'
// work (worker threads here) is not counted as its delay.
//
//   ABUSE_SCENARIOS=socket-flood-5000,webhook-flood-8   only these (names as in the table)
//
// A scenario is a module of scripts/abuse/ (types.ts says what it is); add it to SCENARIOS.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { routes } from '../src/api/contract';
import { ECHO_BOT_ID } from '../server/bots/registry';
import { latencyStats, probeLatency } from '../test/support/flood-clients';
import { silentSockets } from './abuse/silent-sockets';
import { socketFlood } from './abuse/socket-flood';
import { ABUSE_OTP, abuseTarget, type AbuseSession, type AbuseTarget } from './abuse/target';
import type { AbuseScenario } from './abuse/types';
import { webhookFlood } from './abuse/webhook-flood';

const SCENARIOS: readonly AbuseScenario[] = [socketFlood(5_000), socketFlood(20_000), webhookFlood, silentSockets];
const TOTAL_LIMIT_MS = 180_000;
const PROBE_SAMPLES = 100;
const DURING_LIMIT_MS = 40_000;
const SETTLE_MS = 1000;
/** The other user asks at most 50 times a second (its own rate limit is 100 a second). */
const PROBE_EVERY_MS = 20;

const root = fileURLToPath(new URL('..', import.meta.url));
const chosen = process.env.ABUSE_SCENARIOS?.split(',').map((s) => s.trim()).filter(Boolean);
const scenarios = chosen ? SCENARIOS.filter((s) => chosen.includes(s.name)) : SCENARIOS;
if (chosen && scenarios.length !== chosen.length) throw new Error(`ABUSE_SCENARIOS: known are ${SCENARIOS.map((s) => s.name).join(', ')}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The child's resident memory in MB (Linux /proc). */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

async function waitUntilUp(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${url}/version.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer within ${ms} ms`);
}

/** Another user's requests: their profile, conversation list, a page of messages, /version.json. */
function victimRequests(target: AbuseTarget, victim: AbuseSession): () => Promise<void> {
  const calls = [
    () => target.call(routes.getProfile.path, undefined, victim, 'GET'),
    () => target.call(routes.getConversationList.path, {}, victim),
    () => target.call(routes.getMessages.path, { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, victim),
    async () => ({ status: (await fetch(`${target.url}/version.json`)).status, body: undefined }),
  ];
  let n = 0;
  return async () => {
    const { status } = await calls[n++ % calls.length]!();
    if (status !== 200) throw new Error(`the other user's request answered ${status}`);
  };
}

interface Row { scenario: string; phase: string; requests: number; p50: number; p99: number; max: number; rss: number; note: string }

async function runScenario(scenario: AbuseScenario, target: AbuseTarget, pid: number): Promise<Row[]> {
  const victim = await target.signIn();
  await target.call(routes.initiateConversation.path, { bot_uuid: ECHO_BOT_ID }, victim);
  const request = victimRequests(target, victim);
  for (let i = 0; i < 8; i++) await request();
  const row = (phase: string, latencies: number[], rss: number, note = ''): Row => ({ scenario: scenario.name, phase, ...latencyStats(latencies), requests: latencies.length, rss, note });

  const before = row('before', await probeLatency(request, { samples: PROBE_SAMPLES, forMs: 20_000, everyMs: PROBE_EVERY_MS }), rssMb(pid));
  let over = false;
  let peak = rssMb(pid);
  const sampling = setInterval(() => { peak = Math.max(peak, rssMb(pid)); }, 100);
  const abuse = scenario.run(target).finally(() => { over = true; });
  const latencies = await probeLatency(request, { forMs: DURING_LIMIT_MS, stop: () => over, everyMs: PROBE_EVERY_MS });
  const note = await abuse;
  clearInterval(sampling);
  const during = row('during', latencies, peak, note);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const after = row('after', await probeLatency(request, { samples: PROBE_SAMPLES, forMs: 20_000, everyMs: PROBE_EVERY_MS }), rssMb(pid));
  return [before, during, after];
}

function printTable(rows: Row[]): void {
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
  const head = ['scenario', 'phase', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'RSS MB', 'what the server did'];
  const body = rows.map((r) => [r.scenario, r.phase, String(r.requests), ms(r.p50), ms(r.p99), ms(r.max), r.rss.toFixed(0), r.note]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
}

const started = Date.now();
const dataDir = mkdtempSync(join(tmpdir(), 'abuse-'));
const port = await freePort();
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, OTP_FIXED: ABUSE_OTP, LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
const deadline = setTimeout(() => {
  console.error(`abuse: over ${TOTAL_LIMIT_MS / 1000} s, stopping`);
  stop();
  process.exit(1);
}, TOTAL_LIMIT_MS);
deadline.unref();

let failed = false;
try {
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url, 60_000);
  const target = abuseTarget(url);
  const rows: Row[] = [];
  for (const scenario of scenarios) {
    process.stderr.write(`abuse: ${scenario.name}…\n`);
    rows.push(...(await runScenario(scenario, target, child.pid!)));
  }
  printTable(rows);
  console.log(`abuse: ${scenarios.length} scenarios in ${((Date.now() - started) / 1000).toFixed(0)} s (server: pid ${child.pid}, default flood limits unless FLOOD_* set)`);
} catch (error) {
  failed = true;
  console.error('abuse failed:', error);
} finally {
  clearTimeout(deadline);
  stop();
}
process.exit(failed ? 1 : 0);
