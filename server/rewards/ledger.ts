// The rewards ledger (issue 14): every reward is one row keyed by what earned it (source_key:
// a spin, a memory-match schedule of a user, a lucky-draw rank), so a retried, duplicated or
// reordered request can never write it twice; the balance is the sum of the rows. Cash rows
// start "unclaimed"; payouts (the payments area) move them to "paid" or "failed" through
// unclaimedCash / markPayout (ledgerPayoutSource: the server's payout source).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { PayoutSource } from '../payments/payout-source';

/**
 * The ledger as the payments area's payout source (server/payments/payout-source.ts): saving a
 * UPI address with process_pending_payouts pays the unclaimed cash entries, each once.
 */
export function ledgerPayoutSource(now: () => number): PayoutSource {
  return { unclaimedCash, markPayout: (q, entryId, state, payoutRef) => markPayout(q, entryId, state, payoutRef, now()) };
}

export interface UnclaimedCash { entryId: string; amountMinor: number; currency: string }

export type RewardSource = 'stw' | 'mtc' | 'lucky_draw';

export interface NewEntry {
  userUuid: string;
  sourceKey: string;
  source: RewardSource;
  kind: 'cash' | 'coupon';
  amountMinor: number;
  currency: string;
}

export interface LedgerRow {
  entry_id: string;
  user_uuid: string;
  source_key: string;
  source: RewardSource;
  kind: 'cash' | 'coupon';
  amount_minor: number;
  currency: string;
  payout_state: 'none' | 'unclaimed' | 'paid' | 'failed';
  payout_ref: string | null;
  created_at: number;
}

/**
 * Writes the entry unless its source_key is already there; answers the entry that holds the key
 * (the new one, or the first one) and whether this call wrote it. Must run inside the
 * transaction that records what earned it.
 */
export async function earn(q: Queryable, entry: NewEntry, now: number): Promise<{ row: LedgerRow; created: boolean }> {
  const inserted = await q.query<LedgerRow>(
    `INSERT INTO reward_ledger (entry_id, user_uuid, source_key, source, kind, amount_minor, currency, payout_state, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
     ON CONFLICT (source_key) DO NOTHING
     RETURNING *`,
    [randomUUID(), entry.userUuid, entry.sourceKey, entry.source, entry.kind, entry.amountMinor, entry.currency, entry.kind === 'cash' ? 'unclaimed' : 'none', now],
  );
  if (inserted[0]) return { row: inserted[0], created: true };
  const [first] = await q.query<LedgerRow>('SELECT * FROM reward_ledger WHERE source_key = $1', [entry.sourceKey]);
  if (!first) throw new Error(`ledger entry ${entry.sourceKey} vanished`);
  return { row: first, created: false };
}

/** The user's entries, newest first. */
export function entriesOf(q: Queryable, userUuid: string, kind?: 'cash' | 'coupon'): Promise<LedgerRow[]> {
  return kind
    ? q.query<LedgerRow>('SELECT * FROM reward_ledger WHERE user_uuid = $1 AND kind = $2 ORDER BY created_at DESC, entry_id', [userUuid, kind])
    : q.query<LedgerRow>('SELECT * FROM reward_ledger WHERE user_uuid = $1 ORDER BY created_at DESC, entry_id', [userUuid]);
}

/** The cash balance per currency: the sum of the user's cash entries (paid ones included: earned is earned). */
export async function cashBalance(q: Queryable, userUuid: string): Promise<Map<string, number>> {
  const rows = await q.query<{ currency: string; total: string | number }>(
    `SELECT currency, COALESCE(SUM(amount_minor), 0) AS total FROM reward_ledger WHERE user_uuid = $1 AND kind = 'cash' GROUP BY currency`, [userUuid]);
  return new Map(rows.map((r) => [r.currency, Number(r.total)]));
}

/**
 * Cash the user has earned and not been paid: unclaimed, or failed to a previous address (a new
 * primary address pays it then). For the payouts of the payments area.
 */
export async function unclaimedCash(q: Queryable, userUuid: string): Promise<UnclaimedCash[]> {
  const rows = await q.query<{ entry_id: string; amount_minor: number; currency: string }>(
    `SELECT entry_id, amount_minor, currency FROM reward_ledger
     WHERE user_uuid = $1 AND kind = 'cash' AND payout_state IN ('unclaimed', 'failed') ORDER BY created_at, entry_id`, [userUuid]);
  return rows.map((r) => ({ entryId: r.entry_id, amountMinor: Number(r.amount_minor), currency: r.currency }));
}

/**
 * Records a payout's outcome on a cash entry. Paid is final: a paid entry is never paid again nor
 * marked failed (a late failure report of an earlier attempt is ignored); a failed one may be
 * retried and then paid. Throws for an unknown or non-cash entry. `now` (the server's clock) is
 * optional so the agreed signature holds.
 */
export async function markPayout(q: Queryable, entryId: string, state: 'paid' | 'failed', payoutRef: string, now: number = Date.now()): Promise<void> {
  const [row] = await q.query<{ kind: string; payout_state: string }>('SELECT kind, payout_state FROM reward_ledger WHERE entry_id = $1', [entryId]);
  if (!row) throw new Error(`no ledger entry ${entryId}`);
  if (row.kind !== 'cash') throw new Error(`ledger entry ${entryId} is not cash`);
  if (row.payout_state === 'paid') return;
  await q.query(
    `UPDATE reward_ledger SET payout_state = $2, payout_ref = $3, updated_at = $4 WHERE entry_id = $1 AND payout_state <> 'paid'`,
    [entryId, state, payoutRef, now],
  );
}
