// The local history's storage budget (src/db/README.md "Storage budget"). The app keeps whole
// conversations, not the spec's 20 per bot, so something must bound the database: when more than
// LOCAL_HISTORY_BUDGET messages are stored, the conversations opened least recently are trimmed to
// their newest HISTORY_KEPT_PER_CONVERSATION messages, one by one, until HISTORY_TRIM_TARGET is
// reached. A message that is not acknowledged yet (pending or failed) is never removed.
// A trimmed conversation forgets its backward token (the server's tokens cannot be made for an
// arbitrary point): opening it again loads the newest page afresh and pages back from there.
import { HISTORY_KEPT_PER_CONVERSATION, HISTORY_TRIM_TARGET, LOCAL_HISTORY_BUDGET } from '../domain/constants';
import type { AppDatabase } from '../db/database';
import { modifyConversation } from '../db/modify-conversation';
import { pkFor } from '../db/outbox-store';

export interface BudgetOptions {
  budget?: number;
  target?: number;
  keepPerConversation?: number;
  /** the pk owner (the signed-in mobile) */
  owner: string;
}

const REMOVE_CHUNK = 500;

/** Trims when over budget; answers how many messages were removed. */
export async function enforceHistoryBudget(db: AppDatabase, opts: BudgetOptions): Promise<number> {
  return (await trimHistory(db, opts)).removed;
}

/**
 * Counts the stored messages (a whole index walked: about 1 s at 100,000 on a slow phone, so
 * history-tally.ts runs it only when its running count says the budget may be passed) and trims
 * when over budget; answers what it removed and how many are stored after.
 */
export async function trimHistory(db: AppDatabase, opts: BudgetOptions): Promise<{ removed: number; total: number }> {
  const budget = opts.budget ?? LOCAL_HISTORY_BUDGET;
  const target = opts.target ?? HISTORY_TRIM_TARGET;
  const keep = opts.keepPerConversation ?? HISTORY_KEPT_PER_CONVERSATION;
  let total = await db.messages.count().exec();
  if (total <= budget) return { removed: 0, total };
  let removed = 0;
  const conversations = await db.conversations.find({ sort: [{ opened_at: 'asc' }] }).exec();
  for (const conversation of conversations) {
    if (total <= target) break;
    const pk = pkFor(conversation.bot_uuid, opts.owner);
    let trimmed = false;
    for (;;) {
      // the oldest beyond the newest `keep`, a chunk at a time (newest first: the index [pk, rsk])
      const old = await db.messages.find({ selector: { pk }, sort: [{ rsk: 'asc' }], skip: keep, limit: REMOVE_CHUNK }).exec();
      const removable = old.filter((m) => m.status !== 'pending' && m.status !== 'failed').map((m) => m.id);
      if (removable.length === 0) break;
      await db.messages.bulkRemove(removable);
      removed += removable.length;
      total -= removable.length;
      trimmed = true;
      if (total <= target || old.length < REMOVE_CHUNK) break;
    }
    if (trimmed) {
      await modifyConversation(db, conversation.bot_uuid, (c) => ({ ...c, initial_loaded: false, backward_token: null, history_complete: false }));
    }
  }
  return { removed, total };
}
