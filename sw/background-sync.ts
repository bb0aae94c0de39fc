// Background sync of the outbox (DESIGN.md §2, §4). The page registers the 'outbox-flush' sync
// while the outbox holds entries and it goes offline or away (src/app/background-sync.ts); the
// browser fires it here when the network is back, even with every tab closed. Then:
//
//   - a window of the app is open: its worker's leader delivers the outbox. This handler only
//     waits (looking again every few seconds) until the outbox is empty, so a page that was
//     closing when the event fired is still covered; if a page stays open with entries queued
//     for long, it gives up and the browser fires the event again later.
//   - no window is open: it takes the leader lock of src/sync/leader.ts (so a page opening
//     meanwhile waits instead of flushing at the same time), opens the same RxDB database and
//     runs one pass of the same outbox code and of the one action queue's runner
//     (src/sync/background-flush.ts). Entries or actions still queued afterwards (no network, a
//     backoff) make the event fail, which asks the browser to retry.
//
// The database and the engine's code are not part of the service worker's script: they are a
// second script (outbox-flush.ts) evaluated only when a sync event needs them.
//
// Exactly once holds as in the page: an entry leaves the outbox only when the server has
// acknowledged it, and the server answers a repeated client_message_id with the original.
import { version } from '../package.json';
import { OUTBOX_SYNC_TAG } from '../src/domain/constants';
import { DEFAULT_DB_NAME } from '../src/db/database-name';
import type { AppDatabase } from '../src/db/database';
import type { BackgroundFlushOutcome } from '../src/sync/background-flush';
import { LEADER_LOCK } from '../src/sync/leader';
import type { OutboxFlushModule } from './outbox-flush';

/** The address of outbox-flush.ts's script (the build writes it in: vite.config.ts). */
declare const __OUTBOX_FLUSH_URL__: string;
export const OUTBOX_FLUSH_URL = __OUTBOX_FLUSH_URL__;

type FlushScope = ServiceWorkerGlobalScope & { __outboxFlush?: OutboxFlushModule };

/** outbox-flush.ts's module, evaluating its script the first time this service worker's run needs it. */
function loadOutboxFlush(sw: FlushScope): OutboxFlushModule {
  if (!sw.__outboxFlush) sw.importScripts(OUTBOX_FLUSH_URL);
  if (!sw.__outboxFlush) throw new Error(`background sync: ${OUTBOX_FLUSH_URL} did not load`);
  return sw.__outboxFlush;
}



/** Background Sync's event (not in TypeScript's WebWorker lib). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/** How long the handler waits for an open page to empty the outbox before leaving it to a retry. */
const OPEN_PAGE_WAIT_MS = 60_000;
/** How often it looks again meanwhile. */
const OPEN_PAGE_POLL_MS = 2_000;
/** How long it waits for the leader lock (a closing page's worker may hold it for a moment). */
const LOCK_WAIT_MS = 20_000;

export interface BackgroundSyncDeps {
  /** The database's name; tests of the built app keep the default. */
  dbName?: string;
  log?: (message: string, detail?: unknown) => void;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function registerBackgroundSync(sw: FlushScope, deps: BackgroundSyncDeps = {}): void {
  // While installing: import the flush script once, so the browser keeps it with this version
  // (after install, importScripts only returns scripts imported before). A failure here fails
  // the install, as a missing precache file would: no version is installed without its flush.
  sw.addEventListener('install', () => {
    loadOutboxFlush(sw);
  });

  const dbName = deps.dbName ?? DEFAULT_DB_NAME;
  const log = deps.log ?? ((message: string, detail?: unknown) => console.warn(message, detail));
  // RxDB refuses a second instance of one database in one realm: sync events that overlap (a
  // retry and a fresh registration) take their turn.
  let queue: Promise<unknown> = Promise.resolve();

  function withDatabase<T>(work: (db: AppDatabase, flush: OutboxFlushModule) => Promise<T>): Promise<T> {
    const run = queue.then(async () => {
      const flush = loadOutboxFlush(sw);
      const db = await flush.openDatabase({ name: dbName });
      try {
        return await work(db, flush);
      } finally {
        // an open connection would hold back a page's schema upgrade: close it at once
        await db.close();
      }
    });
    queue = run.catch(() => undefined);
    return run;
  }

  async function windowOpen(): Promise<boolean> {
    const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
    return windows.length > 0;
  }

  async function flushAlone(): Promise<BackgroundFlushOutcome> {
    const pass = () => withDatabase((db, flush) => flush.flushOutboxInBackground(db, { origin: '', versionName: version, fetch: (input, init) => fetch(input, init), log }));
    const locks = sw.navigator.locks as LockManager | undefined;
    if (!locks) return pass();
    // the lock's promise resolves to pass()'s promise; awaiting flattens it
    return await locks.request(LEADER_LOCK, { signal: AbortSignal.timeout(LOCK_WAIT_MS) }, pass);
  }

  async function onSync(): Promise<void> {
    const deadline = Date.now() + OPEN_PAGE_WAIT_MS;
    for (;;) {
      if (!(await windowOpen())) {
        const outcome = await flushAlone();
        if (outcome.signedIn && outcome.queued > 0) {
          throw new Error(`background sync: ${outcome.queued} still queued after delivering ${outcome.delivered}; the browser retries later`);
        }
        return;
      }
      const queued = await withDatabase((db, flush) => flush.queuedCount(db));
      if (queued === 0) return;
      if (Date.now() > deadline) throw new Error(`background sync: a page is open with ${queued} queued; left to it and to a later retry`);
      await delay(OPEN_PAGE_POLL_MS);
    }
  }

  sw.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(onSync().catch((err: unknown) => {
      log('background sync failed', err);
      throw err;
    }));
  });
}
