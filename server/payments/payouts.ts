// Paying unclaimed cash rewards to the user's primary UPI address (spec part 2 §3 Rewards
// failed_payouts / unclaimed_payouts, §7 process_pending_payouts). One payouts row per ledger
// entry, claimed before the provider is called; the provider call is idempotent per reference
// (entry id + address), so a crash between the two, a retry or two tabs pay an entry once. A
// failed payout is recorded as failed; a later call with a (new) primary address tries it again.
import type { Payout } from '../../src/api/payments-contract';
import type { Money } from '../../src/api/messages';
import type { Db } from '../db/db';
import type { PayoutSource } from './payout-source';
import type { UpiProvider } from './providers/provider';

interface PayoutRow { entry_id: string; status: 'sending' | 'paid' | 'failed'; vpa: string; payout_ref: string | null; amount_minor: number; currency: string }

export async function processPendingPayouts(db: Db, source: PayoutSource, upi: UpiProvider, userUuid: string, now: number): Promise<Payout[]> {
  const primary = (await db.query<{ vpa: string }>('SELECT vpa FROM payment_methods WHERE user_uuid = $1 AND is_primary', [userUuid]))[0];
  if (!primary) return [];
  const done: Payout[] = [];
  for (const entry of await source.unclaimedCash(db, userUuid)) {
    if (!Number.isSafeInteger(entry.amountMinor) || entry.amountMinor <= 0) continue;
    // Claim the entry (or retry a failed / interrupted one with the current primary address).
    const claimed = (await db.query<PayoutRow>(
      `INSERT INTO payouts (entry_id, user_uuid, amount_minor, currency, vpa, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'sending', $6, $6)
       ON CONFLICT (entry_id) DO UPDATE SET status = 'sending', vpa = EXCLUDED.vpa, updated_at = EXCLUDED.updated_at
         WHERE payouts.status <> 'paid' AND payouts.user_uuid = EXCLUDED.user_uuid
       RETURNING entry_id, status, vpa, payout_ref, amount_minor, currency`,
      [entry.entryId, userUuid, entry.amountMinor, entry.currency, primary.vpa, now],
    ))[0];
    if (!claimed) continue; // paid already (the ledger is told again below) or not this user's
    // One provider payout per entry and address: a retry to the same address gets the same
    // answer back (never a second payment); a new primary address is a new attempt.
    const merchantRef = `${entry.entryId}:${primary.vpa}`;
    const result = await upi.payout({ merchantRef, vpa: primary.vpa, amountMinor: entry.amountMinor, currency: entry.currency });
    const state = result.status === 'success' ? 'paid' : 'failed';
    await db.transaction(async (tx) => {
      await tx.query('UPDATE payouts SET status = $2, payout_ref = $3, updated_at = $4 WHERE entry_id = $1', [entry.entryId, state, result.payoutId, now]);
      await source.markPayout(tx, entry.entryId, state, result.payoutId);
    });
    done.push({ entry_id: entry.entryId, amount: { price: entry.amountMinor, currency: entry.currency as Money['currency'] }, vpa: primary.vpa, status: state, payout_ref: result.payoutId });
  }
  return done;
}
