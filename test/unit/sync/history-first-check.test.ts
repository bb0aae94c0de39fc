// The leader's first storage-budget check waits HISTORY_FIRST_CHECK_MS after it starts leading:
// the check counts every stored message (a whole index walked), which held up the page's reads on
// a cold start (bench/README.md "cold-start"). Then it runs once; a running count decides when
// to count again (history-tally.test.ts).
import { expect, test, vi } from 'vitest';
import { newSession } from '../../../src/db/defaults';
import { setLocalDoc } from '../../../src/db/local-store';
import { HISTORY_FIRST_CHECK_MS } from '../../../src/sync/history-tally';
import { createInProcessEngine } from '../../../src/sync/engine';
import { openTestDatabase } from '../db/helpers/fake-db';
import { engineStage } from './helpers/engine-stage';

const stage = engineStage();

test('the budget check (a count of every message) runs HISTORY_FIRST_CHECK_MS after leading starts, not at once', async () => {
  const db = await openTestDatabase();
  stage.db = db;
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
  stage.engine = started;
  await vi.waitFor(() => expect(started.isLeader()).toBe(true));
  // leading, with the first check scheduled and nothing counted yet
  const first = timers.find((t) => t.ms === HISTORY_FIRST_CHECK_MS);
  expect(first).toBeDefined();
  expect(HISTORY_FIRST_CHECK_MS).toBeGreaterThanOrEqual(30_000);
  expect(count).not.toHaveBeenCalled();
  first!.fn();
  await vi.waitFor(() => expect(count).toHaveBeenCalledTimes(1));
});
