// Db over a real PostgreSQL through a `pg` connection pool (DATABASE_URL).
import pg from 'pg';
import type { Db, Queryable } from './db-types';

const INT8 = 20;

// Per-pool type parsers (not pg's global ones, which other code in the process may rely on):
// int8 as a number, as the PGlite side does.
const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query<T & pg.QueryResultRow>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      // No parameters: pg uses the simple query protocol, which accepts several statements.
      await client.query(sql);
    },
  };
}

/** A schema name we create and put on the search_path; only plain identifiers are allowed. */
function checkSchema(schema: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  return schema;
}

export async function openPostgres(url: string, opts: { schema?: string } = {}): Promise<Db> {
  const schema = opts.schema === undefined ? undefined : checkSchema(opts.schema);
  if (schema) {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: typeParsers,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client that loses its connection emits 'error' on the pool; without a listener
  // that would crash the process. The next query gets a fresh connection.
  pool.on('error', () => undefined);
  const q = wrap(pool);
  return {
    kind: 'postgres',
    query: q.query,
    exec: q.exec,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
