// Values made once per database and kept (server_secrets): the first start writes one,
// concurrent starts (and every process sharing the database) agree on the one stored. Paging
// cursors, upload policies, email links and payment webhooks sign with a 32-byte secret; the push
// service's VAPID key pair is kept the same way.
import { randomBytes } from 'node:crypto';
import type { Db } from './db';

/** The stored value of `name`, made by `make` on first use. */
export async function loadStoredValue(db: Db, name: string, make: () => string, now: number): Promise<string> {
  await db.query(
    'INSERT INTO server_secrets (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING',
    [name, make(), now],
  );
  const rows = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name]);
  if (!rows[0]) throw new Error(`server secret ${name} missing`);
  return rows[0].value;
}

/** A 32-byte secret kept under `name`. */
export async function loadServerSecret(db: Db, name: string, now: number): Promise<Buffer> {
  return Buffer.from(await loadStoredValue(db, name, () => randomBytes(32).toString('hex'), now), 'hex');
}
