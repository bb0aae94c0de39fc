// Where the server's rate limits keep their counts (issue 19): the flood buckets of
// http/flood-guard.ts and the sign-in spraying caps of accounts/spray-guard.ts. One process keeps
// them in memory (LocalLimitStores: no round trip, the hot path as it always was). Several
// processes must agree, or a caller spreading calls over N processes would get N times its rate:
// cluster mode keeps them in Redis instead (cluster/redis-limits.ts), atomically per key.
//
// A local store answers at once (a number); a shared one answers a promise. FloodGuard.send awaits
// only a promise, so with one process a user's sends join their lane synchronously, in the order
// they arrived, as they always did.
import { SlidingCounter } from '../accounts/sliding-counter';
import { BucketMap, monotonicNow, type MonotonicClock, type Rate } from './token-bucket';

export type MaybePromise<T> = T | Promise<T>;

/** Token buckets, one per key, all of one rate. */
export interface BucketStore {
  /** Takes n tokens of the key's bucket: 0 when taken, else the milliseconds to wait (nothing taken). */
  take(key: string, n?: number): MaybePromise<number>;
}

/** Sliding-window counts of events per key: at most `limit` within the window. */
export interface WindowStore {
  /** Milliseconds until the key may have one more event (0: now). */
  waitMs(key: string, now: number): MaybePromise<number>;
  /** Records an event of the key at `now`. */
  add(key: string, now: number): MaybePromise<void>;
}

/** Makes the stores; `name` tells one limit's counts from another's (shared stores key by it). */
export interface LimitStores {
  readonly shared: boolean;
  buckets(name: string, rate: Rate): BucketStore;
  windows(name: string, limit: number, windowMs: number, maxKeys: number): WindowStore;
}

/** In this process's memory (one process; the tests' hand-moved clocks). */
export class LocalLimitStores implements LimitStores {
  readonly shared = false;
  constructor(private readonly clock: MonotonicClock = monotonicNow) {}

  buckets(_name: string, rate: Rate): BucketStore {
    return new BucketMap(rate, this.clock);
  }

  windows(_name: string, limit: number, windowMs: number, maxKeys: number): WindowStore {
    return new SlidingCounter(limit, windowMs, maxKeys);
  }
}
