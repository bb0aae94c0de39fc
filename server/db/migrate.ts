// Versioned migrations: server/db/migrations/NNN_name.sql, applied in order, each once, each in
// its own transaction together with its row in schema_migrations. An advisory lock makes
// concurrent starts against one PostgreSQL take turns instead of racing.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE = /^(\d{3})_([a-z0-9_]+)\.sql$/;
/** Arbitrary constant: the key of the advisory lock all migrating servers share. */
const LOCK_KEY = 7_300_001;

export interface Migration { version: number; name: string; sql: string }

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = FILE.exec(file);
      if (!match) throw new Error(`migration file name must look like 001_name.sql: ${file}`);
      return { version: Number(match[1]), name: match[2]!, sql: readFileSync(`${dir}/${file}`, 'utf8') };
    })
    .sort((a, b) => a.version - b.version);
  // Numbers are handed out per issue (parallel branches), so a branch may lack the ones before
  // its own: a gap is allowed, a number used twice is not.
  migrations.forEach((m, i) => {
    if (i > 0 && m.version === migrations[i - 1]!.version) throw new Error(`two migrations are numbered ${m.version}: ${m.name}, ${migrations[i - 1]!.name}`);
  });
  return migrations;
}

/** Applies the migrations not applied yet; returns the versions it applied. */
export async function migrate(db: Db, now: () => number = Date.now, migrations = loadMigrations()): Promise<number[]> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at bigint NOT NULL
    )`);
  });
  const applied: number[] = [];
  for (const m of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const rows = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
      if (rows.length > 0) return false;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, now()]);
      return true;
    });
    if (done) applied.push(m.version);
  }
  return applied;
}
