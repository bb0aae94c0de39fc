// Opens the server's storage (db-types.ts: the Db seam and the conventions every query follows):
// PGlite by default, a real PostgreSQL when DATABASE_URL is set.
export type { Db, Queryable } from './db-types';
import type { Db } from './db-types';

/** Where the data lives: an injected Db, a PostgreSQL URL, or a PGlite data directory. */
export interface DbOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; 'memory://' keeps everything in memory (tests). */
  dataDir?: string | undefined;
  /** PostgreSQL only: a schema to create (if missing) and use as search_path. */
  schema?: string | undefined;
}

export async function openDb(opts: DbOptions): Promise<Db> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(opts.databaseUrl, opts.schema === undefined ? {} : { schema: opts.schema });
  }
  const { openPglite } = await import('./pglite');
  return openPglite(opts.dataDir ?? 'memory://');
}
