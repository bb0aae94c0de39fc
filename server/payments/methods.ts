// Saved payment methods (spec part 2 §3 Payment method, §4 "setting one method primary makes all
// others non-primary"): UPI addresses the provider verified, one primary per user at most
// (a partial unique index), kept in payment_methods. Every statement names the caller.
import { randomUUID } from 'node:crypto';
import type { PaymentMethod } from '../../src/api/payments-contract';
import type { Db, Queryable } from '../db/db';
import { notFound } from '../http/errors';

interface MethodRow { payment_method_uuid: string; vpa: string; holder_name: string | null; is_primary: boolean; created_at: number }

export const METHOD_NOT_FOUND = 'Payment method not found';

const toMethod = (r: MethodRow): PaymentMethod => ({
  payment_method_uuid: r.payment_method_uuid, type: 'upi', details: { vpa: r.vpa, holder_name: r.holder_name }, is_primary: r.is_primary, created_at: Number(r.created_at),
});

export async function listMethods(q: Queryable, userUuid: string): Promise<PaymentMethod[]> {
  const rows = await q.query<MethodRow>('SELECT * FROM payment_methods WHERE user_uuid = $1 ORDER BY seq LIMIT 50', [userUuid]);
  return rows.map(toMethod);
}

/** Saves (or updates) the address; primary when asked or when it is the user's first method. */
export async function saveMethod(db: Db, userUuid: string, vpa: string, holderName: string | null, isPrimary: boolean, now: number): Promise<PaymentMethod> {
  return db.transaction(async (tx) => {
    const others = (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_methods WHERE user_uuid = $1 AND vpa <> $2', [userUuid, vpa]))[0]?.n ?? 0;
    const primary = isPrimary || others === 0;
    if (primary) await tx.query('UPDATE payment_methods SET is_primary = false WHERE user_uuid = $1 AND is_primary AND vpa <> $2', [userUuid, vpa]);
    const row = (await tx.query<MethodRow>(
      `INSERT INTO payment_methods (payment_method_uuid, user_uuid, type, vpa, holder_name, is_primary, created_at)
       VALUES ($1, $2, 'upi', $3, $4, $5, $6)
       ON CONFLICT (user_uuid, vpa) DO UPDATE SET holder_name = EXCLUDED.holder_name, is_primary = payment_methods.is_primary OR EXCLUDED.is_primary
       RETURNING *`,
      [randomUUID(), userUuid, vpa, holderName, primary, now],
    ))[0];
    if (!row) throw new Error('payment method upsert returned no row');
    return toMethod(row);
  });
}

export async function setPrimary(db: Db, userUuid: string, methodUuid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await tx.query('SELECT 1 FROM payment_methods WHERE payment_method_uuid = $1 AND user_uuid = $2', [methodUuid, userUuid]);
    if (found.length === 0) throw notFound(METHOD_NOT_FOUND);
    await tx.query('UPDATE payment_methods SET is_primary = false WHERE user_uuid = $1 AND is_primary AND payment_method_uuid <> $2', [userUuid, methodUuid]);
    await tx.query('UPDATE payment_methods SET is_primary = true WHERE payment_method_uuid = $1 AND user_uuid = $2', [methodUuid, userUuid]);
  });
}

/** Deletes the caller's method; a deleted primary hands primary to the oldest method left, so payouts keep a target. */
export async function deleteMethod(db: Db, userUuid: string, methodUuid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = (await tx.query<MethodRow>('DELETE FROM payment_methods WHERE payment_method_uuid = $1 AND user_uuid = $2 RETURNING *', [methodUuid, userUuid]))[0];
    if (!gone) throw notFound(METHOD_NOT_FOUND);
    if (gone.is_primary) {
      await tx.query(
        `UPDATE payment_methods SET is_primary = true WHERE payment_method_uuid =
           (SELECT payment_method_uuid FROM payment_methods WHERE user_uuid = $1 ORDER BY seq LIMIT 1)`,
        [userUuid],
      );
    }
  });
}

export async function primaryVpa(q: Queryable, userUuid: string): Promise<string | undefined> {
  return (await q.query<{ vpa: string }>('SELECT vpa FROM payment_methods WHERE user_uuid = $1 AND is_primary', [userUuid]))[0]?.vpa;
}
