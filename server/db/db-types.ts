// The storage seam of the server: a tiny interface that both PGlite (embedded PostgreSQL in a
// data directory, the default) and a real PostgreSQL (`pg` Pool, when DATABASE_URL is set)
// implement, so every module writes one dialect of SQL: PostgreSQL's.
//
// Conventions every query follows:
// - Parameters are positional ($1, $2, ...). Never build SQL from input.
// - Times are epoch milliseconds in BIGINT columns, taken from the server's injectable clock,
//   never from now() in SQL: tests move the clock instead of sleeping.
// - BIGINT (int8) values, counts included, come back as JS numbers in both implementations
//   (exact up to 2^53, plenty for epoch ms and counts).

export interface Queryable {
  /** Runs one statement with positional parameters and returns its rows. */
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements with no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs fn in one transaction: committed when fn resolves, rolled back when it throws.
   * Inside fn use only `tx`: with PGlite a query on the Db itself would wait for the
   * transaction to end, forever.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
