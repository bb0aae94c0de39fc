// The fault tests' cluster on this machine (test/fault/*.fault.ts, issue 19): server processes
// (scripts/load/load-server.ts, cluster mode) on loopback ports of their own, nginx in front of
// them from a temporary prefix (scripts/cluster/nginx-conf.ts), and the ways to stop each.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export { freePort } from '../../../scripts/cluster/env-number';
export { sleep, startNginx, stopped, untilOk } from '../../../scripts/cluster/processes';

/** Starts one server process on `port`; resolves once it listens (its 'ready' message). */
export function startProcess(port: number, env: { databaseUrl: string; redisUrl: string; otp: string }): Promise<ChildProcess> {
  const child = fork(fileURLToPath(new URL('../../../scripts/load/load-server.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PORT: String(port), DATABASE_URL: env.databaseUrl, REDIS_URL: env.redisUrl, OTP_FIXED: env.otp },
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the server on ${port} exited (${code}) before it was ready`)));
  });
}
