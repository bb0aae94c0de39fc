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
// Prints figures, asserts nothing. Needs PostgreSQL (LOAD_PG_ADMIN, default
// postgres://postgres@127.0.0.1:5432/test) and Redis (REDIS_URL, default redis://127.0.0.1:6379).
//
//   npm run load
//   LOAD_PROCESSES=2 LOAD_IDLE=2000 LOAD_USERS=20 LOAD_RATE=100 LOAD_SECONDS=20 npm run load
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { routes, type RouteName } from '../src/api/contract';
import { API_BASE, HEADER } from '../src/api/headers';
import { ECHO_BOT_ID } from '../server/bots/bot-types';
import { freshMobile } from '../test/integration/helpers/server';
import { boundedEnv as bounded, loopbackOnly } from './cluster/env-number';

const PROCESSES = bounded('LOAD_PROCESSES', 2, 8);
const IDLE = bounded('LOAD_IDLE', 1000, 15_000);
const USERS = bounded('LOAD_USERS', 10, 500);
const RATE = bounded('LOAD_RATE', 50, 2000);
const SECONDS = bounded('LOAD_SECONDS', 15, 300);
const PG_ADMIN = process.env.LOAD_PG_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const OTP = '1234';
for (const url of [PG_ADMIN, REDIS_URL]) loopbackOnly('load', url);

interface Node { url: string; child: ChildProcess }
interface Session { mobile: string; token: string }

const percentile = (sorted: number[], p: number) => sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
const fmt = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `n ${s.length}, p50 ${percentile(s, 50).toFixed(1)} ms, p95 ${percentile(s, 95).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms, max ${(s[s.length - 1] ?? NaN).toFixed(1)} ms`;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function call(node: Node, name: RouteName, body: unknown, session?: Session): Promise<Record<string, unknown>> {
  const def = routes[name];
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(session ? { [HEADER.mobile]: session.mobile, [HEADER.sessionId]: session.token } : {}) };
  const res = await fetch(node.url + API_BASE + def.path, { method: def.method, headers, body: def.method === 'GET' ? undefined : JSON.stringify(body ?? {}) });
  const answer = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) throw new Error(`${name} on ${node.url}: ${res.status} ${String(answer.message)}`);
  return answer;
}

async function signIn(node: Node): Promise<Session> {
  const mobile = freshMobile();
  await call(node, 'sendOtp', { mobile });
  const tokens = await call(node, 'verifyOtp', { mobile, otp: OTP });
  return { mobile, token: String(tokens.token) };
}

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

function startNode(databaseUrl: string): Promise<Node> {
  const child = fork(fileURLToPath(new URL('./load/load-server.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL, OTP_FIXED: OTP },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { kind: string; url: string }) => resolve({ url: m.url, child }));
    child.once('exit', (code) => reject(new Error(`a server process exited (${code}) before it was ready`)));
  });
}

const statsOf = (node: Node) => new Promise<{ rssBytes: number }>((resolve) => {
  const on = (m: { kind: string; rssBytes: number }) => {
    if (m.kind !== 'stats') return;
    node.child.off('message', on);
    resolve(m);
  };
  node.child.on('message', on);
  node.child.send({ kind: 'stats' });
});

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
    for (const s of sockets) s.terminate();
    await Promise.all(nodes.map((n) => new Promise<void>((resolve) => {
      n.child.once('exit', () => resolve());
      n.child.kill('SIGTERM');
    })));
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

await main();
