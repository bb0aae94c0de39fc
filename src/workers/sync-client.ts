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
  await remote.init(config);
  return { engine: engineFromRemote(remote, () => worker.terminate()), worker };
}
