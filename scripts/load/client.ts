// What the load tools share (scripts/load.ts, scripts/throughput.ts): the API called by route name
// over fetch, a fresh user signed in with the fixed code, a server process of load-server.ts
// forked and awaited, percentiles, and a cleanup list that also runs on Ctrl-C.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { routes, type RouteName } from '../../src/api/contract';
import { API_BASE, HEADER } from '../../src/api/headers';
import { freshMobile } from '../../test/integration/helpers/server';

/** Every sign-in code of the load servers (OTP_FIXED). */
export const OTP = '1234';

export interface Session { mobile: string; token: string }

/** The p-th percentile of an ascending list (nearest rank). */
export const percentile = (sorted: readonly number[], p: number) => sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

/** One API route on `node.url`; throws on any status but 200. */
export async function call(node: { url: string }, name: RouteName, body: unknown, session?: Session): Promise<Record<string, unknown>> {
  const def = routes[name];
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(session ? { [HEADER.mobile]: session.mobile, [HEADER.sessionId]: session.token } : {}) };
  const res = await fetch(node.url + API_BASE + def.path, { method: def.method, headers, body: def.method === 'GET' ? undefined : JSON.stringify(body ?? {}) });
  const answer = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) throw new Error(`${name} on ${node.url}: ${res.status} ${String(answer.message)}`);
  return answer;
}

/** A fresh number signed in: send-otp, then verify-otp with the fixed code. */
export async function signIn(node: { url: string }): Promise<Session> {
  const mobile = freshMobile();
  await call(node, 'sendOtp', { mobile });
  const tokens = await call(node, 'verifyOtp', { mobile, otp: OTP });
  return { mobile, token: String(tokens.token) };
}

export interface ServerProcess { url: string; child: ChildProcess }

/**
 * A process of scripts/load/load-server.ts with `env` added (DATABASE_URL and REDIS_URL, or
 * DATA_DIR; PORT), resolved once it listens.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = fork(fileURLToPath(new URL('./load-server.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, OTP_FIXED: OTP, ...env },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { kind: string; url: string }) => resolve({ url: m.url, child }));
    child.once('exit', (code) => reject(new Error(`a server process exited (${code}) before it was ready`)));
  });
}

/** A server process's memory and CPU time so far (load-server.ts answers 'stats'). */
export const statsOf = (node: ServerProcess) => new Promise<{ rssBytes: number; cpuMicros: number }>((resolve) => {
  const on = (m: { kind: string; rssBytes: number; cpuMicros: number }) => {
    if (m.kind !== 'stats') return;
    node.child.off('message', on);
    resolve(m);
  };
  node.child.on('message', on);
  node.child.send({ kind: 'stats' });
});

export { stopped } from '../cluster/processes';

const cleanups: Array<() => Promise<void>> = [];
let interrupted = false;

/**
 * Registers `undo` (stop a process, drop a database, delete a folder); answers a function that
 * runs it once, for the finally block. Whatever is still registered runs on SIGINT or SIGTERM,
 * last registered first, and the tool then exits 130.
 */
export function onCleanup(undo: () => Promise<void>): () => Promise<void> {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    cleanups.splice(cleanups.indexOf(once), 1);
    await undo().catch((err: Error) => console.error(`cleanup: ${err.message}`));
  };
  cleanups.push(once);
  return once;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: cleaning up`);
    void (async () => {
      while (cleanups.length) await cleanups[cleanups.length - 1]!();
      process.exit(130);
    })();
  });
}
