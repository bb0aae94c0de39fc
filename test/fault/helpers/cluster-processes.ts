// The fault tests' cluster on this machine (test/fault/*.fault.ts, issue 19): server processes
// (scripts/load/load-server.ts, cluster mode) on loopback ports of their own, nginx in front of
// them from a temporary prefix (scripts/cluster/nginx-conf.ts), and the ways to stop each.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export { freePort } from '../../../scripts/cluster/env-number';

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

/** Sends the signal (unless the process has ended already) and resolves when it has exited. */
export const stopped = (child: ChildProcess, signal: NodeJS.Signals) => new Promise<void>((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) return resolve();
  child.once('exit', () => resolve());
  child.kill(signal);
});

/** Polls `url` until it answers 200; throws after `tries` polls 50 ms apart. */
export async function untilOk(url: string, what: string, tries = 100): Promise<void> {
  for (let n = 0; !(await fetch(url).then((r) => r.ok, () => false)); n++) {
    if (n > tries) throw new Error(`${what} did not come up`);
    await sleep(50);
  }
}

/** Starts nginx (not as a daemon) from its prefix and waits until it reaches a server. */
export async function startNginx(nginxPath: string, prefix: string, conf: string, listen: number): Promise<ChildProcess> {
  const nginx = spawn(nginxPath, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: 'ignore' });
  try {
    await untilOk(`http://127.0.0.1:${listen}/healthz`, 'nginx');
  } catch (error) {
    await stopped(nginx, 'SIGTERM');
    throw error;
  }
  return nginx;
}
