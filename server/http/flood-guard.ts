// The server's side of "one user cannot stall the server" (issue 21): the per-user and
// per-address token buckets of API calls and sends, and the one-at-a-time lane of each user's
// sends. The numbers are server/config/flood-limits.ts; the socket's own frame bucket and
// backlog are in bots/socket.ts, the socket caps in bots/hub.ts.
import type { FloodLimits } from '../config/flood-limits';
import { tooManyRequests } from './errors';
import { LocalLimitStores, type BucketStore, type LimitStores, type MaybePromise } from './limit-stores';
import { monotonicNow, TokenBucket, type MonotonicClock } from './token-bucket';

export interface CallerKey {
  /** The signed-in user, when there is one. */
  userUuid?: string | undefined;
  /** The client's address (request.ip), for calls without a session. */
  address: string;
}

interface Lane { tail: Promise<void>; size: number }

export class FloodGuard {
  private readonly userCalls: BucketStore;
  private readonly addressCalls: BucketStore;
  private readonly userSends: BucketStore;
  /** userUuid → its sends, running and waiting (they run one at a time). */
  private readonly lanes = new Map<string, Lane>();

  /**
   * `stores` keeps the user and address buckets: this process's memory, or Redis in cluster mode
   * (http/limit-stores.ts). A socket's own frame bucket and a user's send lane are always here:
   * a socket lives in one process, and the lane only keeps that process's work in order.
   */
  constructor(readonly limits: FloodLimits, private readonly clock: MonotonicClock = monotonicNow, stores: LimitStores = new LocalLimitStores(clock)) {
    this.userCalls = stores.buckets('user-calls', limits.userCalls);
    this.addressCalls = stores.buckets('address-calls', limits.addressCalls);
    this.userSends = stores.buckets('user-sends', limits.userSends);
  }

  /** Counts one API call of the caller; throws 429 (with Retry-After) past its rate. */
  call(caller: CallerKey): MaybePromise<void> {
    const taken = caller.userUuid !== undefined ? this.userCalls.take(caller.userUuid) : this.addressCalls.take(caller.address);
    return typeof taken === 'number' ? refuseCall(taken) : taken.then(refuseCall);
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
    if ((this.lanes.get(userUuid)?.size ?? 0) > this.limits.userSendQueue) throw tooManyRequests('Too many messages at once: try again', 1);
    // a batch larger than the whole burst would never pass: it takes the full bucket instead
    const taken = this.userSends.take(userUuid, Math.min(count, this.limits.userSends.burst));
    // (a shared bucket answers in the order asked: the user's sends still join the lane in order)
    const waitMs = typeof taken === 'number' ? taken : await taken;
    if (waitMs > 0) throw tooManyRequests('Too many messages: slow down and try again', waitMs / 1000);
    // read after the wait: the lane may have ended, or begun, meanwhile
    const lane = this.lanes.get(userUuid) ?? { tail: Promise.resolve(), size: 0 };
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

function refuseCall(waitMs: number): void {
  if (waitMs > 0) throw tooManyRequests('Too many requests: slow down and try again', waitMs / 1000);
}
