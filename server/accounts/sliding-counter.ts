// In-memory sliding-window counts of events per key (a client address, a country, "all"): how
// many happened within the window, and how long until one more is allowed. Kept in memory, not
// in the database, so a flood is refused without a query; a restart forgets them, which the
// per-number counts in the database (otp_codes, otp_failures) do not.
//
// Memory is bounded: a key keeps at most `limit` times (only the newest matter), and past
// `maxKeys` keys the least recently used are forgotten.

export class SlidingCounter {
  private readonly times = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys: number,
  ) {}

  /** The times of `key` still in the window at `now`, oldest first. */
  private live(key: string, now: number): number[] {
    const times = this.times.get(key);
    if (!times) return [];
    let drop = 0;
    while (drop < times.length && times[drop]! <= now - this.windowMs) drop++;
    if (drop > 0) times.splice(0, drop);
    if (times.length === 0) this.times.delete(key);
    return times;
  }

  /** Milliseconds until `key` may have one more event (0: now). A limit of 0 never allows one. */
  waitMs(key: string, now: number): number {
    if (this.limit === 0) return this.windowMs;
    const times = this.live(key, now);
    if (times.length < this.limit) return 0;
    return times[times.length - this.limit]! + this.windowMs - now;
  }

  /** Records an event of `key` at `now`. */
  add(key: string, now: number): void {
    const times = this.live(key, now);
    times.push(now);
    if (times.length > this.limit) times.splice(0, times.length - this.limit);
    // Re-inserting moves the key to the end: the map's order is least recently used first.
    this.times.delete(key);
    this.times.set(key, times);
    while (this.times.size > this.maxKeys) {
      const oldest = this.times.keys().next().value as string;
      this.times.delete(oldest);
    }
  }

  /** How many keys are remembered (tests: memory stays bounded). */
  size(): number {
    return this.times.size;
  }
}
