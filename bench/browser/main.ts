// The bench page: the app's own data code (RxDB on Dexie, the sync engine) in a real browser,
// next to hand-written raw IndexedDB baselines. bench/browser-harness.ts builds it with Vite (a
// production build: no RxDB dev-mode), serves it from the reference server and calls the
// functions on `window.bench` through playwright-core. Every function times itself with
// performance.now() inside the page and answers plain numbers; nothing here prints.
import type { ChatMessage } from '../../src/api/messages';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { ensureSession, getLocalDoc } from '../../src/db/local-store';
import { enqueueMessage, pendingMessageDoc, pkFor } from '../../src/db/outbox-store';
import type { MessageDoc, OutboxDoc } from '../../src/db/schemas';
import { OUTBOX_BY_CONVERSATION } from '../../src/db/schemas/outbox.schema';
import { reverseSortKey } from '../../src/db/schemas/messages.schema';
import { createConnectivity } from '../../src/sync/chat-sync';
import { createInProcessEngine } from '../../src/sync/engine';
import type { WebSocketLike } from '../../src/sync/live-connection';
import { modifyConversation } from '../../src/db/modify-conversation';
import { messageDocId, storeServerMessages } from '../../src/sync/message-store';
import { uuidv7 } from '../../src/domain/uuidv7';

const OWNER = '+919812345678';
const PAGE = 50;

let dbCounter = 0;
const freshName = (what: string) => `bench-${what}-${Date.now().toString(36)}-${dbCounter++}`;

// ---------- data ----------

const WORDS = ('namaste hello order status delivery tomorrow price rupees cart item size colour ' +
  'available stock return refund please thanks okay yes no when where address pincode pune mumbai ' +
  'payment upi card cash offer discount today week small medium large help agent menu catalogue').split(' ');

/** A deterministic pseudo-random source, so every run stores the same texts. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sentence(next: () => number, minWords: number, maxWords: number): string {
  const n = minWords + Math.floor(next() * (maxWords - minWords + 1));
  return Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]!).join(' ');
}

const hex = (next: () => number, n: number) => Array.from({ length: n }, () => Math.floor(next() * 16).toString(16)).join('');
const uuidLike = (next: () => number) => `${hex(next, 8)}-${hex(next, 4)}-7${hex(next, 3)}-a${hex(next, 3)}-${hex(next, 12)}`;

/**
 * `count` messages of one conversation as the server sends them, oldest first (sk ascending):
 * a user text, then one or two bot answers (texts, now and then a button message), a few
 * seconds apart. User messages carry a client id, bot messages none.
 */
export function conversationMessages(count: number, seed: number, startMs = Date.UTC(2026, 0, 1)): ChatMessage[] {
  const next = rng(seed);
  const out: ChatMessage[] = [];
  let time = startMs;
  let number = 0;
  while (out.length < count) {
    const fromUser = out.length === 0 || out[out.length - 1]!.from === 'bot' && next() < 0.6;
    time += 1000 + Math.floor(next() * 20_000);
    number += 1;
    const messageId = uuidLike(next);
    const sk = `${String(time).padStart(15, '0')}_${String(number).padStart(9, '0')}_${messageId}`;
    const base = { message_id: messageId, sk, timestamp: time, number };
    if (fromUser) {
      out.push({ ...base, from: 'user', type: 'text', text: { body: sentence(next, 1, 12) }, client_message_id: uuidLike(next) });
    } else if (next() < 0.1) {
      out.push({
        ...base, from: 'bot', type: 'button', text: { body: sentence(next, 4, 16) }, client_message_id: null, ttl: 86_400, allow_custom_response: true,
        buttons: [0, 1, 2].map((i) => ({ body: sentence(next, 1, 3), button_index: i })),
      });
    } else {
      out.push({ ...base, from: 'bot', type: 'text', text: { body: sentence(next, 3, 40) }, client_message_id: null });
    }
  }
  return out;
}

/** The document storeServerMessages writes for a message (status as after a history page). */
function messageDoc(botUuid: string, m: ChatMessage): MessageDoc {
  const doc: MessageDoc = {
    id: messageDocId(m), pk: pkFor(botUuid, OWNER), sk: m.sk, rsk: reverseSortKey(m.sk), bot_uuid: botUuid, message_id: m.message_id,
    client_message_id: m.client_message_id, from: m.from, type: m.type, timestamp: m.timestamp, message: m,
  };
  if (m.from === 'user') doc.status = 'delivered';
  return doc;
}

/** What RxDB's Dexie storage keeps besides the document's own fields. */
function asStored(doc: MessageDoc, now: number): Record<string, unknown> {
  return { ...doc, _deleted: false, _attachments: {}, _rev: '1-benchrev', _meta: { lwt: now } };
}

const botId = (i: number) => String(2_000_000_000_000_000 + i);

// ---------- raw IndexedDB ----------

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** One object store keyed like RxDB's (id), with an index on [pk, sk] as the schema declares. */
async function openRaw(name: string): Promise<IDBDatabase> {
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => {
    const store = open.result.createObjectStore('messages', { keyPath: 'id' });
    // the same app-level indexes as the RxDB collection
    store.createIndex('pk_sk', ['pk', 'sk']);
    store.createIndex('pk_rsk', ['pk', 'rsk']);
  };
  return request(open);
}

/**
 * The object store RxDB's Dexie storage makes for the messages collection (dexie-helper.js,
 * getDexieStoreSchema): keyed by id, with the schema's index [pk, rsk] prefixed by `_deleted` and
 * suffixed by the primary key, and its own [_deleted, id], [_meta.lwt, id] and _meta.lwt. The
 * floor of writing these documents with the indexes RxDB keeps, none of RxDB's own work.
 */
async function openRawRxIndexes(name: string): Promise<IDBDatabase> {
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => {
    const store = open.result.createObjectStore('messages', { keyPath: 'id' });
    store.createIndex('deleted_id', ['_deleted', 'id']);
    store.createIndex('deleted_pk_rsk_id', ['_deleted', 'pk', 'rsk', 'id']);
    store.createIndex('lwt_id', ['_meta.lwt', 'id']);
    store.createIndex('lwt', '_meta.lwt');
  };
  return request(open);
}

async function dropRaw(db: IDBDatabase): Promise<void> {
  const name = db.name;
  db.close();
  await request(indexedDB.deleteDatabase(name));
}

/** One transaction, one put() per document, timed until the transaction completes. */
async function rawPutAll(db: IDBDatabase, docs: readonly Record<string, unknown>[]): Promise<void> {
  const tx = db.transaction('messages', 'readwrite', { durability: 'default' });
  const finished = done(tx);
  const store = tx.objectStore('messages');
  for (const d of docs) store.put(d);
  await finished;
}

async function rawNewest(db: IDBDatabase, pk: string, limit: number): Promise<unknown[]> {
  const tx = db.transaction('messages', 'readonly');
  const index = tx.objectStore('messages').index('pk_sk');
  const out: unknown[] = [];
  return new Promise((resolve, reject) => {
    const cursor = index.openCursor(IDBKeyRange.bound([pk, ''], [pk, '\uffff']), 'prev');
    cursor.onsuccess = () => {
      const c = cursor.result;
      if (!c || out.length >= limit) {
        resolve(out);
        return;
      }
      out.push(c.value);
      if (out.length >= limit) resolve(out);
      else c.continue();
    };
    cursor.onerror = () => reject(cursor.error ?? new Error('cursor failed'));
  });
}

async function openApp(what: string): Promise<AppDatabase> {
  return openDatabase({ name: freshName(what) });
}

// ---------- 1. ingest ----------

export interface IngestRound {
  pagesMs: number;
  bulkMs: number;
  rawMs: number;
  /** the gap taken apart: raw puts with RxDB's index set, and RxDB's bulkInsert alone */
  rawRxIndexesMs: number;
  rxBulkInsertMs: number;
  /** the same two in pages of 50 (a transaction, a bulkInsert each), newest page first */
  rawRxIndexesPagesMs: number;
  rxBulkInsertPagesMs: number;
}

export interface IngestResult {
  docs: number;
  rounds: IngestRound[];
  storedCounts: { pages: number; bulk: number; raw: number; rawRxIndexes: number; rxBulkInsert: number };
  userShare: number;
  avgDocBytes: number;
}

async function ingestPages(messages: readonly ChatMessage[], botUuid: string): Promise<{ ms: number; count: number }> {
  const db = await openApp('ingest-pages');
  try {
    // the pager's history: newest page first, then older pages, each followed by its token write
    const pages: ChatMessage[][] = [];
    for (let end = messages.length; end > 0; end -= PAGE) pages.push(messages.slice(Math.max(0, end - PAGE), end));
    const started = performance.now();
    for (let i = 0; i < pages.length; i++) {
      await storeServerMessages(db, botUuid, pages[i]!, { owner: OWNER });
      await modifyConversation(db, botUuid, (c) => ({ ...c, initial_loaded: true, backward_token: i + 1 < pages.length ? `token-${i}` : null, history_complete: i + 1 === pages.length }));
    }
    const ms = performance.now() - started;
    const count = await db.messages.count().exec();
    return { ms, count };
  } finally {
    await db.remove();
  }
}

async function ingestBulk(messages: readonly ChatMessage[], botUuid: string): Promise<{ ms: number; count: number; docs: MessageDoc[] }> {
  const db = await openApp('ingest-bulk');
  try {
    const started = performance.now();
    const docs = await storeServerMessages(db, botUuid, messages, { owner: OWNER });
    const ms = performance.now() - started;
    const count = await db.messages.count().exec();
    return { ms, count, docs };
  } finally {
    await db.remove();
  }
}

async function ingestRaw(docs: readonly Record<string, unknown>[]): Promise<{ ms: number; count: number }> {
  const db = await openRaw(freshName('ingest-raw'));
  try {
    const started = performance.now();
    await rawPutAll(db, docs);
    const ms = performance.now() - started;
    const count = await request(db.transaction('messages').objectStore('messages').count());
    return { ms, count };
  } finally {
    await dropRaw(db);
  }
}

/** The documents in pages of `size`, newest page first (the pager's history order); one page of all when size is 0. */
function inPages<T>(docs: readonly T[], size: number): T[][] {
  if (size === 0) return [[...docs]];
  const pages: T[][] = [];
  for (let end = docs.length; end > 0; end -= size) pages.push(docs.slice(Math.max(0, end - size), end));
  return pages;
}

/** RxDB's own write alone: a bulkInsert of the documents storeServerMessages builds, per page (0: one call). */
async function ingestRxBulkInsert(docs: readonly MessageDoc[], pageSize = 0): Promise<{ ms: number; count: number }> {
  const db = await openApp('ingest-rx');
  try {
    const pages = inPages(docs.map((d) => ({ ...d })), pageSize);
    const started = performance.now();
    for (const page of pages) {
      const { error } = await db.messages.bulkInsert(page);
      if (error.length > 0) throw new Error(`bulkInsert refused ${error.length} documents`);
    }
    const ms = performance.now() - started;
    return { ms, count: await db.messages.count().exec() };
  } finally {
    await db.remove();
  }
}

/** The raw put into the store RxDB's Dexie storage makes (its index set; `_deleted` as '0', as it stores it), a transaction per page (0: one). */
async function ingestRawRxIndexes(docs: readonly Record<string, unknown>[], pageSize = 0): Promise<{ ms: number; count: number }> {
  const db = await openRawRxIndexes(freshName('ingest-raw-rx'));
  try {
    const pages = inPages(docs, pageSize);
    const started = performance.now();
    for (const page of pages) await rawPutAll(db, page);
    const ms = performance.now() - started;
    return { ms, count: await request(db.transaction('messages').objectStore('messages').count()) };
  } finally {
    await dropRaw(db);
  }
}

async function ingest(count: number, rounds: number, warmUp: number): Promise<IngestResult> {
  const botUuid = botId(1);
  const messages = conversationMessages(count, 1);
  // the raw side stores exactly what the engine stores (its answer), with RxDB's own fields
  const now = Date.now();
  const storedDocs = messages.map((m) => asStored({ ...messageDoc(botUuid, m) }, now));
  // warm-up (JIT, IndexedDB's backing store): a small run of each, not counted
  const small = conversationMessages(warmUp, 2);
  await ingestPages(small, botUuid);
  await ingestBulk(small, botUuid);
  await ingestRaw(small.map((m) => asStored(messageDoc(botUuid, m), now)));
  await ingestRawRxIndexes(small.map((m) => ({ ...asStored(messageDoc(botUuid, m), now), _deleted: '0' })));
  await ingestRxBulkInsert(small.map((m) => messageDoc(botUuid, m)));
  const plainDocs = messages.map((m) => messageDoc(botUuid, m));
  const rxIndexDocs = storedDocs.map((d) => ({ ...d, _deleted: '0' }));

  const out: IngestRound[] = [];
  const storedCounts = { pages: 0, bulk: 0, raw: 0, rawRxIndexes: 0, rxBulkInsert: 0 };
  for (let r = 0; r < rounds; r++) {
    // alternate the order so neither side always runs on a warmer (or more fragmented) disk
    const raw = r % 2 === 0 ? await ingestRaw(storedDocs) : null;
    const pages = await ingestPages(messages, botUuid);
    const bulk = await ingestBulk(messages, botUuid);
    const raw2 = raw ?? await ingestRaw(storedDocs);
    // the decomposition's two rows after the figures', in alternating order too
    const rawRx = r % 2 === 0 ? await ingestRawRxIndexes(rxIndexDocs) : null;
    const rxInsert = await ingestRxBulkInsert(plainDocs);
    const rawRx2 = rawRx ?? await ingestRawRxIndexes(rxIndexDocs);
    const rxInsertPages = await ingestRxBulkInsert(plainDocs, PAGE);
    const rawRxPages = await ingestRawRxIndexes(rxIndexDocs, PAGE);
    if (rxInsertPages.count !== count || rawRxPages.count !== count) throw new Error('a paged series stored the wrong number of documents');
    out.push({ pagesMs: pages.ms, bulkMs: bulk.ms, rawMs: raw2.ms, rawRxIndexesMs: rawRx2.ms, rxBulkInsertMs: rxInsert.ms, rawRxIndexesPagesMs: rawRxPages.ms, rxBulkInsertPagesMs: rxInsertPages.ms });
    storedCounts.pages = pages.count;
    storedCounts.bulk = bulk.count;
    storedCounts.raw = raw2.count;
    storedCounts.rawRxIndexes = rawRx2.count;
    storedCounts.rxBulkInsert = rxInsert.count;
    if (r === 0) {
      // the raw documents must be the engine's own, field for field
      const engineDoc = JSON.stringify(bulk.docs.find((d) => d.from === 'user'));
      const rawDoc = storedDocs.find((d) => d.from === 'user');
      const { _deleted: _d, _attachments: _a, _rev: _r, _meta: _m, ...plain } = rawDoc ?? {};
      if (engineDoc !== JSON.stringify(plain)) throw new Error(`raw documents differ from the engine's: ${engineDoc} vs ${JSON.stringify(plain)}`);
    }
  }
  const bytes = storedDocs.reduce((sum, d) => sum + JSON.stringify(d).length, 0);
  return { docs: count, rounds: out, storedCounts, userShare: messages.filter((m) => m.from === 'user').length / count, avgDocBytes: bytes / count };
}

// ---------- 2. newest 50 ----------

/** Conversations of one size, all stored in the same database. */
export interface ThreadGroup {
  conversations: number;
  perConversation: number;
  /** timed runs, each on a conversation of its own (RxDB caches a query's result) */
  runs: number;
  /** untimed runs first, on other conversations of the group */
  warmUp: number;
}

export interface Newest50Group extends ThreadGroup {
  rxdbMs: number[];
  rawMs: number[];
  /** raw: every message of the conversation read in key order, sorted newest first, cut to 50 */
  rawWholeMs: number[];
}

export interface Newest50Result {
  groups: Newest50Group[];
  seedRxdbMs: number;
  seedRawMs: number;
  storedRxdb: number;
  storedRaw: number;
}

async function rawWholeThenSort(db: IDBDatabase, pk: string, limit: number): Promise<{ sk: string }[]> {
  const tx = db.transaction('messages', 'readonly');
  const index = tx.objectStore('messages').index('pk_sk');
  const all: { sk: string }[] = [];
  await new Promise<void>((resolve, reject) => {
    const cursor = index.openCursor(IDBKeyRange.bound([pk, ''], [pk, '\uffff']));
    cursor.onsuccess = () => {
      const c = cursor.result;
      if (!c) return resolve();
      all.push(c.value as { sk: string });
      c.continue();
    };
    cursor.onerror = () => reject(cursor.error ?? new Error('cursor failed'));
  });
  return all.sort((x, y) => (x.sk < y.sk ? 1 : x.sk > y.sk ? -1 : 0)).slice(0, limit);
}

async function newest50(groups: ThreadGroup[]): Promise<Newest50Result> {
  for (const g of groups) if (g.runs + g.warmUp > g.conversations) throw new Error('each run needs a conversation of its own');
  const db = await openApp('newest50');
  const raw = await openRaw(freshName('newest50-raw'));
  try {
    const now = Date.now();
    let seedRxdbMs = 0;
    let seedRawMs = 0;
    // conversation ids: group by group, one numbering
    const layout = groups.map((g, i) => ({ ...g, first: groups.slice(0, i).reduce((sum, x) => sum + x.conversations, 0) }));
    // seeding (not part of the figures): RxDB bulkInsert and raw puts, about 5,000 documents a chunk
    let pending: MessageDoc[] = [];
    const flushSeed = async () => {
      if (pending.length === 0) return;
      let t = performance.now();
      const result = await db.messages.bulkInsert(pending);
      if (result.error.length > 0) throw new Error(`seeding failed: ${result.error.length} errors`);
      seedRxdbMs += performance.now() - t;
      t = performance.now();
      await rawPutAll(raw, pending.map((d) => asStored(d, now)));
      seedRawMs += performance.now() - t;
      pending = [];
    };
    for (const g of layout) {
      for (let k = g.first; k < g.first + g.conversations; k++) {
        for (const m of conversationMessages(g.perConversation, 100 + k)) pending.push(messageDoc(botId(k), m));
        if (pending.length >= 5000) await flushSeed();
      }
    }
    await flushSeed();
    const storedRxdb = await db.messages.count().exec();
    const storedRaw = await request(raw.transaction('messages').objectStore('messages').count());

    const check = (what: string, got: { sk: string }[], pk: string) => {
      if (got.length !== 50) throw new Error(`${what} answered ${got.length} messages for ${pk}`);
      for (let i = 1; i < got.length; i++) if (got[i - 1]!.sk <= got[i]!.sk) throw new Error(`${what}: not newest first`);
    };
    const timed = async (what: string, pk: string, read: () => Promise<{ sk: string }[]>) => {
      const t = performance.now();
      const docs = await read();
      const ms = performance.now() - t;
      check(what, docs, pk);
      return ms;
    };
    const rxdbQuery = (pk: string) => timed('RxDB', pk, () => db.messages.find({ selector: { pk }, sort: [{ rsk: 'asc' }], limit: 50 }).exec());
    const rawQuery = (pk: string) => timed('raw', pk, async () => (await rawNewest(raw, pk, 50)) as { sk: string }[]);
    const rawWhole = (pk: string) => timed('raw whole', pk, () => rawWholeThenSort(raw, pk, 50));

    const out: Newest50Group[] = [];
    for (const g of layout) {
      // warm-up on conversations the timed runs do not use
      for (let i = 0; i < g.warmUp; i++) {
        const pk = pkFor(botId(g.first + g.conversations - 1 - i), OWNER);
        await rxdbQuery(pk);
        await rawQuery(pk);
        await rawWhole(pk);
      }
      const rxdbMs: number[] = [];
      const rawMs: number[] = [];
      const rawWholeMs: number[] = [];
      // spread over the group, a different conversation each run, rotating which side goes first
      for (let r = 0; r < g.runs; r++) {
        const pk = pkFor(botId(g.first + Math.floor((r * (g.conversations - g.warmUp)) / g.runs)), OWNER);
        const sides = [async () => rxdbMs.push(await rxdbQuery(pk)), async () => rawMs.push(await rawQuery(pk)), async () => rawWholeMs.push(await rawWhole(pk))];
        for (let k = 0; k < sides.length; k++) await sides[(r + k) % sides.length]!();
      }
      const { first: _first, ...group } = g;
      out.push({ ...group, rxdbMs, rawMs, rawWholeMs });
    }
    return { groups: out, seedRxdbMs, seedRawMs, storedRxdb, storedRaw };
  } finally {
    await db.remove();
    await dropRaw(raw);
  }
}

// ---------- 3. flush after reconnect ----------

export interface FlushResult {
  sends: number;
  /** from going online to the outbox empty and every send acknowledged (sent or delivered) */
  flushMs: number;
  /** from going online to the last send marked delivered (the echo bot's answer stored after it) */
  deliveredMs: number;
  /** sends marked delivered when the count stopped moving (2 s without a change) */
  delivered: number;
  /** bot answers stored in the conversation */
  botMessages: number;
  enqueueMs: number;
  webhookCalls: number;
  socketSends: number;
  socketOpenAtMs: number | null;
}

async function waitUntil(cond: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await cond())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Lets the bench read the browser's counters between the offline part and the timed part. */
interface FlushGate {
  ready(): void;
  opened: Promise<void>;
}

async function flush(mobile: string, otp: string, botUuid: string, sends: number, timeoutMs: number, gate?: FlushGate): Promise<FlushResult> {
  const db = await openApp('flush');
  await ensureSession(db);
  // the switchable connectivity the engine itself uses for the page's reports
  const connectivity = createConnectivity();
  const sockets = new Set<WebSocket>();
  let webhookCalls = 0;
  let socketSends = 0;
  let socketOpenAt: number | null = null;
  let onlineAt = 0;
  const engine = createInProcessEngine(db, {
    origin: '',
    versionName: 'bench',
    fetch: (input, init) => {
      if (!connectivity.isOnline()) return Promise.reject(new TypeError('Failed to fetch'));
      if (String(input instanceof Request ? input.url : input).includes('message-webhook')) webhookCalls++;
      return fetch(input, init);
    },
    connectivity,
    createSocket: (url) => {
      if (!connectivity.isOnline()) throw new Error('offline');
      const ws = new WebSocket(url);
      sockets.add(ws);
      ws.addEventListener('open', () => {
        if (onlineAt > 0 && socketOpenAt === null) socketOpenAt = performance.now() - onlineAt;
      });
      ws.addEventListener('close', () => sockets.delete(ws));
      const send = ws.send.bind(ws);
      ws.send = (data) => {
        if (typeof data === 'string' && data.includes('"send-message"')) socketSends++;
        send(data);
      };
      return ws as unknown as WebSocketLike;
    },
  });
  const setOnline = (value: boolean) => {
    connectivity.set(value);
    // going offline drops the live connection, as the OS does
    if (!value) for (const ws of sockets) ws.close();
  };
  try {
    const requested = await engine.invoke('requestOtp', mobile);
    if (!requested.ok) throw new Error(`requestOtp failed: ${requested.error.key}`);
    const verified = await engine.invoke('verifyOtp', otp);
    if (!verified.ok) throw new Error(`verifyOtp failed: ${verified.error.key}`);
    const owner = (await getLocalDoc(db, 'session'))?.mobile ?? mobile;
    await waitUntil(async () => (await getLocalDoc(db, 'sync-status'))?.socketState === 1, 10_000, 'the socket to open after sign-in');

    setOnline(false);
    await waitUntil(async () => sockets.size === 0, 5000, 'the socket to close');
    let t = performance.now();
    const ids: string[] = [];
    const base = Date.now();
    for (let i = 0; i < sends; i++) {
      ids.push(await enqueueMessage(db, { botUuid, payload: { type: 'text', text: { body: `queued message ${i + 1} of ${sends}` } }, owner, now: base + i }));
    }
    const enqueueMs = performance.now() - t;
    await waitUntil(async () => (await db.outbox.count().exec()) === sends, 5000, 'the outbox to hold every send');
    // let the offline flush attempts the inserts triggered settle before the clock starts
    await new Promise((r) => setTimeout(r, 500));
    if (gate) {
      gate.ready();
      await gate.opened;
    }

    // RxDB counts only index-covered selectors: poll the outbox's size (cheap), then read the
    // sends by id (acknowledge() stores the server's copies before it empties the outbox)
    const pk = pkFor(botUuid, owner);
    const statuses = async () => [...(await db.messages.findByIds(ids).exec()).values()].map((d) => d.status);
    t = performance.now();
    onlineAt = t;
    setOnline(true);
    await waitUntil(async () => (await db.outbox.count().exec()) === 0, timeoutMs, 'the outbox to empty').catch(async (err: unknown) => {
      const left = (await db.outbox.find().exec()).map((d) => d.toMutableJSON());
      const states: Record<string, number> = {};
      for (const e of left) states[`${e.state}/${e.attempts}/${e.last_error ?? ''}`] = (states[`${e.state}/${e.attempts}/${e.last_error ?? ''}`] ?? 0) + 1;
      throw new Error(`${String(err)}: ${left.length} entries left ${JSON.stringify(states)}; ${webhookCalls} webhook calls, ${socketSends} socket sends, ${sockets.size} sockets; sync-status ${JSON.stringify(await getLocalDoc(db, 'sync-status'))}`);
    });
    const acknowledged = (await statuses()).filter((s) => s === 'sent' || s === 'delivered').length;
    if (acknowledged !== sends) throw new Error(`outbox empty but only ${acknowledged} of ${sends} sends acknowledged`);
    const flushMs = performance.now() - t;
    // delivered: the bot's answer stored after the send. Wait until all are, or nothing moved for 2 s
    let delivered = 0;
    let deliveredMs = Number.NaN;
    let lastChange = performance.now();
    while (performance.now() - lastChange < 2000 && performance.now() - t < timeoutMs) {
      const n = (await statuses()).filter((s) => s === 'delivered').length;
      if (n !== delivered) {
        delivered = n;
        lastChange = performance.now();
        deliveredMs = lastChange - t;
      }
      if (delivered === sends) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const byId = await db.messages.findByIds(ids).exec();
    if (byId.size !== sends) throw new Error(`${sends - byId.size} sends missing from the messages collection`);
    const botMessages = (await db.messages.find({ selector: { pk, from: 'bot' } }).exec()).length;
    return { sends, flushMs, deliveredMs, delivered, botMessages, enqueueMs, webhookCalls, socketSends, socketOpenAtMs: socketOpenAt };
  } finally {
    await engine.close();
    for (const ws of sockets) ws.close();
    await db.remove();
  }
}

let staged: { opened: () => void; result: Promise<FlushResult> } | null = null;

/** flush() in two calls: this one signs in and queues the sends offline, flushRun() goes online. */
async function flushPrepare(mobile: string, otp: string, botUuid: string, sends: number, timeoutMs: number): Promise<void> {
  if (staged) throw new Error('a staged flush is waiting for flushRun()');
  let ready!: () => void;
  let opened!: () => void;
  const isReady = new Promise<void>((r) => (ready = r));
  const gate: FlushGate = { ready, opened: new Promise<void>((r) => (opened = r)) };
  const result = flush(mobile, otp, botUuid, sends, timeoutMs, gate);
  staged = { opened, result };
  await Promise.race([isReady, result.then(() => undefined)]).catch((err: unknown) => {
    staged = null;
    throw err;
  });
}

async function flushRun(): Promise<FlushResult> {
  if (!staged) throw new Error('flushPrepare() first');
  const { opened, result } = staged;
  staged = null;
  opened();
  return result;
}

/**
 * The floor under enqueueMessage: the same two documents per send (an OutboxDoc and its
 * pendingMessageDoc, as enqueueMessage builds them) written by hand, each send awaited before the
 * next. `split`: in two databases, one transaction each (what RxDB's Dexie storage does: a
 * database per collection); otherwise both in one transaction of one database (what a shared
 * storage could do). Each store has the app-level indexes of its RxDB schema.
 */
async function rawEnqueue(sends: number, split: boolean): Promise<{ ms: number }> {
  const name = `raw-enqueue-${split ? 'split' : 'one'}-${Date.now()}`;
  const indexes: Record<'outbox' | 'messages', string[][]> = { outbox: [['state', 'id'], OUTBOX_BY_CONVERSATION], messages: [['pk', 'rsk']] };
  const open = (dbName: string, stores: ('outbox' | 'messages')[]) => {
    const req = indexedDB.open(dbName, 1);
    req.onupgradeneeded = () => {
      for (const store of stores) {
        const os = req.result.createObjectStore(store, { keyPath: 'id' });
        for (const keys of indexes[store]) os.createIndex(keys.join('_'), keys);
      }
    };
    return request(req);
  };
  const dbs = split ? [await open(`${name}-outbox`, ['outbox']), await open(`${name}-messages`, ['messages'])] : [await open(name, ['outbox', 'messages'])];
  const put = async (db: IDBDatabase, docs: Record<string, unknown>) => {
    const tx = db.transaction(Object.keys(docs), 'readwrite', { durability: 'default' });
    const finished = done(tx);
    for (const [store, doc] of Object.entries(docs)) tx.objectStore(store).put(doc);
    await finished;
  };
  const botUuid = '1000000000000001';
  const base = Date.now();
  const t = performance.now();
  for (let i = 0; i < sends; i++) {
    const id = uuidv7();
    const entry: OutboxDoc = {
      id, kind: 'message', bot_uuid: botUuid, state: 'queued', attempts: 0, next_attempt_at: 0, created_at: base + i, last_error: null,
      payload: { type: 'text', text: { body: `queued message ${i + 1} of ${sends}` }, client_message_id: id },
    };
    const message = pendingMessageDoc(entry, OWNER);
    if (split) {
      await put(dbs[0]!, { outbox: entry });
      await put(dbs[1]!, { messages: message });
    } else await put(dbs[0]!, { outbox: entry, messages: message });
  }
  const ms = performance.now() - t;
  for (const db of dbs) await dropRaw(db);
  return { ms };
}

/** The reference: sequential plain fetch() calls from this page to the same server. */
async function sequentialFetches(path: string, count: number, init: RequestInit = {}): Promise<{ totalMs: number; eachMs: number[] }> {
  const eachMs: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const res = await fetch(path, { cache: 'no-store', ...init });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    eachMs.push(performance.now() - t);
  }
  return { totalMs: performance.now() - started, eachMs };
}

const api = { ingest, newest50, flush, flushPrepare, flushRun, sequentialFetches, rawEnqueue };
export type BenchApi = typeof api;

declare global {
  interface Window {
    bench?: BenchApi;
  }
}

window.bench = api;
document.title = 'bench ready';
