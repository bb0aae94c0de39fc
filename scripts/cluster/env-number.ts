// The cluster tools' settings (npm run load, throughput, fault, fault:rolling): whole numbers from
// the environment within the bounds that keep a run short and on this machine, else a clear
// error; the services they use, on loopback only; a free port.
import { createServer as createNetServer } from 'node:net';

export function boundedEnv(name: string, fallback: number, max: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`${name} must be a whole number from 1 to ${max}, got ${process.env[name]}`);
  return value;
}

/** Throws unless `url` names this machine (the tools run on loopback only). */
export function loopbackOnly(tool: string, url: string): void {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)) throw new Error(`${tool}: loopback only, not ${url}`);
}

/** The machine's services a cluster tool uses, from the environment, each on loopback. */
export interface ClusterServices {
  /** a PostgreSQL URL whose role may CREATE DATABASE (each run makes its own) */
  pgAdmin: string;
  redisUrl: string;
  /** the nginx binary */
  nginx: string;
}

/** `pgAdminVariable` names the tool's own PostgreSQL variable (LOAD_PG_ADMIN, FAULT_PG_ADMIN, ...). */
export function clusterServices(tool: string, pgAdminVariable: string): ClusterServices {
  const services = {
    pgAdmin: process.env[pgAdminVariable] ?? 'postgres://postgres@127.0.0.1:5432/test',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    nginx: process.env.NGINX ?? '/usr/sbin/nginx',
  };
  for (const url of [services.pgAdmin, services.redisUrl]) loopbackOnly(tool, url);
  return services;
}

/** A loopback port nothing listens on now (the kernel's pick, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
