// A fresh PostgreSQL database for one test file (issue 19's cluster tests): CREATE DATABASE
// <prefix>_<random> on the machine's PostgreSQL, dropped (with its connections) afterwards. The
// server under test gets its URL as DATABASE_URL would give it. Without a reachable PostgreSQL the
// test fails here, saying what it needs (these tests exist to prove the PostgreSQL path).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The maintenance connection: PG_ADMIN_URL, else the machines' service (trust auth, database `test`). */
const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface FreshDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createFreshDatabase(prefix: string): Promise<FreshDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `This test needs a PostgreSQL (15+) at ${ADMIN_URL} that may CREATE DATABASE (set PG_ADMIN_URL to another one); ` +
      `connecting failed: ${(error as Error).message}. On the project machines it is a service: see the env entry for how to restart it.`,
    );
  }
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
