// What the sync worker exposes over comlink, kept small (DESIGN.md §2): open the database,
// invoke an engine flow by name, close. Status is not pushed back through callbacks: the flows
// write it into RxDB local documents, which the page observes (multiInstance relays the writes).
// This module has no comlink and no `self`, so Node tests drive it directly or over a MessagePort.
import type { AppDatabase, OpenDatabaseOptions } from '../db/database';
import { ensureSession } from '../db/local-store';
import { createEngineParts, dispatch, type EngineArgs, type EngineCommandName, type EngineConfig, type EngineParts } from '../sync/engine';

export interface WorkerInit {
  /** Same name as the page's database: both instances then share one IndexedDB database. */
  dbName: string;
  /** Scheme, host and port of the API; '' for the worker's own origin. */
  origin: string;
  versionName: string;
}

export interface SyncWorkerApi {
  init(config: WorkerInit): Promise<void>;
  /** Runs engine flow `name`; typed on the page side by sync-client.ts. */
  invoke(name: EngineCommandName, args: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

export interface WorkerDeps {
  fetch: typeof fetch;
  openDatabase: (options: OpenDatabaseOptions) => Promise<AppDatabase>;
  /** Node tests inject fake-indexeddb here (it cannot cross a message port); the worker uses the browser's. */
  databaseOptions?: Omit<OpenDatabaseOptions, 'name'>;
  engine?: Partial<Pick<EngineConfig, 'clock' | 'timeoutMs' | 'newDeviceId' | 'createSocket' | 'locks' | 'connectivity' | 'timings' | 'buildVersionCode' | 'mediaStore' | 'upload' | 'prepareImage'>>;
}

export function createSyncWorkerApi(deps: WorkerDeps): SyncWorkerApi {
  let started: Promise<{ db: AppDatabase; parts: EngineParts }> | null = null;

  async function start(config: WorkerInit) {
    const db = await deps.openDatabase({ ...deps.databaseOptions, name: config.dbName });
    await ensureSession(db);
    const parts = createEngineParts(db, { origin: config.origin, versionName: config.versionName, fetch: deps.fetch, ...deps.engine });
    return { db, parts };
  }

  return {
    init(config) {
      // idempotent: a second init (e.g. after a hot reload of the page) reuses the first
      started ??= start(config);
      return started.then(() => undefined);
    },
    async invoke(name, args) {
      if (!started) throw new Error('sync worker: init() first');
      const { parts } = await started;
      // args come over a message port; dispatch checks the name, the flows check their inputs
      return dispatch(parts.flows, name, args as EngineArgs<typeof name>);
    },
    async close() {
      if (!started) return;
      const { db, parts } = await started;
      started = null;
      await parts.stop();
      await db.close();
    },
  };
}
