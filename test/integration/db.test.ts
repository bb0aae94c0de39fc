// The storage layer on the database the tests run on (PGlite in memory, or PostgreSQL when
// DATABASE_URL is set): migrations and the Db interface's promises.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../server/db/migrate';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('migrations', () => {
  it('are applied once each, in order, and recorded', async () => {
    const files = loadMigrations();
    const versions = files.map((m) => m.version);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
    const rows = await t.server.db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(rows).toEqual(files.map((m) => ({ version: m.version, name: m.name })));
    expect(await migrate(t.server.db)).toEqual([]);
    expect(await migrate(t.server.db)).toEqual([]);
  });

  it('apply a new migration, and roll back a failing one entirely', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    try {
      const existing = loadMigrations();
      existing.forEach((m) => writeFileSync(join(dir, `${String(m.version).padStart(3, '0')}_${m.name}.sql`), m.sql));
      const next = (existing.at(-1)?.version ?? 0) + 1;
      const table = `probe_${Date.now()}`;
      writeFileSync(join(dir, `${String(next).padStart(3, '0')}_probe.sql`), `CREATE TABLE ${table} (id int); INSERT INTO ${table} VALUES (1);`);
      writeFileSync(join(dir, `${String(next + 1).padStart(3, '0')}_broken.sql`), `CREATE TABLE ${table}_b (id int); SELECT * FROM no_such_table;`);
      await expect(migrate(t.server.db, Date.now, loadMigrations(dir))).rejects.toThrow(/no_such_table/);
      const applied = await t.server.db.query<{ version: number }>('SELECT version FROM schema_migrations WHERE version >= $1', [next]);
      expect(applied).toEqual([{ version: next }]);
      expect(await t.server.db.query(`SELECT id FROM ${table}`)).toEqual([{ id: 1 }]);
      const leftovers = await t.server.db.query("SELECT 1 FROM information_schema.tables WHERE table_name = $1", [`${table}_b`]);
      expect(leftovers).toEqual([]);
      await t.server.db.exec(`DROP TABLE ${table}; DELETE FROM schema_migrations WHERE version >= ${next}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('must be numbered once each (gaps allowed: numbers are handed out per branch)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    try {
      writeFileSync(join(dir, '001_a.sql'), 'SELECT 1');
      writeFileSync(join(dir, '003_c.sql'), 'SELECT 1');
      expect(loadMigrations(dir).map((m) => m.version)).toEqual([1, 3]);
      writeFileSync(join(dir, '003_d.sql'), 'SELECT 1');
      expect(() => loadMigrations(dir)).toThrow(/two migrations are numbered 3/);
      rmSync(join(dir, '003_d.sql'));
      writeFileSync(join(dir, '002-bad name.sql'), 'SELECT 1');
      expect(() => loadMigrations(dir)).toThrow(/001_name\.sql/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the Db interface', () => {
  it('answers bigint as numbers and takes array parameters', async () => {
    const [row] = await t.server.db.query<{ big: number; n: number; hit: boolean }>(
      'SELECT $1::bigint AS big, count(*) AS n, $2 = ANY($3::text[]) AS hit FROM (VALUES (1), (2)) v(x)',
      [1_800_000_000_000, 'b', ['a', 'b']],
    );
    expect(row).toEqual({ big: 1_800_000_000_000, n: 2, hit: true });
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const db = t.server.db;
    const table = `tx_probe_${Date.now()}`;
    await db.exec(`CREATE TABLE ${table} (v text)`);
    try {
      await db.transaction(async (tx) => { await tx.query(`INSERT INTO ${table} VALUES ($1)`, ['kept']); });
      await expect(db.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${table} VALUES ($1)`, ['dropped']);
        throw new Error('boom');
      })).rejects.toThrow('boom');
      expect(await db.query(`SELECT v FROM ${table}`)).toEqual([{ v: 'kept' }]);
    } finally {
      await db.exec(`DROP TABLE ${table}`);
    }
  });
});
