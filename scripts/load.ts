// `npm run load`: a bounded load test of cluster mode on this machine (issue 19), loopback only.
// Starts LOAD_PROCESSES server processes (scripts/load/load-server.ts: cluster mode, abuse
// limits lifted, sign-in code fixed) on a fresh PostgreSQL database (dropped at the end) and the
// machine's Redis, then:
//   1. idle: LOAD_IDLE sockets opened round-robin over the processes and held; each process's
//      memory (RSS) before and after, so the memory per idle socket shows;
//   2. fan-out: LOAD_USERS users, each with a socket on process i and another on process i+1;
//      messages to the Echo bot at LOAD_RATE per second for LOAD_SECONDS, half through the
//      webhook (HTTP) and half on the first socket; the time from each send to the user's
//      message and to the bot's echo arriving on the OTHER socket (another process): p50/p95/p99.
// Ctrl-C stops the processes and drops the database (scripts/load/client.ts onCleanup).
// Prints figures, asserts nothing. Needs PostgreSQL (LOAD_PG_ADMIN, default
// postgres://postgres@127.0.0.1:5432/test) and Redis (REDIS_URL, default redis://127.0.0.1:6379).
//
//   npm run load
//   LOAD_PROCESSES=2 LOAD_IDLE=2000 LOAD_USERS=20 LOAD_RATE=100 LOAD_SECONDS=20 npm run load
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { ECHO_BOT_ID } from '../server/bots/bot-types';
import { boundedEnv as bounded, clusterServices } from './cluster/env-number';
import { call, onCleanup, percentile, signIn, startServerProcess, statsOf, stopped, type ServerProcess, type Session } from './load/client';

const PROCESSES = bounded('LOAD_PROCESSES', 2, 8);
const IDLE = bounded('LOAD_IDLE', 1000, 15_000);
const USERS = bounded('LOAD_USERS', 10, 500);
const RATE = bounded('LOAD_RATE', 50, 2000);
const SECONDS = bounded('LOAD_SECONDS', 15, 300);
const { pgAdmin: PG_ADMIN, redisUrl: REDIS_URL } = clusterServices('load', 'LOAD_PG_ADMIN');

type Node = ServerProcess;

const fmt = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `n ${s.length}, p50 ${percentile(s, 50).toFixed(1)} ms, p95 ${percentile(s, 95).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms, max ${(s[s.length - 1] ?? NaN).toFixed(1)} ms`;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** A socket of `me` on `node`, registered with the hub (its first ping answered). */
async function socketOn(node: Node, me: Session, onFrame?: (frame: { action?: string; body?: { message?: { from?: string; text?: { body?: string } } } }) => void): Promise<WebSocket> {
  const { socket_url } = await call(node, 'getSocketUrl', {}, me);
  const ws = new WebSocket(String(socket_url));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => ws.send(JSON.stringify({ action: 'ping' })));
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { action?: string };
      if (frame.action === 'pong') resolve();
      onFrame?.(frame);
    });
    ws.once('error', reject);
  });
  return ws;
}

const startNode = (databaseUrl: string) => startServerProcess({ DATABASE_URL: databaseUrl, REDIS_URL });

async function main() {
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect().catch((err: Error) => {
    throw new Error(`load needs PostgreSQL at ${PG_ADMIN} (LOAD_PG_ADMIN): ${err.message}`);
  });
  const dbName = `load_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const databaseUrl = Object.assign(new URL(PG_ADMIN), { pathname: `/${dbName}` }).toString();
  const nodes: Node[] = [];
  const sockets: WebSocket[] = [];
  // also on Ctrl-C (scripts/load/client.ts onCleanup)
  const cleanUp = onCleanup(async () => {
    for (const s of sockets) s.terminate();
    await Promise.all(nodes.map((n) => stopped(n.child)));
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  });
  try {
    // the first process migrates the database alone; the others start once it is up
    nodes.push(await startNode(databaseUrl));
    nodes.push(...(await Promise.all(Array.from({ length: PROCESSES - 1 }, () => startNode(databaseUrl)))));
    console.log(`load: ${PROCESSES} server processes on ${dbName} and ${REDIS_URL}; idle ${IDLE}, users ${USERS}, ${RATE} messages/s for ${SECONDS} s`);

    // 1. idle sockets, a few users each holding many (as many devices' worth)
    const before = await Promise.all(nodes.map(statsOf));
    const idleUsers = await Promise.all(Array.from({ length: Math.ceil(IDLE / 1000) }, () => signIn(nodes[0]!)));
    const openedAt = performance.now();
    for (let i = 0; i < IDLE; i += 100) {
      const batch = Array.from({ length: Math.min(100, IDLE - i) }, (_, k) => socketOn(nodes[(i + k) % PROCESSES]!, idleUsers[Math.floor((i + k) / 1000)]!));
      sockets.push(...(await Promise.all(batch)));
    }
    const after = await Promise.all(nodes.map(statsOf));
    console.log(`idle: ${IDLE} sockets opened in ${((performance.now() - openedAt) / 1000).toFixed(1)} s and held; per process ${Math.ceil(IDLE / PROCESSES)}`);
    nodes.forEach((_, i) => console.log(`  process ${i}: RSS ${mb(before[i]!.rssBytes)} → ${mb(after[i]!.rssBytes)} (${((after[i]!.rssBytes - before[i]!.rssBytes) / Math.ceil(IDLE / PROCESSES) / 1024).toFixed(1)} KB per idle socket)`));

    // 2. fan-out at a fixed rate
    const userMs: number[] = [], echoMs: number[] = [];
    const sentAt = new Map<string, number>();
    const users = await Promise.all(Array.from({ length: USERS }, () => signIn(nodes[0]!)));
    const senders: WebSocket[] = [];
    for (const [i, me] of users.entries()) {
      const receiver = (process: number) => (frame: { action?: string; body?: { message?: { from?: string; text?: { body?: string } } } }) => {
        const message = frame.action === 'message-received' ? frame.body?.message : undefined;
        const at = message?.text?.body ? sentAt.get(message.text.body) : undefined;
        if (at === undefined || process === i % PROCESSES) return;
        (message!.from === 'bot' ? echoMs : userMs).push(performance.now() - at);
      };
      senders.push(await socketOn(nodes[i % PROCESSES]!, me));
      sockets.push(await socketOn(nodes[(i + 1) % PROCESSES]!, me, receiver((i + 1) % PROCESSES)));
    }
    sockets.push(...senders);
    const total = RATE * SECONDS;
    const started = performance.now();
    let errors = 0;
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const u = n % USERS;
      const body = `load ${n} ${randomBytes(3).toString('hex')}`;
      const message = { type: 'text', text: { body }, client_message_id: `load-${dbName}-${n}` };
      sentAt.set(body, performance.now());
      if (n % 2 === 0) void call(nodes[u % PROCESSES]!, 'messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [message] }, users[u]).catch(() => void errors++);
      else senders[u]!.send(JSON.stringify({ action: 'send-message', body: { bot_uuid: ECHO_BOT_ID, message } }));
    }
    const sendSeconds = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 3000));
    console.log(`fan-out: ${total} messages in ${sendSeconds.toFixed(1)} s (${(total / sendSeconds).toFixed(0)}/s asked ${RATE}/s), webhook errors ${errors}`);
    console.log(`  the user's message on the other process's socket: ${fmt(userMs)}${userMs.length < total ? ` (${total - userMs.length} not seen)` : ''}`);
    console.log(`  the Echo bot's answer on the other process's socket: ${fmt(echoMs)}${echoMs.length < total ? ` (${total - echoMs.length} not seen)` : ''}`);
  } finally {
    await cleanUp();
  }
}

await main();
