// The cluster's rolling restart (issue 19: "a rolling restart of every process under load fails no
// request"). Per round, on a fresh PostgreSQL database (dropped after), loopback only:
// FAULT_PROCESSES server processes (scripts/load/load-server.ts, cluster mode) behind nginx
// (deploy/nginx.conf through scripts/cluster/nginx-conf.ts); FAULT_USERS users signed in through
// nginx, each with a live socket and a loop of HTTP calls as the app makes them (sends to Echo with
// an Idempotency-Key and a client_message_id, sends with only the client_message_id as the outbox
// sends them, a page of history, the socket URL). Meanwhile every process in turn: SIGTERM (it
// drains: /healthz 503, sockets closed with 1012), wait for it to exit, start it again on its port,
// wait for its /healthz 200, a pause, the next one.
//
// Counted: every HTTP request's outcome (a failure is any answer but 200, or no answer: a refused
// or cut connection), every socket close (1012 is a restart: the client reconnects at once and it
// is counted as a reconnection, not a failure; any other close, or a socket that cannot be opened,
// is a failure), and in PostgreSQL each send stored once (and answered once by Echo). A failed send
// is sent again with the same key and client id, as the app would, so "lost" means never stored.
//
//   npm run fault:rolling       (needs PostgreSQL, Redis and nginx: apt-get install nginx-light)
//   FAULT_RUNS=3 FAULT_USERS=6 npm run fault:rolling
// Under vitest (project 'fault', never part of `npm test`), as the kill test.
import { type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { ECHO_BOT_ID } from '../../server/bots/bot-types';
import { API_BASE, HEADER } from '../../src/api/headers';
import { ROUTE_TABLE } from '../../src/api/route-table';
import { SERVER_RESTART_CLOSE } from '../../src/api/socket-close';
import { freshMobile } from '../integration/helpers/server';
import { writeNginxConf } from '../../scripts/cluster/nginx-conf';
import { boundedEnv as bounded, clusterServices } from '../../scripts/cluster/env-number';
import { freePort, sleep, startNginx, startProcess, stopped, untilOk } from './helpers/cluster-processes';

const RUNS = bounded('FAULT_RUNS', 10, 100);
const PROCESSES = bounded('FAULT_PROCESSES', 3, 8);
const USERS = bounded('FAULT_USERS', 4, 20);
/** Each user's pause between two calls (ms): 4 users make about 30 calls a second in all. */
const GAP_MS = bounded('FAULT_GAP_MS', 100, 10_000);
/** Load alone before the first restart, between two restarts and after the last (ms). */
const SETTLE_MS = 1_500;
const { pgAdmin: PG_ADMIN, redisUrl: REDIS_URL, nginx: NGINX } = clusterServices('fault', 'FAULT_PG_ADMIN');
const OTP = '1234';
/** A send that failed is sent again this often (the app's outbox retries too) until it is stored. */
const RESEND_MS = 250;
const RESEND_TRIES = 40;
const ANSWERS_MS = 15_000;

interface User { mobile: string; headers: Record<string, string> }

/** What one round saw. */
class Tally {
  requests = 0;
  failures = new Map<string, number>();
  /** the first few failures in full, to read */
  samples: string[] = [];
  longestRequestMs = 0;
  longestRequest = '';
  /** from a send's first try to its stored answer, retries included */
  longestSendMs = 0;
  reconnections = 0;
  /** from a 1012 close to the new socket answering a ping */
  longestSocketGapMs = 0;
  socketFailures = new Map<string, number>();
  sends: { clientId: string; keyed: boolean; ok: boolean }[] = [];
  restarts: { process: number; drainMs: number; upMs: number }[] = [];

  fail(kind: string, detail: string): void {
    this.failures.set(kind, (this.failures.get(kind) ?? 0) + 1);
    if (this.samples.length < 8) this.samples.push(detail);
  }
  socketFail(kind: string): void {
    this.socketFailures.set(kind, (this.socketFailures.get(kind) ?? 0) + 1);
  }
  failed(): number {
    return [...this.failures.values()].reduce((a, b) => a + b, 0);
  }
}

const byKind = (m: Map<string, number>) => (m.size === 0 ? 'none' : [...m].map(([k, v]) => `${k} ×${v}`).join(', '));

/** The headers the app's HTTP client sends (src/sync/http-client.ts headersFor). */
function appHeaders(user?: User): Record<string, string> {
  return { [HEADER.packageName]: 'pwa', [HEADER.versionName]: '0.1.0', [HEADER.language]: 'en', ...(user?.headers ?? {}) };
}

/** One HTTP call through nginx, counted; answers the parsed body of a 200, else undefined. */
async function call(tally: Tally, origin: string, route: keyof typeof ROUTE_TABLE, body: unknown, user?: User, extra: Record<string, string> = {}): Promise<unknown> {
  const def = ROUTE_TABLE[route];
  const headers = { ...appHeaders(user), ...extra };
  const init: RequestInit = { method: def.method, headers };
  if (def.method !== 'GET') {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const started = performance.now();
  tally.requests++;
  try {
    const res = await fetch(`${origin}${API_BASE}${def.path}`, { ...init, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    const ms = performance.now() - started;
    if (ms > tally.longestRequestMs) {
      tally.longestRequestMs = ms;
      tally.longestRequest = `${route} ${res.status}`;
    }
    if (res.status !== 200) {
      tally.fail(`${route} ${res.status}`, `${route} ${res.status} ${text.slice(0, 160)}`);
      return undefined;
    }
    return JSON.parse(text) as unknown;
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const kind = cause?.code ?? (err as Error).name;
    tally.fail(`${route} no answer (${kind})`, `${route}: ${(err as Error).message} ${cause?.message ?? ''}`);
    return undefined;
  }
}

async function signIn(tally: Tally, origin: string): Promise<User> {
  const mobile = freshMobile();
  if (!(await call(tally, origin, 'sendOtp', { mobile }))) throw new Error(`sign-in: send-otp for ${mobile} failed`);
  const tokens = await call(tally, origin, 'verifyOtp', { mobile, otp: OTP }) as { token?: string } | undefined;
  if (!tokens?.token) throw new Error(`sign-in: verify-otp for ${mobile} failed`);
  return { mobile, headers: { [HEADER.mobile]: mobile, [HEADER.sessionId]: tokens.token } };
}

/**
 * A user's live socket, kept open as the app keeps it: closed with 1012, it asks for a new URL
 * and reconnects at once (a reconnection); any other close, or a failed open, is a socket failure
 * and it tries again 250 ms later.
 */
function liveSocket(tally: Tally, origin: string, user: User, running: () => boolean): { stop(): Promise<void> } {
  let ws: WebSocket | null = null;
  let closedAt: number | null = null;
  const open = async (): Promise<void> => {
    while (running()) {
      const answer = await call(tally, origin, 'getSocketUrl', {}, user) as { socket_url?: string } | undefined;
      if (answer?.socket_url) {
        const opened = await new Promise<boolean>((resolve) => {
          const socket = new WebSocket(answer.socket_url!, { origin });
          ws = socket;
          socket.once('unexpected-response', (_req, res) => {
            tally.socketFail(`upgrade ${res.statusCode}`);
            resolve(false);
          });
          socket.once('error', (err) => {
            tally.socketFail(`error ${(err as { code?: string }).code ?? err.message}`);
            resolve(false);
          });
          socket.on('message', (data) => {
            if ((JSON.parse(String(data)) as { action?: string }).action === 'pong') resolve(true);
          });
          socket.once('open', () => socket.send(JSON.stringify({ action: 'ping' })));
          socket.once('close', (code) => {
            resolve(false);
            if (!running()) return;
            if (code === SERVER_RESTART_CLOSE) {
              tally.reconnections++;
              closedAt = performance.now();
            } else tally.socketFail(`closed ${code}`);
            void open();
          });
        });
        if (opened) {
          if (closedAt !== null) tally.longestSocketGapMs = Math.max(tally.longestSocketGapMs, performance.now() - closedAt);
          closedAt = null;
          return;
        }
        ws?.terminate();
      }
      await sleep(RESEND_MS);
    }
  };
  const first = open();
  return {
    async stop() {
      await first;
      ws?.close();
    },
  };
}

/** A user's calls until `running` turns false: keyed send, history page, unkeyed send, socket URL. */
async function userLoad(tally: Tally, origin: string, user: User, tag: string, running: () => boolean): Promise<void> {
  const send = async (keyed: boolean, body: string) => {
    const clientId = randomUUID();
    const entry = { clientId, keyed, ok: false };
    tally.sends.push(entry);
    const key = randomUUID();
    const started = performance.now();
    for (let tries = 0; tries < RESEND_TRIES && !entry.ok; tries++) {
      if (tries > 0) await sleep(RESEND_MS);
      const answer = await call(tally, origin, 'messageWebhookPwa',
        { botId: ECHO_BOT_ID, messages: [{ type: 'text', text: { body }, client_message_id: clientId }] },
        user, keyed ? { [HEADER.idempotencyKey]: key } : {});
      entry.ok = answer !== undefined;
    }
    tally.longestSendMs = Math.max(tally.longestSendMs, performance.now() - started);
  };
  for (let seq = 0; running(); seq++) {
    switch (seq % 4) {
      case 0: await send(true, `${tag} m${seq}`); break;
      case 1: await call(tally, origin, 'getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, user); break;
      case 2: await send(false, `${tag} m${seq}`); break;
      default: await call(tally, origin, 'getSocketUrl', {}, user);
    }
    await sleep(GAP_MS);
  }
}

interface Stored { storedOnce: number; lost: number; doubled: number; answeredOnce: number; unanswered: number; answeredTwice: number }

/** Each send's rows in PostgreSQL: the user's message, and Echo's answer to it (waited for a while). */
async function storedSends(databaseUrl: string, sends: Tally['sends']): Promise<Stored> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const ids = sends.map((s) => s.clientId);
    const count = async () => (await db.query<{ client_message_id: string; mine: string; answers: string }>(
      `SELECT u.client_message_id, count(DISTINCT u.message_id) AS mine, count(b.message_id) AS answers
         FROM messages u LEFT JOIN messages b ON b.in_reply_to = u.message_id AND b.sender = 'bot'
        WHERE u.sender = 'user' AND u.client_message_id = ANY($1)
        GROUP BY 1`, [ids])).rows;
    let rows = await count();
    // Echo answers through the job queue: the last few may still be on their way
    for (const until = Date.now() + ANSWERS_MS; rows.some((r) => Number(r.answers) === 0) && Date.now() < until;) {
      await sleep(250);
      rows = await count();
    }
    const of = new Map(rows.map((r) => [r.client_message_id, r]));
    const s: Stored = { storedOnce: 0, lost: 0, doubled: 0, answeredOnce: 0, unanswered: 0, answeredTwice: 0 };
    for (const id of ids) {
      const row = of.get(id);
      const mine = Number(row?.mine ?? 0);
      const answers = Number(row?.answers ?? 0);
      if (mine === 0) s.lost++;
      else if (mine === 1) s.storedOnce++;
      else s.doubled++;
      if (mine > 0 && answers === 0) s.unanswered++;
      if (answers === 1) s.answeredOnce++;
      if (answers > 1) s.answeredTwice++;
    }
    return s;
  } finally {
    await db.end();
  }
}

/**
 * nginx's access log: the requests it passed to a second process, by what the first one answered
 * (upstream_status "503, 200": a draining process's 503; "502, 200": a refused or dropped
 * connection), and the answers it gave the clients.
 */
function nginxLog(prefix: string): { passedOn: Map<string, number>; statuses: Map<string, number> } {
  const statuses = new Map<string, number>();
  const passedOn = new Map<string, number>();
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  let lines: string[] = [];
  try {
    lines = readFileSync(join(prefix, 'logs', 'access.log'), 'utf8').split('\n').filter(Boolean);
  } catch {
    // no log: nothing to add
  }
  for (const line of lines) {
    const m = /"([A-Z]+) [^"]*" (\d{3}) upstream=.* upstream_status=(.*) [\d.]+ s$/.exec(line);
    if (!m) continue;
    add(statuses, m[2]!);
    const tried = m[3]!.split(/, | : /);
    if (tried.length > 1) add(passedOn, `${m[1]} after ${tried.slice(0, -1).join('+')}`);
  }
  return { passedOn, statuses };
}

async function round(n: number, admin: pg.Client): Promise<{ tally: Tally; stored: Stored; passedOn: Map<string, number>; nginxStatuses: Map<string, number> }> {
  const dbName = `roll_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const databaseUrl = Object.assign(new URL(PG_ADMIN), { pathname: `/${dbName}` }).toString();
  const env = { databaseUrl, redisUrl: REDIS_URL, otp: OTP };
  const ports = await Promise.all(Array.from({ length: PROCESSES }, freePort));
  const listen = await freePort();
  const servers: ChildProcess[] = [];
  const { prefix, conf } = writeNginxConf(ports, listen);
  let nginx: ChildProcess | null = null;
  let loadRunning = true;
  const running = () => loadRunning;
  const sockets: { stop(): Promise<void> }[] = [];
  const tally = new Tally();
  try {
    servers.push(await startProcess(ports[0]!, env));
    servers.push(...(await Promise.all(ports.slice(1).map((p) => startProcess(p, env)))));
    nginx = await startNginx(NGINX, prefix, conf, listen);
    const origin = `http://127.0.0.1:${listen}`;
    const users: User[] = [];
    for (let i = 0; i < USERS; i++) users.push(await signIn(tally, origin));
    for (const user of users) sockets.push(liveSocket(tally, origin, user, running));

    const load = Promise.all(users.map((user, i) => userLoad(tally, origin, user, `r${n} u${i}`, running)));
    try {
      await sleep(SETTLE_MS);
      for (let i = 0; i < PROCESSES; i++) {
        const t0 = performance.now();
        await stopped(servers[i]!, 'SIGTERM');
        const drained = performance.now();
        servers[i] = await startProcess(ports[i]!, env);
        await untilOk(`http://127.0.0.1:${ports[i]}/healthz`, `process ${i} after its restart`);
        tally.restarts.push({ process: i, drainMs: drained - t0, upMs: performance.now() - drained });
        await sleep(SETTLE_MS);
      }
    } finally {
      loadRunning = false;
      await load;
    }
    await Promise.all(sockets.map((s) => s.stop()));
    const stored = await storedSends(databaseUrl, tally.sends);
    const { passedOn, statuses } = nginxLog(prefix);
    return { tally, stored, passedOn, nginxStatuses: statuses };
  } finally {
    loadRunning = false;
    await Promise.all(sockets.map((s) => s.stop().catch(() => undefined)));
    if (nginx) await stopped(nginx, 'SIGTERM');
    await Promise.all(servers.map((s) => stopped(s, 'SIGTERM')));
    rmSync(prefix, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  }
}

it(`${RUNS} rolling restarts under load: no request fails, every send stored once`, async () => {
  if (!existsSync(NGINX)) throw new Error(`fault needs nginx at ${NGINX}: apt-get install nginx-light (or set NGINX)`);
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect().catch((err: Error) => {
    throw new Error(`fault needs PostgreSQL at ${PG_ADMIN} (FAULT_PG_ADMIN): ${err.message}`);
  });
  console.log(`rolling: ${RUNS} rounds; ${PROCESSES} processes behind nginx restarted in turn (SIGTERM, exit, start, /healthz 200, ${SETTLE_MS} ms), ${USERS} users each calling every ${GAP_MS} ms with a live socket`);
  let bad = 0;
  try {
    for (let n = 1; n <= RUNS; n++) {
      const { tally: t, stored: s, passedOn, nginxStatuses } = await round(n, admin);
      const keyed = t.sends.filter((x) => x.keyed).length;
      const ok = t.failed() === 0 && t.socketFailures.size === 0 && s.lost === 0 && s.doubled === 0 && s.unanswered === 0 && s.answeredTwice === 0;
      if (!ok) bad++;
      const ms = (x: number) => `${Math.round(x)} ms`;
      console.log([
        `round ${n} ${ok ? 'ok' : 'FAILED'}: ${t.requests} requests, ${t.failed()} failed (${byKind(t.failures)})`,
        `  sends ${t.sends.length} (${keyed} with Idempotency-Key, ${t.sends.length - keyed} with the client id only): stored once ${s.storedOnce}, lost ${s.lost}, doubled ${s.doubled}; Echo answered once ${s.answeredOnce}, unanswered ${s.unanswered}, twice ${s.answeredTwice}`,
        `  sockets: ${t.reconnections} reconnections after 1012, failures ${byKind(t.socketFailures)}, longest gap ${ms(t.longestSocketGapMs)}`,
        `  longest pause: a request ${ms(t.longestRequestMs)} (${t.longestRequest}), a send until stored ${ms(t.longestSendMs)}`,
        `  restarts: ${t.restarts.map((r) => `p${r.process} drained ${ms(r.drainMs)}, up ${ms(r.upMs)}`).join('; ')}`,
        `  nginx passed to another process: ${byKind(passedOn)}; answered ${byKind(nginxStatuses)}`,
        ...t.samples.map((x) => `  failure: ${x}`),
      ].join('\n'));
    }
  } finally {
    await admin.end();
  }
  console.log(bad === 0 ? `rolling: ${RUNS} of ${RUNS} rounds failed no request and stored every send once` : `rolling: ${bad} of ${RUNS} rounds FAILED`);
  expect(bad).toBe(0);
}, RUNS * 180_000);
