// One tab syncs (DESIGN.md §2): the sync engines of all tabs ask for the same Web Lock; the one
// that holds it runs the live socket and the outbox, the others only serve their page's calls
// and observe RxDB. When the leader's tab closes (or its worker dies) the browser releases the
// lock and the next waiting engine takes over. Where there are no Web Locks (Node tests, old
// browsers) every engine leads, which is safe: sends are idempotent, only the socket is doubled.

/** The part of the Web Locks API this module uses (navigator.locks fits it). */
export interface LockManagerLike {
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

export const LEADER_LOCK = 'saathi-sync-leader';

export interface Leadership {
  isLeader(): boolean;
  /** Gives up leadership (or stops waiting for it). */
  release(): void;
}

/** Waits for the lock, then runs `lead` until release(); `lead`'s cleanup runs when leadership ends. */
export function electLeader(locks: LockManagerLike | undefined, lead: () => () => void, name = LEADER_LOCK): Leadership {
  let leader = false;
  let released = false;
  let endLeadership: () => void = () => {};
  if (!locks) {
    leader = true;
    const stop = lead();
    return {
      isLeader: () => leader,
      release() {
        if (released) return;
        released = true;
        leader = false;
        stop();
      },
    };
  }
  const abort = new AbortController();
  locks
    .request(name, { signal: abort.signal }, () => new Promise<void>((resolve) => {
      if (released) return resolve();
      leader = true;
      const stop = lead();
      endLeadership = () => {
        leader = false;
        stop();
        resolve();
      };
    }))
    .catch(() => {
      // aborted while waiting: nothing to clean up
    });
  return {
    isLeader: () => leader,
    release() {
      if (released) return;
      released = true;
      abort.abort();
      endLeadership();
    },
  };
}

/** An in-process lock manager with the Web Locks semantics this module relies on (tests, two engines in one realm). */
export function createLocalLockManager(): LockManagerLike {
  const queues = new Map<string, { run: () => void; signal?: AbortSignal | undefined }[]>();
  const held = new Set<string>();
  function next(name: string): void {
    const queue = queues.get(name) ?? [];
    while (queue.length > 0 && !held.has(name)) {
      const item = queue.shift()!;
      if (item.signal?.aborted) continue;
      item.run();
    }
  }
  return {
    request(name, options, callback) {
      return new Promise((resolve, reject) => {
        const queue = queues.get(name) ?? [];
        queues.set(name, queue);
        const item = {
          signal: options.signal,
          run: () => {
            held.add(name);
            callback().then(resolve, reject).finally(() => {
              held.delete(name);
              next(name);
            });
          },
        };
        options.signal?.addEventListener('abort', () => {
          const i = queue.indexOf(item);
          if (i >= 0) {
            queue.splice(i, 1);
            reject(new Error('aborted'));
          }
        });
        queue.push(item);
        next(name);
      });
    },
  };
}
