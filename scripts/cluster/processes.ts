// The child processes of the cluster tools (npm run load, throughput, fault, fault:rolling): how
// to stop one and wait for it, wait for an address to answer, and start nginx in front of the
// server processes (its configuration: nginx-conf.ts).
import { spawn, type ChildProcess } from 'node:child_process';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once `child` has exited, sending `signal` if it still runs. */
export const stopped = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') => new Promise<void>((resolve) => {
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
