// The cluster's fault test (issue 19): under load, one server process is killed with SIGKILL and
// started again; clients reconnect through nginx to the others, and every message they queued is
// stored once, answered once (checked in PostgreSQL). FAULT_RUNS rounds (default 10), each on a
// fresh PostgreSQL database (dropped after), loopback only. Prints each round and a verdict; exits
// 1 when anything was lost or doubled.
//
// A round: FAULT_PROCESSES server processes (scripts/load/load-server.ts, cluster mode) behind
// nginx (deploy/nginx.conf, scripts/cluster/nginx-conf.ts); FAULT_CLIENTS clients, each the app's
// own sync engine in-process (RxDB on fake-indexeddb, the live socket over `ws`, the outbox and its
// retries) signed in through nginx, each queuing a text to Echo every 200 ms for FAULT_SECONDS;
// a third of the way in, a random process gets SIGKILL, and is started again on its port 3 s
// later. Then every outbox must drain (60 s at most) and, per client, PostgreSQL must hold each
// queued message once and one Echo answer to each.
//
//   npm run fault            (needs PostgreSQL, Redis and nginx: apt-get install nginx-light)
//   FAULT_RUNS=3 FAULT_SECONDS=20 npm run fault
// It runs under vitest (project 'fault', never part of `npm test`): the engine's modules need
// Vite's import.meta.env, as the soak's do.
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import pg from 'pg';
import { expect, it } from 'vitest';
import { ECHO_BOT_ID } from '../../server/bots/bot-types';
import { startChatClient, type ChatClient } from '../integration/helpers/chat-client';
import { freshMobile } from '../integration/helpers/server';
import { CHAT_COLLECTIONS } from '../unit/db/helpers/fake-db';
import { writeNginxConf } from '../../scripts/cluster/nginx-conf';
import { freePort, sleep, startNginx, startProcess as startServer, stopped } from './helpers/cluster-processes';
import { boundedEnv as bounded, clusterServices } from '../../scripts/cluster/env-number';

const RUNS = bounded('FAULT_RUNS', 10, 100);
const PROCESSES = bounded('FAULT_PROCESSES', 3, 8);
// two at most: each client is a whole app database in this process, and RxDB's open-source build
// allows 13 collections per process (CHAT_COLLECTIONS is 6)
const CLIENTS = bounded('FAULT_CLIENTS', 2, 2);
const SECONDS = bounded('FAULT_SECONDS', 12, 120);
const { pgAdmin: PG_ADMIN, redisUrl: REDIS_URL, nginx: NGINX } = clusterServices('fault', 'FAULT_PG_ADMIN');
const OTP = '1234';
const SEND_EVERY_MS = 200;
const DRAIN_MS = 60_000;

const startProcess = (port: number, databaseUrl: string) => startServer(port, { databaseUrl, redisUrl: REDIS_URL, otp: OTP });

interface Round { queued: number; lost: number; doubled: number; unanswered: number; drainedMs: number; killed: number }

async function round(n: number, admin: pg.Client): Promise<Round> {
  const dbName = `fault_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const databaseUrl = Object.assign(new URL(PG_ADMIN), { pathname: `/${dbName}` }).toString();
  const ports = await Promise.all(Array.from({ length: PROCESSES }, freePort));
  const listen = await freePort();
  const servers: ChildProcess[] = [];
  const clients: ChatClient[] = [];
  const { prefix, conf } = writeNginxConf(ports, listen);
  let nginx: ChildProcess | null = null;
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    servers.push(await startProcess(ports[0]!, databaseUrl));
    servers.push(...(await Promise.all(ports.slice(1).map((p) => startProcess(p, databaseUrl)))));
    nginx = await startNginx(NGINX, prefix, conf, listen);
    const origin = `http://127.0.0.1:${listen}`;
    for (let i = 0; i < CLIENTS; i++) {
      const client = await startChatClient({ origin, timings: { retryMs: 200 }, collections: CHAT_COLLECTIONS });
      await client.signIn(freshMobile(), () => OTP);
      clients.push(client);
    }

    // load, with one process killed a third of the way in and started again 3 s later
    const sent: string[][] = clients.map(() => []);
    const victim = Math.floor(Math.random() * PROCESSES);
    const ends = Date.now() + SECONDS * 1000;
    const killAt = Date.now() + (SECONDS * 1000) / 3;
    let killed = false;
    let restarted: Promise<void> | null = null;
    let seq = 0;
    while (Date.now() < ends) {
      if (!killed && Date.now() >= killAt) {
        killed = true;
        await stopped(servers[victim]!, 'SIGKILL');
        restarted = sleep(3000).then(async () => {
          servers[victim] = await startProcess(ports[victim]!, databaseUrl);
        });
      }
      await Promise.all(clients.map(async (c, i) => {
        const body = `r${n} c${i} m${seq}`;
        await c.sendText(ECHO_BOT_ID, body);
        sent[i]!.push(body);
      }));
      seq++;
      await sleep(SEND_EVERY_MS);
    }
    await restarted;

    // every outbox drains
    const drainStarted = Date.now();
    for (;;) {
      const left = (await Promise.all(clients.map((c) => c.db.outbox.count().exec()))).reduce((a, b) => a + b, 0);
      if (left === 0) break;
      if (Date.now() - drainStarted > DRAIN_MS) throw new Error(`round ${n}: ${left} messages still queued ${DRAIN_MS / 1000} s after the load ended`);
      for (const c of clients) void c.engine.invoke('syncNow');
      await sleep(250);
    }
    const drainedMs = Date.now() - drainStarted;
    // the Echo answers of the last sends may still be on their way
    await sleep(1500);

    // PostgreSQL: each queued text once from the user, and answered once by Echo
    await db.connect();
    let lost = 0, doubled = 0, unanswered = 0;
    for (const [i, client] of clients.entries()) {
      const rows = (await db.query<{ sender: string; body: string; n: string }>(
        `SELECT m.sender, m.payload->'text'->>'body' AS body, count(*) AS n
           FROM messages m JOIN users u ON u.user_uuid = m.user_uuid
          WHERE u.mobile LIKE $1 AND m.bot_uuid = $2 AND m.payload->'text'->>'body' LIKE $3
          GROUP BY 1, 2`, [`%${(client.mobile ?? '').slice(-10)}`, ECHO_BOT_ID, `r${n} c${i} m%`])).rows;
      const count = (sender: string, body: string) => Number(rows.find((r) => r.sender === sender && r.body === body)?.n ?? 0);
      for (const body of sent[i]!) {
        const mine = count('user', body);
        if (mine === 0) lost++;
        if (mine > 1) doubled++;
        const answers = count('bot', body);
        if (answers === 0 && mine > 0) unanswered++;
        if (answers > 1) doubled++;
      }
    }
    return { queued: sent.reduce((a, s) => a + s.length, 0), lost, doubled, unanswered, drainedMs, killed: victim };
  } finally {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await db.end().catch(() => undefined);
    if (nginx) await stopped(nginx, 'SIGTERM');
    await Promise.all(servers.map((s) => stopped(s, 'SIGTERM')));
    rmSync(prefix, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  }
}

it(`${RUNS} rounds of SIGKILL under load: nothing lost, nothing doubled`, async () => {
  if (!existsSync(NGINX)) throw new Error(`fault needs nginx at ${NGINX}: apt-get install nginx-light (or set NGINX)`);
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect().catch((err: Error) => {
    throw new Error(`fault needs PostgreSQL at ${PG_ADMIN} (FAULT_PG_ADMIN): ${err.message}`);
  });
  console.log(`fault: ${RUNS} rounds; ${PROCESSES} processes behind nginx, ${CLIENTS} clients, ${SECONDS} s of sends every ${SEND_EVERY_MS} ms each, one process killed (SIGKILL) and restarted per round`);
  let bad = 0;
  try {
    for (let n = 1; n <= RUNS; n++) {
      const r = await round(n, admin);
      const ok = r.lost === 0 && r.doubled === 0 && r.unanswered === 0;
      if (!ok) bad++;
      console.log(`round ${n}: process ${r.killed} killed; ${r.queued} queued, lost ${r.lost}, doubled ${r.doubled}, unanswered ${r.unanswered}; outboxes empty ${(r.drainedMs / 1000).toFixed(1)} s after the load ${ok ? 'ok' : 'FAILED'}`);
    }
  } finally {
    await admin.end();
  }
  console.log(bad === 0 ? `fault: ${RUNS} of ${RUNS} rounds lost nothing and doubled nothing` : `fault: ${bad} of ${RUNS} rounds FAILED`);
  expect(bad).toBe(0);
}, RUNS * (SECONDS + 120) * 1000);
