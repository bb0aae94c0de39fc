// A chat client for the engine's integration tests: a fresh RxDB database on fake-indexeddb and
// the engine running in-process (the worker's code) against the real server, with the live
// socket over the `ws` package (Node 20 has no global WebSocket). The network can be cut: fetch
// rejects as it does offline and the connectivity source says offline.
import WebSocket from 'ws';
import { openDatabase, type AppDatabase } from '../../../src/db/database';
import type { AppCollections } from '../../../src/db/schemas';
import { ensureSession, getLocalDoc } from '../../../src/db/local-store';
import { enqueueMessage } from '../../../src/db/outbox-store';
import { createConnectivity } from '../../../src/sync/chat-sync';
import { createInProcessEngine, type Engine, type EngineConfig } from '../../../src/sync/engine';
import { systemClock } from '../../../src/sync/http-client';
import type { LockManagerLike } from '../../../src/sync/leader';
import type { WebSocketLike } from '../../../src/sync/live-connection';
import { fakeIndexedDb, freshDbName } from '../../unit/db/helpers/fake-db';

export interface ChatClient {
  db: AppDatabase;
  engine: Engine & { isLeader(): boolean };
  mobile: string | null;
  /**
   * Cuts or restores the network (fetch and the connectivity events); `dropSockets: false` leaves
   * open sockets open, as Chromium's offline emulation does.
   */
  setOnline(online: boolean, options?: { dropSockets?: boolean }): void;
  signIn(mobile: string, code: (mobile: string) => string | undefined): Promise<void>;
  /** the page's send: outbox entry and pending message, then a nudge */
  sendText(botUuid: string, body: string): Promise<string>;
  /** Hands `data` to the engine as if the server had sent it on each open socket (a frame the server would never send). */
  injectFrame(data: string): void;
  close(): Promise<void>;
}

export interface ChatClientOptions {
  origin: string;
  dbName?: string;
  locks?: LockManagerLike;
  timings?: EngineConfig['timings'];
  /** no live socket: the outbox uses the webhook alone */
  noSocket?: boolean;
  now?: () => number;
  /** wraps the engine's fetch (e.g. to lose an answer after the server has acted on the request) */
  wrapFetch?: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch;
  /**
   * Only these collections (openDatabase's tests-only option): a test holding two clients open in
   * this realm passes CHAT_COLLECTIONS to each (RxDB's open-source limit of 13 per realm).
   */
  collections?: readonly (keyof AppCollections)[];
}

export async function startChatClient(opts: ChatClientOptions): Promise<ChatClient> {
  const db = await openDatabase({ name: opts.dbName ?? freshDbName('chat'), ...fakeIndexedDb, devMode: true, ignoreDuplicate: true, ...(opts.collections ? { collections: opts.collections } : {}) });
  await ensureSession(db);
  // the switchable connectivity the engine itself uses for the page's reports
  const connectivity = createConnectivity();
  const sockets = new Set<WebSocket>();
  const engine = createInProcessEngine(db, {
    origin: opts.origin,
    versionName: 'it',
    fetch: (opts.wrapFetch ?? ((f) => f))((input, init) => (connectivity.isOnline() ? fetch(input, init) : Promise.reject(new TypeError('fetch failed')))),
    clock: opts.now ? { ...systemClock, now: opts.now } : systemClock,
    connectivity,
    timings: { retryMs: 50, ...opts.timings },
    ...(opts.locks ? { locks: opts.locks } : {}),
    ...(opts.noSocket
      ? { createSocket: () => { throw new Error('no socket in this test'); } }
      : {
        createSocket: (url: string) => {
          if (!connectivity.isOnline()) throw new Error('offline');
          const ws = new WebSocket(url);
          sockets.add(ws);
          ws.on('close', () => sockets.delete(ws));
          // ws's EventTarget-style handlers have the fields WebSocketLike names
          return ws as unknown as WebSocketLike;
        },
      }),
  });
  const client: ChatClient = {
    db,
    engine,
    mobile: null,
    setOnline(value, { dropSockets = true } = {}) {
      connectivity.set(value);
      // going offline drops live connections, as the OS does (not Chromium's network emulation)
      if (!value && dropSockets) for (const ws of sockets) ws.terminate();
    },
    async signIn(mobile, code) {
      const requested = await engine.invoke('requestOtp', mobile);
      if (!requested.ok) throw new Error(`requestOtp failed: ${requested.error.key}`);
      const otp = code(mobile);
      if (!otp) throw new Error('no code issued');
      const verified = await engine.invoke('verifyOtp', otp);
      if (!verified.ok) throw new Error(`verifyOtp failed: ${verified.error.key}`);
      client.mobile = (await getLocalDoc(db, 'session'))?.mobile ?? mobile;
    },
    async sendText(botUuid, body) {
      const id = await enqueueMessage(db, { botUuid, payload: { type: 'text', text: { body } }, owner: client.mobile ?? '', now: Date.now() });
      void engine.invoke('syncNow');
      return id;
    },
    injectFrame(data) {
      // ws's onmessage getter answers the engine's own handler
      for (const ws of sockets) (ws as unknown as WebSocketLike).onmessage?.({ data });
    },
    async close() {
      await engine.close();
      for (const ws of sockets) ws.terminate();
      await db.close();
    },
  };
  return client;
}

/** Polls `cond` until it holds (no sleeps in tests: a condition with a deadline). */
export async function waitFor<T>(cond: () => Promise<T | false | null | undefined> | T | false | null | undefined, timeoutMs = 5000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await cond();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
