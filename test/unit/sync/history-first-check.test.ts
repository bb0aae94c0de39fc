// The leader's first storage-budget check waits HISTORY_FIRST_CHECK_MS after it starts leading:
// the check counts every stored message (a whole index walked), which held up the page's reads on
// a cold start (bench/README.md "cold-start"). Then it runs once; a running count decides when
// to count again (history-tally.test.ts).
import { afterEach, expect, test, vi } from 'vitest';
import type { AppDatabase } from '../../../src/db/database';
import { newSession } from '../../../src/db/defaults';
import { setLocalDoc } from '../../../src/db/local-store';
import { HISTORY_FIRST_CHECK_MS } from '../../../src/sync/history-tally';
import { createInProcessEngine, type Engine } from '../../../src/sync/engine';
import { openTestDatabase } from '../db/helpers/fake-db';

let db: AppDatabase | null = null;
let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
  await db?.close();
  db = null;
});

test('the budget check (a count of every message) runs HISTORY_FIRST_CHECK_MS after leading starts, not at once', async () => {
  db = await openTestDatabase();
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const count = vi.spyOn(db.messages, 'count');
  await setLocalDoc(db, 'session', { ...newSession('device-1'), mobile: '9000000001', token: 'session-token', clientSessionId: 'client-session' });
  const started = createInProcessEngine(db, {
    origin: 'http://api.test',
    versionName: 't',
    fetch: () => Promise.reject(new TypeError('fetch failed')),
    connectivity: { isOnline: () => false, subscribe: () => () => {} },
    createSocket: () => {
      throw new Error('offline');
    },
    clock: { now: () => Date.now(), setTimeout: (fn, ms) => timers.push({ fn, ms }), clearTimeout: () => {} },
  });
  engine = started;
  await vi.waitFor(() => expect(started.isLeader()).toBe(true));
  // leading, with the first check scheduled and nothing counted yet
  const first = timers.find((t) => t.ms === HISTORY_FIRST_CHECK_MS);
  expect(first).toBeDefined();
  expect(HISTORY_FIRST_CHECK_MS).toBeGreaterThanOrEqual(30_000);
  expect(count).not.toHaveBeenCalled();
  first!.fn();
  await vi.waitFor(() => expect(count).toHaveBeenCalledTimes(1));
});
