// The sending loop of the durable queues (src/sync/queue-runner.ts): one drain at a time, one
// more after a flush asked meanwhile, one retry however often asked, none after closing.
import { expect, it } from 'vitest';
import type { Clock } from '../../../src/sync/http-client';
import { createQueueRunner } from '../../../src/sync/queue-runner';

function manualClock() {
  const timers = new Map<number, () => void>();
  let next = 1;
  const clock: Clock = {
    now: () => 0,
    setTimeout: (fn) => { const id = next++; timers.set(id, fn); return id; },
    clearTimeout: (id) => { timers.delete(id as number); },
  };
  const fire = () => { const all = [...timers.values()]; timers.clear(); for (const f of all) f(); };
  return { clock, timers, fire };
}

it('runs one drain at a time, and once more when asked during one', async () => {
  const { clock } = manualClock();
  let running = 0;
  let most = 0;
  let drains = 0;
  let release!: () => void;
  const runner = createQueueRunner({
    clock, retryMs: 10, onError: () => {},
    drain: async () => {
      drains += 1;
      running += 1;
      most = Math.max(most, running);
      if (drains === 1) await new Promise<void>((r) => { release = r; });
      running -= 1;
    },
  });
  const first = runner.flush();
  void runner.flush();
  void runner.flush();
  release();
  await first;
  await expect.poll(() => drains).toBe(2);
  expect(most).toBe(1);
});

it('retries once after the delay however often asked, not after closing, and survives a drain that throws', async () => {
  const { clock, timers, fire } = manualClock();
  let drains = 0;
  const errors: unknown[] = [];
  const runner = createQueueRunner({ clock, retryMs: 10, onError: (e) => errors.push(e), drain: async () => { drains += 1; throw new Error('boom'); } });
  runner.retryLater();
  runner.retryLater();
  expect(timers.size).toBe(1);
  fire();
  await expect.poll(() => drains).toBe(1);
  expect(errors).toHaveLength(1);
  runner.retryLater();
  runner.close();
  expect(timers.size).toBe(0);
  runner.retryLater();
  expect(timers.size).toBe(0);
  expect(runner.isClosed()).toBe(true);
});
