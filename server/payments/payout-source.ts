// Where payouts come from: the cash-reward ledger (server/rewards/ledger.ts, the games area) lists
// a user's unclaimed cash and records what became of each payout. This module only defines the
// seam (agreed with the games helper) and an empty default; the server takes one through
// ServerOptions.payoutSource, so tests pass a small source of their own.
import type { Queryable } from '../db/db';

export interface PayoutSource {
  unclaimedCash(q: Queryable, userUuid: string): Promise<{ entryId: string; amountMinor: number; currency: string }[]>;
  markPayout(q: Queryable, entryId: string, state: 'paid' | 'failed', payoutRef: string): Promise<void>;
}

/** No ledger wired: nothing is ever owed. */
export const EMPTY_PAYOUT_SOURCE: PayoutSource = {
  unclaimedCash: async () => [],
  markPayout: async () => {},
};
