// The sending loop of a durable queue kept in a local document (bot actions, saved items): one
// drain at a time; a flush asked while one runs runs once more after it (the queue may have
// grown meanwhile); after no answer the drain asks for a retry, which comes once after
// `retryMs` however often it is asked. Closing stops the retries (the queue stays stored).
import { distinctUntilChanged, map } from 'rxjs';
import type { AppDatabase } from '../db/database';
import type { LocalDocId, LocalDocTypes } from '../db/local-docs';
import { observeLocalDoc$ } from '../db/local-store';
import type { Clock } from './http-client';

export interface QueueRunner {
  /** Drains now, or once more after the drain under way; resolves when this drain ends. */
  flush(): Promise<void>;
  /** A flush after the retry delay (one pending at a time). */
  retryLater(): void;
  isClosed(): boolean;
  close(): void;
}

export function createQueueRunner(opts: {
  drain: () => Promise<void>;
  clock: Clock;
  retryMs: number;
  /** a drain that threw (the queue is left as it is) */
  onError: (err: unknown) => void;
}): QueueRunner {
  let running: Promise<void> | null = null;
  let again = false;
  let retryTimer: unknown = null;
  let closed = false;

  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = opts.drain().catch(opts.onError).finally(() => {
      running = null;
      if (again) {
        again = false;
        void flush();
      }
    });
    return running;
  }

  return {
    flush,
    retryLater() {
      if (retryTimer !== null || closed) return;
      retryTimer = opts.clock.setTimeout(() => {
        retryTimer = null;
        void flush();
      }, opts.retryMs);
    },
    isClosed: () => closed,
    close() {
      closed = true;
      if (retryTimer !== null) opts.clock.clearTimeout(retryTimer);
      retryTimer = null;
    },
  };
}

export interface QueueWatch {
  /** how many entries the queue held at its last change */
  queued(): number;
  stop(): void;
}

/**
 * Flushes on every change of the queue's local document (from any tab) while it holds something,
 * and when the network returns (sync-status.online) while something waits: the chat's own writes
 * to sync-status do not pay for it.
 */
export function flushOnQueueChanges<K extends LocalDocId>(
  db: AppDatabase,
  id: K,
  length: (doc: LocalDocTypes[K] | null) => number,
  flush: () => Promise<void>,
): QueueWatch {
  let queued = 0;
  const subs = [
    observeLocalDoc$(db, id).subscribe((doc) => {
      queued = length(doc);
      if (queued > 0) void flush();
    }),
    observeLocalDoc$(db, 'sync-status').pipe(map((s) => s?.online !== false), distinctUntilChanged()).subscribe((online) => {
      if (online && queued > 0) void flush();
    }),
  ];
  return {
    queued: () => queued,
    stop: () => {
      for (const sub of subs) sub.unsubscribe();
    },
  };
}
