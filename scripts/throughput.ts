// `npm run throughput`: two closed-loop throughput figures on this machine (issue 19), loopback
// only. Prints figures and ratios, asserts nothing; not part of `npm test`.
//
//   1. cluster (TPUT_MODE=cluster): 1 server process behind nginx, then 2 behind nginx, each on a
//      fresh PostgreSQL database (dropped after) with Redis (cluster mode, scripts/load/
//      load-server.ts: abuse limits lifted, sign-in code fixed). TPUT_CONCURRENCY signed-in users,
//      each sending texts to the Echo bot through the webhook route (messageWebhookPwa, whose
//      answer carries Echo's reply) one after another: the next as soon as the previous answer is
//      in. messages/s, p50/p99 of each webhook call, and the ratio 2 processes / 1 process.
//   2. sign-in (TPUT_MODE=signin): the same closed loop of sign-ins (send-otp, then verify-otp
//      with the fixed code; a fresh number each) against one server process on embedded PGlite
//      (a temporary DATA_DIR, deleted after), then one on PostgreSQL (a fresh database, dropped
//      after; no Redis): sign-ins/s, p50/p99, and the ratio PostgreSQL / PGlite. Directly to the
//      process, no nginx.
// Each measured run is preceded by TPUT_WARMUP_SECONDS of the same load, not counted, and lasts
// TPUT_SECONDS; the load average (os.loadavg) is printed at the start and end of each, and the
// CPU time each server process and this client used over the measured seconds. The client
// (this process), nginx, PostgreSQL, Redis and the servers share the machine's cores: on a
// 2-core machine the 2-process figure measures contention as much as scaling, and the figures
// are only worth comparing when the machine is otherwise quiet. Ctrl-C stops every process and
// nginx, drops the databases and deletes the temporary folders.
//
//   TPUT_MODE            cluster, signin or both (default both)
//   TPUT_CONCURRENCY     C, concurrent users (default 8, at most 256)
//   TPUT_SECONDS         T, seconds measured per run (default 10, at most 300)
//   TPUT_WARMUP_SECONDS  seconds of uncounted load before each run (default 2, at most 60)
//   TPUT_ROUNDS          rounds of each pair of runs (default 1, at most 10), the order swapped
//                        every other round; with more than one, the median throughput ratio
//   TPUT_PG_ADMIN        default postgres://postgres@127.0.0.1:5432/test (databases made from it)
//   REDIS_URL            default redis://127.0.0.1:6379
//   NGINX                default /usr/sbin/nginx (Debian package nginx-light)
//
//   npm run throughput
//   TPUT_MODE=cluster TPUT_CONCURRENCY=16 TPUT_SECONDS=30 npm run throughput
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ECHO_BOT_ID } from '../server/bots/bot-types';
import { boundedEnv as bounded, clusterServices, freePort } from './cluster/env-number';
import { writeNginxConf } from './cluster/nginx-conf';
import { sleep, startNginx } from './cluster/processes';
import { call, onCleanup, percentile, signIn, startServerProcess, statsOf, stopped, type ServerProcess, type Session } from './load/client';

const MODE = process.env.TPUT_MODE ?? 'both';
if (!['cluster', 'signin', 'both'].includes(MODE)) throw new Error(`TPUT_MODE must be cluster, signin or both, got ${MODE}`);
const CONCURRENCY = bounded('TPUT_CONCURRENCY', 8, 256);
const SECONDS = bounded('TPUT_SECONDS', 10, 300);
const WARMUP = bounded('TPUT_WARMUP_SECONDS', 2, 60);
const ROUNDS = bounded('TPUT_ROUNDS', 1, 10);
const { pgAdmin: PG_ADMIN, redisUrl: REDIS_URL, nginx: NGINX } = clusterServices('throughput', 'TPUT_PG_ADMIN');

const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

interface Figures { name: string; unit: string; n: number; perSecond: number; p50: number; p99: number; errors: number; loadStart: string; loadEnd: string }

/**
 * CONCURRENCY workers, each starting its next `op` when its previous one ends, for `seconds`:
 * the latency of every op that ended within the window, and the count of failed ones.
 */
async function closedLoop(seconds: number, op: (worker: number) => Promise<void>) {
  const ms: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const ends = started + seconds * 1000;
  await Promise.all(Array.from({ length: CONCURRENCY }, async (_, worker) => {
    while (performance.now() < ends) {
      const t0 = performance.now();
      try {
        await op(worker);
        if (performance.now() <= ends) ms.push(performance.now() - t0);
      } catch (err) {
        errors++;
        firstError ??= (err as Error).message;
        await sleep(10);
      }
    }
  }));
  return { ms: ms.sort((a, b) => a - b), errors, firstError, seconds: (performance.now() - started) / 1000 };
}

/** Warm-up, then the measured closed loop, with the load average around the measured part. */
async function measure(name: string, unit: string, nodes: readonly ServerProcess[], op: (worker: number) => Promise<void>): Promise<Figures> {
  await closedLoop(WARMUP, op);
  const loadStart = load();
  const cpuBefore = await Promise.all(nodes.map(statsOf));
  const clientBefore = process.cpuUsage();
  const r = await closedLoop(SECONDS, op);
  const client = process.cpuUsage(clientBefore);
  const cpuAfter = await Promise.all(nodes.map(statsOf));
  const loadEnd = load();
  const f = { name, unit, n: r.ms.length, perSecond: r.ms.length / r.seconds, p50: percentile(r.ms, 50), p99: percentile(r.ms, 99), errors: r.errors, loadStart, loadEnd };
  console.log(`  ${name}: ${f.perSecond.toFixed(1)} ${unit}/s (${f.n} in ${r.seconds.toFixed(1)} s), p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, errors ${f.errors}${r.firstError ? ` (first: ${r.firstError})` : ''}; load average ${loadStart} at start, ${loadEnd} at end`);
  // CPU time over the measured seconds: a figure near 100 % is a process that had a core to itself all along
  const busy = (micros: number) => `${((micros / 1e6 / r.seconds) * 100).toFixed(0)} %`;
  console.log(`    CPU over the ${r.seconds.toFixed(1)} s: ${nodes.map((_, i) => `server ${i} ${busy(cpuAfter[i]!.cpuMicros - cpuBefore[i]!.cpuMicros)}`).join(', ')}, this client ${busy(client.user + client.system)} (of one core; PostgreSQL, Redis and nginx not counted)`);
  return f;
}

/** A fresh PostgreSQL database, dropped by the answered cleanup (also on Ctrl-C). */
async function freshDatabase(admin: pg.Client, prefix: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const drop = onCleanup(async () => void (await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
  return { url: Object.assign(new URL(PG_ADMIN), { pathname: `/${name}` }).toString(), name, drop };
}

/** Starts a server process and registers its stop (also on Ctrl-C). */
async function serverProcess(env: Record<string, string>): Promise<{ node: ServerProcess; stop: () => Promise<void> }> {
  const started = startServerProcess(env);
  const stop = onCleanup(async () => {
    const n = await started.catch(() => undefined);
    if (n) await stopped(n.child);
  });
  const node = await started.catch(async (err: Error) => {
    await stop();
    throw err;
  });
  return { node, stop };
}

/** `processes` servers behind nginx on a fresh database: C users sending to Echo by webhook. */
async function clusterRun(admin: pg.Client, processes: number): Promise<Figures> {
  const db = await freshDatabase(admin, 'tput');
  const stops: Array<() => Promise<void>> = [];
  let nginx: ChildProcess | null = null;
  let prefix: string | undefined;
  const stopNginx = onCleanup(async () => {
    if (nginx) await stopped(nginx, 'SIGQUIT');
    if (prefix) rmSync(prefix, { recursive: true, force: true });
  });
  try {
    const ports = await Promise.all(Array.from({ length: processes }, freePort));
    const listen = await freePort();
    // the first process migrates the database alone; the others start once it is up
    const nodes: ServerProcess[] = [];
    const start = (port: number) => serverProcess({ DATABASE_URL: db.url, REDIS_URL, PORT: String(port), DATA_DIR: '' }).then((s) => {
      stops.push(s.stop);
      nodes.push(s.node);
    });
    await start(ports[0]!);
    await Promise.all(ports.slice(1).map(start));
    const written = writeNginxConf(ports, listen);
    prefix = written.prefix;
    nginx = await startNginx(NGINX, written.prefix, written.conf, listen);
    const origin = { url: `http://127.0.0.1:${listen}` };
    const users: Session[] = await Promise.all(Array.from({ length: CONCURRENCY }, () => signIn(origin)));
    let seq = 0;
    let unanswered = 0;
    const f = await measure(`${processes} process${processes > 1 ? 'es' : ''} behind nginx`, 'messages', nodes, async (worker) => {
      const n = seq++;
      const message = { type: 'text', text: { body: `tput ${n}` }, client_message_id: `tput-${db.name}-${n}` };
      const answer = await call(origin, 'messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [message] }, users[worker]);
      if (!(answer.messages as Array<{ from?: string }>).some((m) => m.from === 'bot')) unanswered++;
    });
    const log = readFileSync(join(written.prefix, 'logs', 'access.log'), 'utf8');
    const share = ports.map((p) => `:${p} ${log.split(`upstream=127.0.0.1:${p} `).length - 1}`).join(', ');
    console.log(`    webhook answers without Echo's reply: ${unanswered}; requests per upstream (nginx's log, warm-up and sign-ins included): ${share}`);
    return f;
  } finally {
    await stopNginx();
    for (const stop of stops) await stop();
    await db.drop();
  }
}

/** One server process on PGlite (temporary DATA_DIR) or PostgreSQL (fresh database): sign-ins. */
async function signInRun(admin: pg.Client, on: 'PGlite' | 'PostgreSQL'): Promise<Figures> {
  let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let dataDir: string | undefined;
  const removeDir = onCleanup(async () => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  let stop: (() => Promise<void>) | undefined;
  try {
    if (on === 'PGlite') dataDir = mkdtempSync(join(tmpdir(), 'chatbot-tput-pglite-'));
    else db = await freshDatabase(admin, 'tput_signin');
    const env = dataDir ? { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' } : { DATABASE_URL: db!.url, REDIS_URL: '', DATA_DIR: '' };
    const server = await serverProcess(env);
    stop = server.stop;
    return await measure(`one process on ${on}${dataDir ? ` (${dataDir})` : ` (${db!.name}, no Redis)`}`, 'sign-ins', [server.node], async () => void (await signIn(server.node)));
  } finally {
    await stop?.();
    await db?.drop();
    await removeDir();
  }
}

const ratio = (a: Figures, b: Figures) => `${(a.perSecond / b.perSecond).toFixed(2)}× the throughput, p50 ${(a.p50 / b.p50).toFixed(2)}×, p99 ${(a.p99 / b.p99).toFixed(2)}×`;

/**
 * TPUT_ROUNDS rounds of the pair, the reference first in odd rounds and second in even ones (so
 * a machine growing busier or quieter does not always favour the same side): each round's ratio
 * a/b, then the median of the throughput ratios.
 */
async function rounds(label: string, a: () => Promise<Figures>, b: () => Promise<Figures>) {
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    if (ROUNDS > 1) console.log(`  round ${round} of ${ROUNDS}`);
    let fa: Figures, fb: Figures;
    if (round % 2 === 1) {
      fb = await b();
      fa = await a();
    } else {
      fa = await a();
      fb = await b();
    }
    ratios.push(fa.perSecond / fb.perSecond);
    console.log(`  ${label}${ROUNDS > 1 ? ` (round ${round})` : ''}: ${ratio(fa, fb)}`);
  }
  if (ROUNDS > 1) {
    const sorted = [...ratios].sort((x, y) => x - y);
    const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
    console.log(`  ${label}: throughput ratio median ${median.toFixed(2)}× over ${ROUNDS} rounds (${ratios.map((x) => `${x.toFixed(2)}×`).join(', ')})`);
  }
}

async function main() {
  if (MODE !== 'signin' && !existsSync(NGINX)) throw new Error(`throughput needs nginx at ${NGINX}: apt-get install nginx-light (or set NGINX)`);
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect().catch((err: Error) => {
    throw new Error(`throughput needs PostgreSQL at ${PG_ADMIN} (TPUT_PG_ADMIN): ${err.message}`);
  });
  const closeAdmin = onCleanup(() => admin.end());
  console.log(`throughput: mode ${MODE}; C ${CONCURRENCY} concurrent users, T ${SECONDS} s measured after ${WARMUP} s of warm-up per run, closed loop, ${ROUNDS} round${ROUNDS > 1 ? 's' : ''}`);
  console.log(`  machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average ${load()} (1, 5, 15 min); this client, nginx, PostgreSQL, Redis and the server processes all share these cores`);
  console.log('  figures from a shared or busy machine are provisional: take the ones to keep on a quiet machine');
  try {
    if (MODE !== 'signin') {
      console.log(`cluster: texts to Echo through the webhook route via nginx, fresh PostgreSQL database per run, Redis ${REDIS_URL}`);
      await rounds('2 processes / 1 process', () => clusterRun(admin, 2), () => clusterRun(admin, 1));
      if (cpus().length <= 2) console.log(`  note: ${cpus().length} cores for 2 server processes plus nginx, PostgreSQL, Redis and this client: the second process has no core of its own, so this ratio is what a second process gains on this machine, not how the code scales with a core per process`);
    }
    if (MODE !== 'cluster') {
      console.log('sign-in: send-otp then verify-otp (fixed code, fresh numbers, abuse limits lifted), directly to one server process');
      await rounds('PostgreSQL / PGlite', () => signInRun(admin, 'PostgreSQL'), () => signInRun(admin, 'PGlite'));
    }
  } finally {
    await closeAdmin();
  }
}

await main();
