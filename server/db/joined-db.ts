// A Db for code that runs inside a transaction someone else opened (a bot answering inside the
// transaction that stores the user's message, server/bots/runtime.ts): its queries go through
// that transaction, and a transaction it opens itself is a savepoint of it, so an inner failure
// (an order refused, rolled back) leaves the outer work intact, as a transaction of its own would.
// Use it from one caller at a time: savepoints nest, they do not run side by side.
import type { Db, Queryable } from './db-types';

// One savepoint name serves every depth: PostgreSQL keeps an older savepoint of the same name, and
// RELEASE or ROLLBACK TO names the newest, so nested transactions unwind in order.
const SAVEPOINT = 'joined';

export function joinTransaction(tx: Queryable, kind: Db['kind']): Db {
  return {
    kind,
    query: <T extends object>(sql: string, params?: readonly unknown[]) => tx.query<T>(sql, params),
    exec: (sql) => tx.exec(sql),
    async transaction(fn) {
      await tx.query(`SAVEPOINT ${SAVEPOINT}`);
      try {
        const result = await fn(tx);
        await tx.query(`RELEASE SAVEPOINT ${SAVEPOINT}`);
        return result;
      } catch (error) {
        await tx.query(`ROLLBACK TO SAVEPOINT ${SAVEPOINT}`);
        throw error;
      }
    },
    close: () => Promise.reject(new Error('A joined transaction is closed by whoever opened it')),
  };
}
