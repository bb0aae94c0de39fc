// joinTransaction (server/db/joined-db.ts): code handed a Db inside someone else's transaction
// (a bot answering inside the transaction of the user's message) writes through it, and its own
// transaction is a savepoint: rolled back alone when it throws, committed with the outer work.
// On PGlite (the default) and on the machine's PostgreSQL (as the cluster mode runs).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db/db';
import { joinTransaction } from '../../server/db/joined-db';
import { CLUSTER_PG_URL } from './helpers/cluster';

async function withTable(db: Db, work: (db: Db) => Promise<void>): Promise<void> {
  try {
    await db.exec('CREATE TABLE notes (body TEXT NOT NULL)');
    await work(db);
  } finally {
    await db.close();
  }
}

const bodies = async (db: Db) => (await db.query<{ body: string }>('SELECT body FROM notes ORDER BY body')).map((r) => r.body);

function cases(open: () => Promise<{ db: Db; done?: () => Promise<void> }>) {
  /** A fresh database with the notes table, closed (and dropped) after `work`. */
  const onNotes = async (work: (db: Db) => Promise<void>) => {
    const { db, done } = await open();
    try {
      await withTable(db, work);
    } finally {
      await done?.();
    }
  };

  it('writes through the outer transaction, and an inner transaction that throws rolls back alone', async () => {
    await onNotes(async (db) => {
      await db.transaction(async (tx) => {
        const joined = joinTransaction(tx, db.kind);
        await joined.query("INSERT INTO notes VALUES ('a outer')");
        await expect(joined.transaction(async (inner) => {
          await inner.query("INSERT INTO notes VALUES ('b refused')");
          throw new Error('refused (test)');
        })).rejects.toThrow('refused (test)');
        // PostgreSQL would refuse every statement of an aborted transaction: the savepoint undid only the inner part
        await joined.transaction(async (inner) => inner.query("INSERT INTO notes VALUES ('c inner')"));
      });
      expect(await bodies(db)).toEqual(['a outer', 'c inner']);
    });
  });

  it('nested inner transactions unwind in order: the innermost that throws rolls back alone', async () => {
    await onNotes(async (db) => {
      await db.transaction(async (tx) => {
        const joined = joinTransaction(tx, db.kind);
        await joined.transaction(async (inner) => {
          await inner.query("INSERT INTO notes VALUES ('a middle')");
          await expect(joined.transaction(async (innermost) => {
            await innermost.query("INSERT INTO notes VALUES ('b innermost')");
            throw new Error('innermost refused (test)');
          })).rejects.toThrow('innermost refused (test)');
          await inner.query("INSERT INTO notes VALUES ('c middle again')");
        });
      });
      expect(await bodies(db)).toEqual(['a middle', 'c middle again']);
    });
  });

  it('a committed inner transaction is undone with the outer one', async () => {
    await onNotes(async (db) => {
      await expect(db.transaction(async (tx) => {
        await joinTransaction(tx, db.kind).transaction((inner) => inner.query("INSERT INTO notes VALUES ('gone')"));
        throw new Error('outer fails (test)');
      })).rejects.toThrow('outer fails (test)');
      expect(await bodies(db)).toEqual([]);
      await expect(joinTransaction(db, db.kind).close()).rejects.toThrow(/closed by whoever opened it/);
    });
  });
}

describe('joinTransaction on PGlite', () => {
  cases(async () => ({ db: await openDb({ dataDir: 'memory://' }) }));
});

describe('joinTransaction on PostgreSQL', () => {
  cases(async () => {
    const schema = `joined_${randomBytes(5).toString('hex')}`;
    const db = await openDb({ databaseUrl: CLUSTER_PG_URL, schema });
    const done = async () => {
      const admin = await openDb({ databaseUrl: CLUSTER_PG_URL });
      await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.close();
    };
    return { db, done };
  });
});
