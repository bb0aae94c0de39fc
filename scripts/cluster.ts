// `npm run cluster`: the reference server in cluster mode on this machine (issue 19, demo):
// N processes of server/main.ts on loopback ports, sharing one PostgreSQL and one Redis, and
// nginx (deploy/nginx.conf) in front of them on one port. Ctrl-C stops them all (the servers
// drain: their sockets close with 1012 and clients reconnect through nginx).
//
//   CLUSTER_PROCESSES  how many server processes (default 2)
//   CLUSTER_PORT       nginx's port (default 8090); the servers take the next N ports
//   DATABASE_URL       default postgres://postgres@127.0.0.1:5432/test
//   REDIS_URL          default redis://127.0.0.1:6379
//   NGINX              the nginx binary (default /usr/sbin/nginx; Debian package nginx-light)
// Every other variable (OTP_FIXED, LOG_LEVEL...) reaches the servers as is. Serves the built app
// from dist/ (npm run build first).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { writeNginxConf } from './cluster/nginx-conf';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const count = Number(process.env.CLUSTER_PROCESSES ?? 2);
const port = Number(process.env.CLUSTER_PORT ?? 8090);
if (!Number.isInteger(count) || count < 1 || count > 32) throw new Error(`CLUSTER_PROCESSES must be 1 to 32, got ${process.env.CLUSTER_PROCESSES}`);
if (!Number.isInteger(port) || port < 1 || port + count > 65535) throw new Error(`CLUSTER_PORT must be a port number, got ${process.env.CLUSTER_PORT}`);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const nginxBin = process.env.NGINX ?? '/usr/sbin/nginx';
if (!existsSync(nginxBin)) throw new Error(`no nginx at ${nginxBin}: apt-get install nginx-light (or set NGINX)`);
if (!existsSync(join(ROOT, 'dist', 'index.html'))) console.warn('cluster: dist/ has no built app (npm run build): the API works, the pages do not');

const children: ChildProcess[] = [];
let stopping = false;

/** Resolves once the server answers /healthz with 200 (whatever its LOG_LEVEL). */
async function healthy(serverPort: number, exited: Promise<never>): Promise<void> {
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${serverPort}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 250)), exited]);
  }
}

/** Starts one server; resolves once it is healthy. */
function startServer(serverPort: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env, PORT: String(serverPort), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, REDIS_URL: redisUrl,
      // nginx on this machine sets X-Forwarded-For: the sign-in limits count the real client
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let msg = line;
    try {
      msg = (JSON.parse(line) as { msg: string }).msg;
    } catch { /* not JSON: print as is */ }
    console.log(`[${serverPort}] ${msg}`);
  });
  const exited = new Promise<never>((_, reject) => child.on('exit', (code, signal) => {
    if (!stopping) console.error(`cluster: server on ${serverPort} exited (${code ?? signal})`);
    reject(new Error(`server on ${serverPort} exited`));
  }));
  exited.catch(() => {});
  return healthy(serverPort, exited);
}

const serverPorts = Array.from({ length: count }, (_, i) => port + 1 + i);
const { prefix, conf: confFile } = writeNginxConf(serverPorts, port);

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('cluster: stopping (servers drain, then nginx)');
  const exits = children.map((c) => new Promise<void>((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) return resolve();
    c.once('exit', () => resolve());
    c.kill('SIGTERM');
  }));
  await Promise.all(exits);
  rmSync(prefix, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

async function main(): Promise<void> {
  try {
    // the first migrates and seeds the database; the others then start side by side
    await startServer(serverPorts[0]!);
    await Promise.all(serverPorts.slice(1).map(startServer));
  } catch (error) {
    console.error(`cluster: ${(error as Error).message}`);
    return stop(1);
  }
  if (stopping) return;
  const nginx = spawn(nginxBin, ['-p', prefix, '-c', confFile, '-g', 'daemon off;'], { stdio: 'inherit' });
  children.unshift(nginx);
  nginx.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`cluster: nginx exited (${code ?? signal}); see ${prefix}/logs/error.log`);
      void stop(1);
    }
  });
  console.log(`cluster: ${count} server processes (ports ${serverPorts.join(', ')}) behind nginx: open http://127.0.0.1:${port} (Ctrl-C stops all)`);
}

await main();
