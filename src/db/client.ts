// The page's data client: the database instance, the engine that runs the network flows, and
// (in the browser) the sync worker behind it. main.tsx calls startClient() once, then renders
// <DatabaseProvider client={client}>. Commands reach the started client through getClient().
import { version } from '../../package.json';
import type { Engine, EngineArgs, EngineCommandName, EngineResult } from '../sync/engine';
import type { WorkerInit } from '../workers/worker-api';
import type { AppDatabase, OpenDatabaseOptions } from './database';
import { DEFAULT_DB_NAME } from './database-name';
import { ensureSession, getLocalDoc } from './local-store';
import { markBoot } from './boot-gate';

// RxDB (./database) and the worker's client load with the first startClient(), not with this
// module: commands and hooks import it, and a signed-out start renders the login screen before
// the data client starts (src/app/boot-hint.ts), so the login route does not carry the database.
async function openDatabase(options: OpenDatabaseOptions): Promise<AppDatabase> {
  return (await loadCode(() => import('./database'))).openDatabase(options);
}
async function startWorkerEngine(config: WorkerInit): Promise<{ engine: Engine; worker: Worker }> {
  return (await import('../workers/sync-client')).startWorkerEngine(config);
}

/**
 * The data client's code could not be fetched: on a signed-out first visit it loads after the
 * login screen, and the network can go in between. Nothing was opened; a later start may work.
 */
export class ClientCodeUnavailable extends Error {
  constructor(cause: unknown) {
    super('the data client code could not be loaded (no network?)', { cause });
    this.name = 'ClientCodeUnavailable';
  }
}

async function loadCode<M>(load: () => Promise<M>): Promise<M> {
  try {
    return await load();
  } catch (err) {
    throw new ClientCodeUnavailable(err);
  }
}

export interface Client {
  db: AppDatabase;
  engine: Engine;
  /** The sync worker; null when the engine runs in-process (Node tests, or no worker support). */
  worker: Worker | null;
  /** Closes the engine (and the worker) and the page's database instance. */
  close(): Promise<void>;
}

export interface StartClientOptions extends OpenDatabaseOptions {
  /**
   * Builds the engine. Default: the sync worker, with the in-process engine as a fallback when the
   * worker cannot start. Node tests pass `(db) => createInProcessEngine(db, { fetch, origin, … })`.
   */
  engine?: (db: AppDatabase) => Engine | Promise<Engine>;
  /** Scheme, host and port of the API; '' (default) for the page's own origin. */
  origin?: string;
  /** The version-name header; default the package version. */
  versionName?: string;
  /** Reads to do before resolving, in parallel with the session check (boot: prefetchForBoot). */
  prefetch?: (db: AppDatabase) => Promise<void>;
  /**
   * The sync worker is spawned once this settles (boot on /home: whenScreenPainted, so the
   * worker's database open does not compete with the first paint); default at once. Engine calls
   * made before wait inside invoke().
   */
  startWorkerAfter?: Promise<unknown>;
}

export const APP_VERSION_NAME: string = version;

let current: Client | null = null;

/** The started client; commands use it. Throws before startClient() (a programming error). */
export function getClient(): Client {
  if (!current) throw new Error('data client not started: call startClient() before rendering (src/db/README.md)');
  return current;
}

export function hasClient(): boolean {
  return current !== null;
}

const waitingForClient: Array<(client: Client) => void> = [];

/** The started client, once startClient() has resolved: for commands a user can run before it (the login screen of a signed-out start). */
export function whenClient(): Promise<Client> {
  return current ? Promise.resolve(current) : new Promise((resolve) => waitingForClient.push(resolve));
}

/** Commands waiting for the outcome of a start: the client, or null when its code could not be fetched. */
const waitingForStart: Array<(client: Client | null) => void> = [];
let codeUnavailable = false;
let retryStart: (() => void) | null = null;

/** The signed-out start's provider says how to start again after ClientCodeUnavailable. */
export function setClientRetry(retry: (() => void) | null): void {
  retryStart = retry;
}

/**
 * For a command a user can run before the client is up (the login screen of a signed-out start):
 * the client once started, or null when its code could not be fetched (no network), so that the
 * command says so instead of waiting for ever. After such a failure, asking starts another try.
 */
export function clientForCommand(): Promise<Client | null> {
  if (current) return Promise.resolve(current);
  const outcome = new Promise<Client | null>((resolve) => waitingForStart.push(resolve));
  if (codeUnavailable) {
    if (retryStart) retryStart();
    else for (const resolve of waitingForStart.splice(0)) resolve(null);
  }
  return outcome;
}

/** Opens the database, makes sure the device id exists, starts the engine; idempotent per page is the caller's job. */
export async function startClient(options: StartClientOptions = {}): Promise<Client> {
  const name = options.name ?? DEFAULT_DB_NAME;
  markBoot('db-open');
  let db: AppDatabase;
  try {
    db = await openDatabase({ ...options, name });
  } catch (err) {
    if (err instanceof ClientCodeUnavailable) {
      codeUnavailable = true;
      for (const resolve of waitingForStart.splice(0)) resolve(null);
    }
    throw err;
  }
  markBoot('db-opened');
  // the session exists on every start but the first: a read, not a write (a readwrite transaction)
  const session = async () => {
    if (!(await getLocalDoc(db, 'session'))) await ensureSession(db);
  };
  await Promise.all([session(), options.prefetch?.(db)]);
  markBoot('session');
  const origin = options.origin ?? '';
  const versionName = options.versionName ?? APP_VERSION_NAME;

  let engine: Engine;
  let worker: Worker | null = null;
  if (options.engine) {
    engine = await options.engine(db);
  } else {
    // The worker opens its own instance of the database, which costs as much again as the page's:
    // the page renders from its own instance meanwhile (a cold start shows the stored chat list
    // without waiting for it), and engine calls wait for the worker inside invoke().
    const startEngine = async (): Promise<Engine> => {
      await options.startWorkerAfter?.catch(() => undefined);
      markBoot('worker-spawn');
      try {
        const spawned = await startWorkerEngine({ dbName: name, origin, versionName });
        markBoot('worker-ready');
        worker = spawned.worker;
        if (current) current.worker = worker;
        return spawned.engine;
      } catch (err) {
        // No module workers (or the worker failed to boot): run the same engine on the page.
        // Loaded only then, so the page's bundle does not carry the engine it normally leaves to the worker.
        console.warn('sync worker unavailable, running the engine on the page', err);
        const { createInProcessEngine } = await loadCode(() => import('../sync/engine'));
        return createInProcessEngine(db, { fetch: (input, init) => fetch(input, init), origin, versionName });
      }
    };
    // Started at once; if neither the worker nor the page's engine could load (the network went
    // before their code came), the next call tries again rather than repeat the old failure.
    let started: Promise<Engine> | null = null;
    const ready = (): Promise<Engine> => {
      if (!started) {
        const attempt = startEngine();
        started = attempt;
        attempt.catch(() => {
          if (started === attempt) started = null;
        });
      }
      return started;
    };
    ready().catch(() => undefined);
    engine = {
      async invoke<K extends EngineCommandName>(commandName: K, ...args: EngineArgs<K>): Promise<EngineResult<K>> {
        return (await ready()).invoke(commandName, ...args);
      },
      async close() {
        await (await ready()).close();
      },
    };
  }

  // The worker's own online/offline events are unreliable (see createConnectivity): tell it.
  const reportNetwork = () => void engine.invoke('networkChanged', navigator.onLine).catch(() => {});
  const hasWindow = typeof window !== 'undefined' && typeof window.addEventListener === 'function';
  if (hasWindow) {
    window.addEventListener('online', reportNetwork);
    window.addEventListener('offline', reportNetwork);
    if (!navigator.onLine) reportNetwork();
  }

  const client: Client = {
    db,
    engine,
    worker,
    async close() {
      if (hasWindow) {
        window.removeEventListener('online', reportNetwork);
        window.removeEventListener('offline', reportNetwork);
      }
      if (current === client) current = null;
      await engine.close();
      await db.close();
    },
  };
  current = client;
  codeUnavailable = false;
  for (const resolve of waitingForClient.splice(0)) resolve(client);
  for (const resolve of waitingForStart.splice(0)) resolve(client);
  return client;
}
