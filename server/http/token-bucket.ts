// Token buckets: the flood limits of issue 21 (server/config/flood-limits.ts). A bucket holds up
// to `burst` tokens and gains `perSecond` a second; each unit of work takes one. A burst as
// large as the bucket goes through at once, a steady rate up to perSecond forever, and anything
// faster is refused until tokens come back. The clock is injected (monotonic milliseconds):
// tests move it by hand, and the server uses performance.now(), never the test clock of ctx.now
// (which stands still in tests) nor the wall clock (which may jump).

export type MonotonicClock = () => number;

export const monotonicNow: MonotonicClock = () => performance.now();

export interface Rate {
  /** Tokens a full bucket holds: the largest burst let through at once. */
  burst: number;
  /** Tokens gained per second: the steady rate let through. */
  perSecond: number;
}

export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(private readonly rate: Rate, private readonly clock: MonotonicClock = monotonicNow) {
    if (!(rate.burst >= 1) || !(rate.perSecond > 0)) throw new Error(`a rate needs burst >= 1 and perSecond > 0, got ${JSON.stringify(rate)}`);
    this.tokens = rate.burst;
    this.at = clock();
  }

  private refill(): void {
    const now = this.clock();
    if (now > this.at) this.tokens = Math.min(this.rate.burst, this.tokens + ((now - this.at) / 1000) * this.rate.perSecond);
    this.at = Math.max(this.at, now);
  }

  /** Takes n tokens when there are that many (answers true); takes nothing otherwise. */
  take(n = 1): boolean {
    this.refill();
    if (this.tokens < n) return false;
    this.tokens -= n;
    return true;
  }

  /** Milliseconds until n tokens will be there (0: now). More than the burst never comes: Infinity. */
  waitMs(n = 1): number {
    if (n > this.rate.burst) return Infinity;
    this.refill();
    return this.tokens >= n ? 0 : Math.ceil(((n - this.tokens) / this.rate.perSecond) * 1000);
  }

  /** Whether the bucket is full again (its key may be forgotten: a new bucket would be the same). */
  isFull(): boolean {
    this.refill();
    return this.tokens >= this.rate.burst;
  }
}

/**
 * One bucket per key (a user, a client address), created on first use. Buckets that have
 * filled up again are forgotten (every 10,000 takes, and at once when `maxKeys` are held), so a
 * stream of new addresses grows memory only by the keys still inside their window: a bucket that
 * is full again is the same as a new one.
 */
export class BucketMap {
  private readonly buckets = new Map<string, TokenBucket>();
  private takesSinceSweep = 0;

  constructor(private readonly rate: Rate, private readonly clock: MonotonicClock = monotonicNow, private readonly maxKeys = 100_000) {}

  private bucket(key: string): TokenBucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.maxKeys) this.sweep();
      bucket = new TokenBucket(this.rate, this.clock);
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  /**
   * Takes n tokens of the key's bucket: answers 0 when taken, else the milliseconds to wait before
   * asking again (nothing taken).
   */
  take(key: string, n = 1): number {
    if (++this.takesSinceSweep >= 10_000) this.sweep();
    const bucket = this.bucket(key);
    return bucket.take(n) ? 0 : Math.max(1, bucket.waitMs(n));
  }

  /** Forgets the buckets that are full again. */
  sweep(): void {
    this.takesSinceSweep = 0;
    for (const [key, bucket] of this.buckets) if (bucket.isFull()) this.buckets.delete(key);
  }

  get size(): number {
    return this.buckets.size;
  }
}
