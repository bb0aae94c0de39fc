// A Db for code that runs inside a transaction someone else opened (a bot answering inside the
// transaction that stores the user's message, server/bots/runtime.ts): its queries go through
// that transaction, and a transaction it opens itself is a savepoint of it, so an inner failure
// (an order refused, rolled back) leaves the outer work intact, as a transaction of its own would.
// Use it from one caller at a time: savepoints nest, they do not run side by side.
import type { Db, Queryable } from './db-types';

export function joinTransaction(tx: Queryable, kind: Db['kind']): Db {
  let depth = 0;
  return {
    kind,
    query: <T extends object>(sql: string, params?: readonly unknown[]) => tx.query<T>(sql, params),
    exec: (sql) => tx.exec(sql),
    async transaction(fn) {
      const name = `joined_${++depth}`;
      await tx.query(`SAVEPOINT ${name}`);
      try {
        const result = await fn(tx);
        await tx.query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (error) {
        await tx.query(`ROLLBACK TO SAVEPOINT ${name}`);
        throw error;
      } finally {
        depth--;
      }
    },
    close: () => Promise.reject(new Error('A joined transaction is closed by whoever opened it')),
  };
}
