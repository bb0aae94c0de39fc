// The model of the exactly-once property (DESIGN.md §4): a schedule of sends, network faults,
// server restarts and engine restarts (tab reloads, crashes between the two writes of a send)
// runs against the real engine and the real server; after the schedule the network heals and
// the outbox must drain so that
//   1. the server holds, per conversation, exactly the sent client ids, in send order, once each;
//   2. every sent message exists once on the device, sent or delivered;
//   3. no message's status ever moved backwards (canMoveStatus), and none failed (nothing is
//      refused in this model);
//   4. (issue 12) the actions mixed in with the sends (bot reports and archive toggles, message
//      ratings and saves, cart edits) all leave the one action queue, each applied on the server
//      once and in its ordering key's order: every report stored once, in queueing order; each
//      bot's archive flag as its last toggle said; each message's rating the last one given; the
//      saved messages exactly those saved; the cart holding exactly the edits queued.
//
// Used by test/integration/exactly-once.property.test.ts (fast-check draws and shrinks the
// schedules) and, through that test, by `npm run soak`.
//
// The pieces:
//   Harness      one PGlite database kept open for the whole file; a server on it that can be
//                restarted (a new Fastify on a new port, same database) and a fault proxy in
//                front that follows it (setTarget). Each schedule signs in a fresh mobile.
//   ModelClient  the engine in-process on a fake-indexeddb database (like helpers/chat-client.ts,
//                with an http timeout and a start offline); restarting closes engine and
//                database and opens both again on the same database name.
import fc from 'fast-check';
import WebSocket from 'ws';
import type { ChatMessage } from '../../../src/api/messages';
import { openDatabase, type AppDatabase } from '../../../src/db/database';
import { ensureSession, getLocalDoc } from '../../../src/db/local-store';
import { enqueueMessage } from '../../../src/db/outbox-store';
import { enqueueAction } from '../../../src/db/action-queue';
import { enqueueBotAction } from '../../../src/db/bot-action-queue';
import { enqueueCartEdit } from '../../../src/db/cart-view';
import { orderKey } from '../../../src/db/schemas';
import type { OutboxDoc } from '../../../src/db/schemas';
import { canMoveStatus, type MessageStatus } from '../../../src/domain/message-status';
import { uuidv7 } from '../../../src/domain/uuidv7';
import { createConnectivity } from '../../../src/sync/chat-sync';
import { createInProcessEngine, type Engine } from '../../../src/sync/engine';
import type { WebSocketLike } from '../../../src/sync/live-connection';
import { createServer, type Server } from '../../../server/app';
import { ECHO_BOT_ID, SHOP_BOT_ID, SLOW_BOT_ID } from '../../../server/bots/registry';
import { storeMessage } from '../../../server/bots/store';
import { REPORT_REASONS } from '../../../server/bot-profile/seed';
import { openDb, type Db } from '../../../server/db/db';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { CHAT_COLLECTIONS, fakeIndexedDb, freshDbName } from '../../unit/db/helpers/fake-db';
import { freshMobile } from '../helpers/server';

export const BOTS = { echo: ECHO_BOT_ID, slow: SLOW_BOT_ID } as const;
export type BotName = keyof typeof BOTS;

/** Engine timings of the model: short, so that faults resolve within a schedule. */
export const MODEL_TIMINGS = { retryMs: 50, replyTimeoutMs: 500 } as const;
export const MODEL_HTTP_TIMEOUT_MS = 1_000;
/** How long the healed engine may take to drain its outbox (from healing, or from the last backoff's end). */
export const DRAIN_DEADLINE_MS = 20_000;

const DEBUG = process.env.EXACTLY_ONCE_DEBUG === '1';
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- the server side

export interface Harness {
  proxy: FaultProxy;
  /** the server's database (kept across restarts): the checks of the actions read it */
  serverDb: Db;
  /** the current server's base URL (direct, not through the proxy) */
  serverUrl(): string;
  lastCode(mobile: string): string | undefined;
  /** closes the server (in-flight connections are cut after a moment), waits downMs, starts a new one on the same database */
  restartServer(downMs: number): Promise<void>;
  restarts(): number;
  close(): Promise<void>;
}

export async function startHarness(opts: { slowBotDelayMs?: number } = {}): Promise<Harness> {
  const db: Db = await openDb({ dataDir: 'memory://' });
  const codes = new Map<string, string>();
  let restarts = 0;

  async function start(): Promise<{ server: Server; url: string }> {
    // The server migrates a database it is given and does not close it (ServerOptions.db).
    const server = await createServer({
      db,
      now: Date.now,
      logger: false,
      slowBotDelayMs: opts.slowBotDelayMs ?? 150,
      onOtpIssued: (mobile, code) => void codes.set(mobile, code),
    });
    const url = await server.listen({ port: 0, host: '127.0.0.1' });
    return { server, url };
  }

  async function stop(server: Server): Promise<void> {
    const closing = server.close();
    // A request held open (a blackholed half-sent body) would keep close() waiting for Node's own
    // request timeout: after a moment the remaining connections are cut, as a crash would.
    const done = await Promise.race([closing.then(() => true), sleep(300).then(() => false)]);
    if (!done) server.app.server.closeAllConnections();
    await closing;
  }

  let current = await start();
  const proxy = await startFaultProxy({ targetPort: Number(new URL(current.url).port) });

  return {
    proxy,
    serverDb: db,
    serverUrl: () => current.url,
    lastCode: (mobile) => codes.get(mobile),
    async restartServer(downMs) {
      restarts += 1;
      await stop(current.server);
      if (downMs > 0) await sleep(downMs);
      current = await start();
      proxy.setTarget(Number(new URL(current.url).port));
    },
    restarts: () => restarts,
    async close() {
      await proxy.close();
      await stop(current.server);
      await db.close();
    },
  };
}

/** The user's messages as the server has them (oldest first), through its forward paging. */
export async function serverMessages(serverUrl: string, session: { mobile: string; token: string }, botUuid: string): Promise<ChatMessage[]> {
  const headers = { mobile: session.mobile, 'session-id': session.token, 'content-type': 'application/json' };
  const all: ChatMessage[] = [];
  let token: string | null = null;
  do {
    const res = await fetch(`${serverUrl}/api/bot/get-messages`, { method: 'POST', headers, body: JSON.stringify({ bot_uuid: botUuid, direction: 'forward', next_token: token }) });
    if (res.status !== 200) throw new Error(`get-messages answered ${res.status}: ${await res.text()}`);
    const page = (await res.json()) as { messages: ChatMessage[]; next_token: string | null };
    all.push(...page.messages);
    token = page.next_token;
  } while (token);
  return all;
}

// ---------------------------------------------------------------- the device side

export interface ModelClient {
  db: AppDatabase;
  engine: Engine & { isLeader(): boolean };
  isOnline(): boolean;
  setOnline(online: boolean): void;
  close(): Promise<void>;
}

export interface ModelClientOptions {
  origin: string;
  dbName: string;
  online: boolean;
  /** called with the database before the engine starts (status recording) */
  onDatabase?: (db: AppDatabase) => void | Promise<void>;
}

/** The engine in-process, as helpers/chat-client.ts builds it, with an http timeout and a given start state. */
export async function startModelClient(opts: ModelClientOptions): Promise<ModelClient> {
  // the chat's collections (the actions this model checks: messages and the four chat-side kinds);
  // an engine restart opens the next instance before a crashed one is gone, and RxDB's
  // open-source build allows 13 open collections per realm
  const db = await openDatabase({ name: opts.dbName, ...fakeIndexedDb, devMode: true, ignoreDuplicate: true, collections: CHAT_COLLECTIONS });
  await ensureSession(db);
  await opts.onDatabase?.(db);
  // the switchable connectivity the engine itself uses for the page's reports
  const connectivity = createConnectivity();
  connectivity.set(opts.online);
  const sockets = new Set<WebSocket>();
  const engine = createInProcessEngine(db, {
    origin: opts.origin,
    versionName: 'it',
    fetch: (input, init) => {
      if (!connectivity.isOnline()) return Promise.reject(new TypeError('fetch failed'));
      if (!DEBUG) return fetch(input, init);
      const what = `${String(input).replace(/^https?:\/\/[^/]+/, '')} ${typeof init?.body === 'string' ? init.body.slice(0, 120) : ''}`;
      console.log(`exactly-once: http → ${what}`);
      return fetch(input, init).then((res) => {
        console.log(`exactly-once: http ← ${res.status} ${what.slice(0, 40)}`);
        return res;
      }, (err: unknown) => {
        console.log(`exactly-once: http ✗ ${String(err)} ${what.slice(0, 40)}`);
        throw err;
      });
    },
    timeoutMs: MODEL_HTTP_TIMEOUT_MS,
    connectivity,
    timings: { ...MODEL_TIMINGS },
    createSocket: (url: string) => {
      if (!connectivity.isOnline()) throw new Error('offline');
      const ws = new WebSocket(url);
      sockets.add(ws);
      ws.on('error', () => {});
      if (DEBUG) {
        ws.on('message', (data: WebSocket.RawData) => console.log(`exactly-once: ws ← ${String(data).slice(0, 160)}`));
        const send = ws.send.bind(ws);
        ws.send = ((data: string) => {
          console.log(`exactly-once: ws → ${data.slice(0, 160)}`);
          send(data);
        }) as typeof ws.send;
      }
      ws.on('close', () => sockets.delete(ws));
      return ws as unknown as WebSocketLike;
    },
  });
  return {
    db,
    engine,
    isOnline: () => connectivity.isOnline(),
    setOnline(value) {
      connectivity.set(value);
      if (!value) for (const ws of sockets) ws.terminate();
    },
    async close() {
      await engine.close();
      for (const ws of sockets) ws.terminate();
      await db.close();
    },
  };
}

// ---------------------------------------------------------------- the schedule

export type Cmd =
  | { kind: 'send'; bot: BotName; text: string }
  /** the tab dies between the two writes of a send: the outbox entry only, then a reload */
  | { kind: 'crashSend'; bot: BotName; text: string }
  | { kind: 'mode'; mode: 'pass' | 'drop' | 'blackhole' }
  | { kind: 'delay'; ms: number }
  | { kind: 'resetAll' }
  | { kind: 'online'; online: boolean }
  | { kind: 'restartServer'; downMs: number }
  | { kind: 'restartEngine' }
  | { kind: 'syncNow' }
  | { kind: 'wait'; ms: number }
  /** (issue 12) actions of the one action queue, mixed in with the sends */
  | { kind: 'report'; bot: BotName }
  | { kind: 'archive'; bot: BotName; on: boolean }
  | { kind: 'rate'; bot: BotName; value: 1 | -1 }
  | { kind: 'save'; bot: BotName; message: number }
  | { kind: 'cartAdd' };

/** Bot messages seeded per conversation at the start of a schedule (rated and saved by the actions). */
const SEEDED_MESSAGES = 3;
/** The server's max quantity of the product the cart edits add (more would be refused). */
const CART_ADDS_MAX = 5;
const CART_PRODUCT = { catalog_id: 'saathi-grocery', product_id: 'toor-dal-1kg' } as const;

const botArb = fc.constantFrom<BotName>('echo', 'slow');
const textArb = fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme-ascii' }).map((s) => `t ${s.replace(/['\\]/g, '_')}`.trim());

export const cmdArb: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('send' as const), bot: botArb, text: textArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('crashSend' as const), bot: botArb, text: textArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('mode' as const), mode: fc.constantFrom('pass' as const, 'drop' as const, 'blackhole' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delay' as const), ms: fc.integer({ min: 5, max: 150 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'resetAll' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('online' as const), online: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restartServer' as const), downMs: fc.integer({ min: 0, max: 200 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restartEngine' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'syncNow' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 250 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('report' as const), bot: botArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('archive' as const), bot: botArb, on: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rate' as const), bot: botArb, value: fc.constantFrom(1 as const, -1 as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('save' as const), bot: botArb, message: fc.integer({ min: 0, max: SEEDED_MESSAGES - 1 }) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'cartAdd' as const }) },
);

export const scheduleArb = (minLength = 5, maxLength = 25): fc.Arbitrary<Cmd[]> => fc.array(cmdArb, { minLength, maxLength });

/** A readable one-line form of a schedule (for failure reports). */
export function describeSchedule(cmds: readonly Cmd[]): string {
  return cmds.map((c) => {
    switch (c.kind) {
      case 'send': case 'crashSend': return `${c.kind}(${c.bot},${JSON.stringify(c.text)})`;
      case 'mode': return `mode(${c.mode})`;
      case 'delay': return `delay(${c.ms})`;
      case 'online': return c.online ? 'online' : 'offline';
      case 'restartServer': return `restartServer(${c.downMs})`;
      case 'wait': return `wait(${c.ms})`;
      case 'report': return `report(${c.bot})`;
      case 'archive': return `${c.on ? 'archive' : 'unarchive'}(${c.bot})`;
      case 'rate': return `rate(${c.bot},${c.value})`;
      case 'save': return `save(${c.bot},${c.message})`;
      default: return c.kind;
    }
  }).join(' ');
}

export class PropertyFailure extends Error {}

/** How long the healed engine's syncNow may take to settle. */
const SETTLE_MS = 10_000;

async function outboxState(db: AppDatabase): Promise<string> {
  const left = (await db.outbox.find().exec()).map((d) => `${d.id} ${d.state} attempts=${d.attempts} next=${d.next_attempt_at - Date.now()}ms err=${d.last_error ?? ''}`);
  const actions = (await db.actions.find().exec()).map((d) => `${d.kind} ${d.order_key} ${d.status} attempts=${d.attempts} next=${d.next_attempt_at - Date.now()}ms err=${d.last_error ?? ''}`);
  const sync = await getLocalDoc(db, 'sync-status');
  return `outbox [${left.join('; ')}], actions [${actions.join('; ')}], socketState ${String(sync?.socketState)}`;
}

/**
 * Runs one schedule against the harness's server and a fresh user on a fresh device database,
 * heals, drains and checks. Throws PropertyFailure (or any error) when the property fails.
 */
export async function runSchedule(h: Harness, cmds: readonly Cmd[]): Promise<void> {
  h.proxy.setMode('pass');
  h.proxy.resetAll();
  const dbName = freshDbName('exactly-once');
  const expected: Record<BotName, string[]> = { echo: [], slow: [] };
  // the actions' expectations (issue 12)
  const reports: Record<BotName, string[]> = { echo: [], slow: [] };
  const archived: Partial<Record<BotName, boolean>> = {};
  const ratings: Partial<Record<BotName, number>> = {};
  const saved = new Set<string>();
  let cartAdds = 0;
  const seeded: Record<BotName, string[]> = { echo: [], slow: [] };
  let userUuid = '';
  let actionCount = 0;
  const statuses = new Map<string, MessageStatus[]>();
  const engineErrors: unknown[] = [];
  let closing = false;
  const subscriptions: { unsubscribe(): void }[] = [];

  const note = (id: string, status: MessageStatus | undefined) => {
    if (!status) return;
    const seq = statuses.get(id) ?? [];
    if (seq[seq.length - 1] !== status) seq.push(status);
    statuses.set(id, seq);
  };
  const record = async (db: AppDatabase) => {
    // statuses as the new instance finds them (a restart must not have lost a step) …
    for (const d of await db.messages.find({ selector: { from: 'user' } }).exec()) note(d.id, d.status);
    // … then every write
    subscriptions.push(db.messages.$.subscribe((ev) => {
      if (ev.operation === 'DELETE') return;
      const data = ev.documentData;
      if (data.from === 'user') note(data.id, data.status);
    }));
  };
  const onEngineError = (err: unknown) => {
    if (!closing) engineErrors.push(err);
  };

  const open = (online: boolean) => startModelClient({ origin: h.proxy.url, dbName, online, onDatabase: record });
  let client = await open(true);
  let mobile = '';
  let token = '';

  const restartEngine = async () => {
    const online = client.isOnline();
    closing = true;
    for (const s of subscriptions.splice(0)) s.unsubscribe();
    await client.close();
    closing = false;
    client = await open(online);
  };
  const syncNow = () => void client.engine.invoke('syncNow').catch(onEngineError);

  const t0 = Date.now();
  try {
    // a fresh user, signed in through the engine (the session document persists in the database)
    const m = freshMobile();
    const requested = await client.engine.invoke('requestOtp', m);
    if (!requested.ok) throw new Error(`requestOtp failed: ${requested.error.key}`);
    const code = h.lastCode(m);
    if (!code) throw new Error('no code issued');
    const verified = await client.engine.invoke('verifyOtp', code);
    if (!verified.ok) throw new Error(`verifyOtp failed: ${verified.error.key}`);
    const session = await getLocalDoc(client.db, 'session');
    mobile = session?.mobile ?? m;
    token = session?.token ?? '';
    // bot messages to rate and save (stored on the server as the bots would)
    userUuid = (await h.serverDb.query<{ user_uuid: string }>('SELECT user_uuid FROM users WHERE mobile = $1', [mobile]))[0]!.user_uuid;
    for (const bot of Object.keys(BOTS) as BotName[]) {
      for (let i = 0; i < SEEDED_MESSAGES; i++) {
        const { row } = await h.serverDb.transaction((tx) => storeMessage(tx, { userUuid, botUuid: BOTS[bot], sender: 'bot', type: 'text', payload: { text: { body: `seeded ${i}` }, rating_type: 'thumbs' } }, Date.now()));
        seeded[bot].push(row.sk);
      }
    }

    for (const cmd of cmds) {
      if (DEBUG) console.log(`exactly-once: ${Date.now() - t0} ms: ${describeSchedule([cmd])}`);
      switch (cmd.kind) {
        case 'send': {
          const id = await enqueueMessage(client.db, { botUuid: BOTS[cmd.bot], payload: { type: 'text', text: { body: cmd.text } }, owner: mobile, now: Date.now() });
          expected[cmd.bot].push(id);
          syncNow();
          break;
        }
        case 'crashSend': {
          const id = uuidv7();
          const entry: OutboxDoc = {
            id, kind: 'message', bot_uuid: BOTS[cmd.bot], payload: { type: 'text', text: { body: cmd.text }, client_message_id: id },
            state: 'queued', attempts: 0, next_attempt_at: 0, created_at: Date.now(), last_error: null,
          };
          await client.db.outbox.insert(entry);
          expected[cmd.bot].push(id);
          await restartEngine();
          break;
        }
        case 'mode':
          h.proxy.setMode(cmd.mode);
          break;
        case 'delay':
          h.proxy.setMode('delay', { delayMs: cmd.ms });
          break;
        case 'resetAll':
          h.proxy.resetAll();
          break;
        case 'online':
          client.setOnline(cmd.online);
          break;
        case 'restartServer':
          await h.restartServer(cmd.downMs);
          break;
        case 'restartEngine':
          await restartEngine();
          break;
        case 'syncNow':
          syncNow();
          break;
        case 'wait':
          await sleep(cmd.ms);
          break;
        case 'report': {
          actionCount += 1;
          const description = `report ${actionCount}`;
          await enqueueBotAction(client.db, BOTS[cmd.bot], { kind: 'report', reason_uuid: REPORT_REASONS[0]!.reason_uuid, email: '', description, block: false, before: {} }, Date.now());
          reports[cmd.bot].push(description);
          break;
        }
        case 'archive':
          await enqueueBotAction(client.db, BOTS[cmd.bot], { kind: 'flag', action: { kind: cmd.on ? 'archive' : 'unarchive' }, before: {} }, Date.now());
          archived[cmd.bot] = cmd.on;
          break;
        case 'rate': {
          // the page's rateMessage, on the bot's first seeded message
          const sk = seeded[cmd.bot][0]!;
          const intentId = `rate:${BOTS[cmd.bot]}:${sk}:0`;
          await enqueueAction(client.db, 'message-intent', orderKey.messageIntent(intentId), { intent_id: intentId, kind: 'rate', bot_uuid: BOTS[cmd.bot], sk, value: cmd.value }, Date.now());
          ratings[cmd.bot] = cmd.value;
          break;
        }
        case 'save': {
          const sk = seeded[cmd.bot][cmd.message]!;
          if (saved.has(sk)) break;
          const intentId = `save:${BOTS[cmd.bot]}:${sk}:0`;
          await enqueueAction(client.db, 'message-intent', orderKey.messageIntent(intentId), { intent_id: intentId, kind: 'save', bot_uuid: BOTS[cmd.bot], sk, value: 0 }, Date.now());
          saved.add(sk);
          break;
        }
        case 'cartAdd': {
          if (cartAdds >= CART_ADDS_MAX) break;
          const queued = await enqueueCartEdit(client.db, SHOP_BOT_ID, { kind: 'add', ...CART_PRODUCT, customizations: [] });
          if (!queued.ok || !queued.value) throw new Error(`a cart edit was not queued: ${JSON.stringify(queued)}`);
          cartAdds += 1;
          break;
        }
      }
    }

    if (DEBUG) console.log(`exactly-once: ${Date.now() - t0} ms: heal`);
    // heal: the network passes, the device is online, the server is up (restarts are atomic)
    h.proxy.setMode('pass');
    client.setOnline(true);
    // the page's sync now settles (the outbox's flush is bounded by the http and echo timeouts)
    const settled = await Promise.race([client.engine.invoke('syncNow').then(() => true, () => true), sleep(SETTLE_MS).then(() => false)]);
    if (!settled) throw new PropertyFailure(`syncNow after healing did not settle within ${SETTLE_MS} ms: ${await outboxState(client.db)}`);
    const allIds = [...expected.echo, ...expected.slow];
    // An entry backing off after a 5xx (a server restart answers 503 while it closes) is not due
    // before its next_attempt_at (1 s, doubling up to 60 s): the deadline runs from then.
    const healedAt = Date.now();
    let deadline = healedAt + DRAIN_DEADLINE_MS;
    for (;;) {
      // the outbox and the one action queue both drain
      const left = [...(await client.db.outbox.find().exec()).map((d) => d.next_attempt_at), ...(await client.db.actions.find().exec()).map((d) => d.next_attempt_at)];
      if (left.length === 0) break;
      const due = Math.max(0, ...left);
      deadline = Math.max(deadline, due + DRAIN_DEADLINE_MS);
      if (Date.now() > deadline) {
        throw new PropertyFailure(`outbox not empty ${Date.now() - healedAt} ms after healing: ${await outboxState(client.db)}`);
      }
      await sleep(20);
    }

    if (DEBUG) console.log(`exactly-once: ${Date.now() - t0} ms: drained`);
    // 1. the server: exactly the sent ids, in order, once each
    for (const bot of Object.keys(BOTS) as BotName[]) {
      const onServer = (await serverMessages(h.serverUrl(), { mobile, token }, BOTS[bot])).filter((msg) => msg.from === 'user').map((msg) => msg.client_message_id);
      if (JSON.stringify(onServer) !== JSON.stringify(expected[bot])) {
        throw new PropertyFailure(`server ${bot} conversation: expected ${JSON.stringify(expected[bot])}, got ${JSON.stringify(onServer)}`);
      }
    }

    // 2. the device: each sent message once, sent or delivered
    for (const id of allIds) {
      const docs = await client.db.messages.find({ selector: { client_message_id: id } }).exec();
      if (docs.length !== 1) throw new PropertyFailure(`local: ${docs.length} documents for ${id}`);
      const status = docs[0]!.status;
      if (status !== 'sent' && status !== 'delivered') throw new PropertyFailure(`local: ${id} is ${String(status)} after the drain`);
    }

    // 3. statuses only moved forward, and nothing failed
    for (const [id, seq] of statuses) {
      for (let i = 1; i < seq.length; i++) {
        const from = seq[i - 1]!;
        const to = seq[i]!;
        if (!canMoveStatus(from, to)) throw new PropertyFailure(`status of ${id} went ${seq.join(' → ')} (${from} → ${to} is not allowed)`);
      }
      if (seq.includes('failed')) throw new PropertyFailure(`status of ${id} went ${seq.join(' → ')}: nothing is refused in this model`);
    }

    // 4. the actions: each applied once, in its key's order (and none refused)
    const notice = (await getLocalDoc(client.db, 'bot-actions'))?.notice;
    if (notice) throw new PropertyFailure(`a bot action was refused: ${JSON.stringify(notice)}`);
    for (const bot of Object.keys(BOTS) as BotName[]) {
      const rows = await h.serverDb.query<{ description: string; created_at: string }>('SELECT description, created_at FROM bot_reports WHERE user_uuid = $1 AND bot_uuid = $2 ORDER BY created_at, description', [userUuid, BOTS[bot]]);
      if (JSON.stringify([...rows.map((r) => r.description)].sort()) !== JSON.stringify([...reports[bot]].sort())) {
        throw new PropertyFailure(`reports to ${bot}: expected ${JSON.stringify(reports[bot])} once each, got ${JSON.stringify(rows.map((r) => r.description))}`);
      }
      const at = new Map(rows.map((r) => [r.description, Number(r.created_at)]));
      for (let i = 1; i < reports[bot].length; i++) {
        if (at.get(reports[bot][i - 1]!)! > at.get(reports[bot][i]!)!) throw new PropertyFailure(`reports to ${bot} stored out of order: ${JSON.stringify(rows)}`);
      }
      if (archived[bot] !== undefined) {
        const conv = await h.serverDb.query<{ archive_time: string | null }>('SELECT archive_time FROM conversations WHERE user_uuid = $1 AND bot_uuid = $2', [userUuid, BOTS[bot]]);
        if ((conv[0]?.archive_time != null) !== archived[bot]) throw new PropertyFailure(`${bot} archived should be ${String(archived[bot])} (the last toggle), is ${String(conv[0]?.archive_time)}`);
      }
      if (ratings[bot] !== undefined) {
        const r = await h.serverDb.query<{ rating: number }>('SELECT rating FROM message_ratings mr JOIN messages m ON m.message_id = mr.message_id WHERE mr.user_uuid = $1 AND m.sk = $2', [userUuid, seeded[bot][0]]);
        if (r[0]?.rating !== ratings[bot]) throw new PropertyFailure(`rating of ${bot}'s message should be the last given (${String(ratings[bot])}), is ${String(r[0]?.rating)}`);
      }
    }
    const savedRows = await h.serverDb.query<{ sk: string }>('SELECT m.sk FROM saved_items s JOIN messages m ON m.message_id = s.message_id WHERE s.user_uuid = $1 AND s.unsaved_at IS NULL', [userUuid]);
    if (JSON.stringify(savedRows.map((r) => r.sk).sort()) !== JSON.stringify([...saved].sort())) {
      throw new PropertyFailure(`saved items: expected ${JSON.stringify([...saved])}, got ${JSON.stringify(savedRows.map((r) => r.sk))}`);
    }
    const cart = await h.serverDb.query<{ cart: { product_id: string; quantity: number }[] }>('SELECT cart FROM carts WHERE user_uuid = $1 AND bot_uuid = $2', [userUuid, SHOP_BOT_ID]);
    const quantity = (cart[0]?.cart ?? []).filter((l) => l.product_id === CART_PRODUCT.product_id).reduce((n, l) => n + l.quantity, 0);
    if (quantity !== cartAdds) throw new PropertyFailure(`cart: ${cartAdds} adds queued, the server's cart holds ${quantity}`);

    if (engineErrors.length > 0) throw new PropertyFailure(`engine command rejected: ${String(engineErrors[0])}`);
  } finally {
    closing = true;
    for (const s of subscriptions.splice(0)) s.unsubscribe();
    await client.close().catch(() => {});
    h.proxy.setMode('pass');
  }
}
