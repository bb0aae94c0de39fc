// When the leader checks the local history's storage budget (history-budget.ts). Counting every
// stored message walks a whole IndexedDB index, about 1 s at 100,000 messages on a slow phone,
// during which every other read of the origin waits (bench/README.md "cold-start"). So the
// count runs once, HISTORY_FIRST_CHECK_MS after the engine starts leading (not during a cold
// start), and from then on a running count follows the messages collection's change events
// (this engine's writes and, through RxDB's multi-instance channel, every tab's): inserts add
// one, deletes take one away. The budget is counted and trimmed again only when the running
// count passes it. Writes made while a count or trim runs are not added (a few messages under a
// budget of 250,000: it is a bound on storage, not a quota).
import { LOCAL_HISTORY_BUDGET } from '../domain/constants';
import type { AppDatabase } from '../db/database';
import type { Clock } from './http-client';
import { trimHistory, type BudgetOptions } from './history-budget';

/**
 * The first count waits this long after the engine starts leading: the page's cold start reads
 * IndexedDB meanwhile.
 */
export const HISTORY_FIRST_CHECK_MS = 60_000;

export interface HistoryTallyDeps {
  db: AppDatabase;
  clock: Clock;
  /** the pk owner (the signed-in mobile) */
  owner: () => Promise<string>;
  log: (message: string, detail?: unknown) => void;
  /** budget, target and kept per conversation over their defaults (tests) */
  limits?: Omit<BudgetOptions, 'owner'>;
  /** told the stored count after each check (tests) */
  onChecked?: (total: number) => void;
}

/** Starts watching; answers the function that stops it (the engine stops leading). */
export function watchHistoryBudget(deps: HistoryTallyDeps): () => void {
  const { db, clock } = deps;
  const budget = deps.limits?.budget ?? LOCAL_HISTORY_BUDGET;
  /** the stored messages as last counted, plus the inserts and minus the deletes seen since */
  let tally: number | null = null;
  let checking = false;
  let stopped = false;

  const check = async () => {
    if (checking || stopped) return;
    checking = true;
    try {
      const { total } = await trimHistory(db, { ...deps.limits, owner: await deps.owner() });
      tally = total;
      deps.onChecked?.(total);
    } catch (err) {
      deps.log('sync: history trim failed', err);
    } finally {
      checking = false;
    }
  };

  const changes = db.messages.eventBulks$.subscribe((bulk) => {
    if (tally === null || checking) return;
    for (const event of bulk.events) {
      if (event.operation === 'INSERT') tally += 1;
      else if (event.operation === 'DELETE') tally -= 1;
    }
    if (tally > budget) void check();
  });
  const first = clock.setTimeout(() => void check(), HISTORY_FIRST_CHECK_MS);

  return () => {
    stopped = true;
    clock.clearTimeout(first);
    changes.unsubscribe();
  };
}
