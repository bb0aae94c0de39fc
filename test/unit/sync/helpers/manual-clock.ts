// A clock the test moves by hand (the engine's Clock is injected): `advance` moves time on and
// fires the timers that are due.
import type { Clock } from '../../../../src/sync/http-client';

export function manualClock(start = 1_000_000) {
  let now = start;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let next = 1;
  const clock: Clock = {
    now: () => now,
    setTimeout: (fn, ms) => { const id = next++; timers.set(id, { at: now + ms, fn }); return id; },
    clearTimeout: (id) => { timers.delete(id as number); },
  };
  /** moves time on and fires the timers due */
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...timers]) if (t.at <= now) { timers.delete(id); t.fn(); }
  };
  return { clock, timers, advance };
}
