// The server's side of "one user cannot stall the server" (issue 21): the per-user and
// per-address token buckets of API calls and sends, and the one-at-a-time lane of each user's
// sends. The numbers are server/config/flood-limits.ts; the socket's own frame bucket and
// backlog are in bots/socket.ts, the socket caps in bots/hub.ts.
import type { FloodLimits } from '../config/flood-limits';
import { tooManyRequests } from './errors';
import { BucketMap, monotonicNow, TokenBucket, type MonotonicClock } from './token-bucket';

export interface CallerKey {
  /** The signed-in user, when there is one. */
  userUuid?: string | undefined;
  /** The client's address (request.ip), for calls without a session. */
  address: string;
}

interface Lane { tail: Promise<void>; size: number }

export class FloodGuard {
  private readonly userCalls: BucketMap;
  private readonly addressCalls: BucketMap;
  private readonly userSends: BucketMap;
  /** userUuid → its sends, running and waiting (they run one at a time). */
  private readonly lanes = new Map<string, Lane>();

  constructor(readonly limits: FloodLimits, private readonly clock: MonotonicClock = monotonicNow) {
    this.userCalls = new BucketMap(limits.userCalls, clock);
    this.addressCalls = new BucketMap(limits.addressCalls, clock);
    this.userSends = new BucketMap(limits.userSends, clock);
  }

  /** Counts one API call of the caller; throws 429 (with Retry-After) past its rate. */
  call(caller: CallerKey): void {
    const waitMs = caller.userUuid !== undefined ? this.userCalls.take(caller.userUuid) : this.addressCalls.take(caller.address);
    if (waitMs > 0) throw tooManyRequests('Too many requests: slow down and try again', waitMs / 1000);
  }

  /** A new socket's frame bucket. */
  socketFrames(): TokenBucket {
    return new TokenBucket(this.limits.socketFrames, this.clock);
  }

  /**
   * Runs the storing of `count` messages of the user: past the user's send rate, or with too many
   * of the user's sends already waiting, throws 429 (Retry-After) and runs nothing. A user's sends
   * run one at a time, so one user keeps at most one send's work in the database at a time,
   * however many sockets and HTTP clients they use.
   */
  async send<T>(userUuid: string, count: number, work: () => Promise<T>): Promise<T> {
    const lane = this.lanes.get(userUuid) ?? { tail: Promise.resolve(), size: 0 };
    if (lane.size > this.limits.userSendQueue) throw tooManyRequests('Too many messages at once: try again', 1);
    // a batch larger than the whole burst would never pass: it takes the full bucket instead
    const waitMs = this.userSends.take(userUuid, Math.min(count, this.limits.userSends.burst));
    if (waitMs > 0) throw tooManyRequests('Too many messages: slow down and try again', waitMs / 1000);
    lane.size += 1;
    this.lanes.set(userUuid, lane);
    const before = lane.tail;
    let release!: () => void;
    lane.tail = new Promise<void>((resolve) => { release = resolve; });
    try {
      await before;
      return await work();
    } finally {
      lane.size -= 1;
      if (lane.size === 0 && this.lanes.get(userUuid) === lane) this.lanes.delete(userUuid);
      release();
    }
  }
}
