// Db over PGlite: PostgreSQL compiled to WebAssembly, running in this process, with its files in
// a data directory (or in memory). One connection: queries and transactions run one at a time.
import { mkdirSync } from 'node:fs';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './db-types';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

export async function openPglite(dataDir: string): Promise<Db> {
  if (!dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, {
    parsers: { [types.INT8]: (value: string) => Number(value) },
  });
  const q = wrap(pg);
  return {
    kind: 'pglite',
    query: q.query,
    exec: q.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
