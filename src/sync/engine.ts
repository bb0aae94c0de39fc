// The sync engine as the page sees it: one typed `invoke` over the session flows. The worker runs
// it (src/workers), Node tests run it in-process; the page's commands cannot tell the difference.
import type { AppDatabase } from '../db/database';
import { createHttpClient, type Clock } from './http-client';
import { createSessionFlows, requestContextFrom, type SessionFlows } from './session';

export type EngineCommands = SessionFlows;
export type EngineCommandName = keyof EngineCommands;
export type EngineArgs<K extends EngineCommandName> = Parameters<EngineCommands[K]>;
export type EngineResult<K extends EngineCommandName> = Awaited<ReturnType<EngineCommands[K]>>;

export interface Engine {
  invoke<K extends EngineCommandName>(name: K, ...args: EngineArgs<K>): Promise<EngineResult<K>>;
  close(): Promise<void>;
}

export interface EngineConfig {
  /** Scheme, host and port of the API; '' for the origin the code was served from. */
  origin: string;
  versionName: string;
  fetch: typeof fetch;
  clock?: Clock;
  timeoutMs?: number;
  newDeviceId?: () => string;
}

export function createEngineFlows(db: AppDatabase, config: EngineConfig): EngineCommands {
  const http = createHttpClient({
    fetch: config.fetch,
    origin: config.origin,
    versionName: config.versionName,
    context: requestContextFrom(db, config.newDeviceId),
    ...(config.clock ? { clock: config.clock } : {}),
    ...(config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {}),
  });
  return createSessionFlows({
    db,
    http,
    ...(config.clock ? { now: config.clock.now } : {}),
    ...(config.newDeviceId ? { newDeviceId: config.newDeviceId } : {}),
  });
}

/** Runs one named flow; the name may come over a message port, so it is checked. */
export function dispatch<K extends EngineCommandName>(flows: EngineCommands, name: K, args: EngineArgs<K>): Promise<EngineResult<K>> {
  if (!Object.prototype.hasOwnProperty.call(flows, name)) return Promise.reject(new Error(`unknown engine command: ${String(name)}`));
  // The map from name to function is correlated; TypeScript cannot follow it through the index.
  const fn = flows[name] as (...a: EngineArgs<K>) => Promise<EngineResult<K>>;
  return fn(...args);
}

/** The engine in the calling realm: for Node tests, and a fallback where workers are unavailable. */
export function createInProcessEngine(db: AppDatabase, config: EngineConfig): Engine {
  const flows = createEngineFlows(db, config);
  return {
    invoke: (name, ...args) => dispatch(flows, name, args),
    close: async () => {},
  };
}
