// The page's side of the sync worker: spawns it, wraps it with comlink and presents it as an
// Engine, typed by the engine's flows.
import { wrap, type Remote } from 'comlink';
import type { Engine, EngineArgs, EngineCommandName, EngineResult } from '../sync/engine';
import type { SyncWorkerApi, WorkerInit } from './worker-api';

export function spawnSyncWorker(): Worker {
  return new Worker(new URL('./sync.worker.ts', import.meta.url), { type: 'module', name: 'sync' });
}

/** An Engine over a wrapped worker API (in the page: the real worker; in tests: a MessagePort). */
export function engineFromRemote(remote: Remote<SyncWorkerApi>, terminate: () => void = () => {}): Engine {
  return {
    async invoke<K extends EngineCommandName>(name: K, ...args: EngineArgs<K>): Promise<EngineResult<K>> {
      // The worker runs the same flow table, so the answer has the flow's result type.
      return (await remote.invoke(name, args)) as EngineResult<K>;
    },
    async close() {
      try {
        await remote.close();
      } finally {
        terminate();
      }
    },
  };
}

/** Starts the worker, opens its database instance and returns the page's engine. */
export async function startWorkerEngine(config: WorkerInit): Promise<{ engine: Engine; worker: Worker }> {
  const worker = spawnSyncWorker();
  const remote = wrap<SyncWorkerApi>(worker);
  // A worker whose script (or a chunk it imports) cannot be fetched, as when the network goes
  // while the app loads, only fires a plain 'error' event at the Worker: the call to init would
  // wait for ever, and every command behind it. That event ends the start, so the caller can
  // fall back or retry. An ErrorEvent is an exception thrown inside a running worker: init still
  // answers (or rejects) for itself, so it is only logged.
  const failedToLoad = new Promise<never>((_, reject) => {
    const onError = (event: Event) => {
      if (event instanceof ErrorEvent) {
        console.warn('sync worker error', event.message);
        return;
      }
      worker.removeEventListener('error', onError);
      reject(new Error('the sync worker could not load its code'));
    };
    worker.addEventListener('error', onError);
  });
  try {
    await Promise.race([remote.init(config), failedToLoad]);
  } catch (err) {
    worker.terminate();
    throw err;
  }
  return { engine: engineFromRemote(remote, () => worker.terminate()), worker };
}
