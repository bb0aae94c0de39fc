// What the operator scripts (post, competition-create, competition-judge) share: a JSON file
// read and checked against its schema, with a clear message and exit code 2 for bad input, and
// the server's storage opened the way the server opens it.
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { openDb, type Db } from '../server/db/db';
import { formatIssues } from '../server/http/define-route';

/** The file's JSON, checked by `schema`; a missing path, unreadable file, bad JSON or bad shape exits 2 with why. */
export function readJsonInput<S extends z.ZodType>(schema: S, file: string | undefined, usage: string): z.output<S> {
  if (!file) return fail(`usage: ${usage}`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return fail(`${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return fail(`${file}: ${formatIssues(parsed.error.issues)}`);
  return parsed.data;
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** The server's storage: DATABASE_URL (PostgreSQL), else the PGlite directory DATA_DIR (default ./data). */
export function openScriptDb(): Promise<Db> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  return openDb(databaseUrl ? { databaseUrl } : { dataDir: process.env.DATA_DIR || './data' });
}
