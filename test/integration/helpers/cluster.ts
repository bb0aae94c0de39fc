// Cluster mode in the tests (issue 19): several reference servers in this process, each with its
// own PostgreSQL pool and its own Redis connections (as separate processes would have), on one
// fresh PostgreSQL database made for the test file (cluster_<random>, dropped by close()) and
// the machine's Redis. Without PostgreSQL or Redis the start fails saying what it needs.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { ServerOptions } from '../../../server/app';
import { openDb, type Db } from '../../../server/db/db';
import { startTestServer, type TestServer } from './server';

/** Where the cluster tests find their services (CLUSTER_PG_URL / REDIS_URL override them). */
export const CLUSTER_PG_URL = process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const CLUSTER_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestCluster {
  nodes: TestServer[];
  databaseUrl: string;
  close(): Promise<void>;
}

async function need<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new Error(`cluster tests need ${what} (${(error as Error).message}); start it, or point the variable at one`);
  }
}

export async function startCluster(count: number, opts: ServerOptions = {}): Promise<TestCluster> {
  const redis = new Redis(CLUSTER_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3_000, retryStrategy: () => null });
  await need(`Redis at REDIS_URL=${CLUSTER_REDIS_URL}`, async () => {
    await redis.connect();
    await redis.ping();
  });
  redis.disconnect();
  const name = `cluster_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: CLUSTER_PG_URL, connectionTimeoutMillis: 3_000 });
  await need(`PostgreSQL at CLUSTER_PG_URL=${CLUSTER_PG_URL} (a role that may CREATE DATABASE)`, async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  });
  const url = new URL(CLUSTER_PG_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const pools: Db[] = [];
  const nodes: TestServer[] = [];
  const close = async () => {
    for (const node of nodes) await node.close();
    for (const pool of pools) await pool.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  try {
    // one at a time: the first migrates and seeds, the others find it done
    for (let i = 0; i < count; i++) {
      const db = await openDb({ databaseUrl });
      pools.push(db);
      nodes.push(await startTestServer({ ...opts, db, redisUrl: CLUSTER_REDIS_URL }));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { nodes, databaseUrl, close };
}
