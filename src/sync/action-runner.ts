// The one runner of the action queue (the `actions` collection, DESIGN.md §4, issue 12): every
// offline action of every area (bot actions, saved items, ratings and saves, cart edits) is sent
// here, by the same rules:
//   - the leader tab only (the service worker's background sync runs it with no tab open);
//   - in id order per ordering key (one at a time: an undo never overtakes its unsave), the keys
//     in parallel (a slow bot does not hold back another's cart);
//   - the action's id as the Idempotency-Key header (a resend after a lost answer gets the first
//     answer from the server);
//   - one failure classifier (src/domain/failure-class.ts): no answer, timeout, 408, 409, 429 or
//     5xx → the action stays at its key's head and waits (the server's Retry-After, else a
//     doubling backoff from 1 s to 60 s); 401/440 → the session rules, then the same wait; any
//     other 4xx → refused: the action is marked so, its area's undo runs (the catalogue text for
//     the user), and it leaves the queue. A refusal marked but not yet undone (a crash between
//     the two) is undone at the next start.
// Wake-ups: an insert from any tab (RxDB multi-instance), the network coming back, becoming the
// leader, a flush asked by a flow, and each key's backoff timer. The network coming back and a
// flush asked with `force` do not wait for a backoff.
//
// The chat outbox (outbox.ts) is a second queue of the same runner: its own collection and
// statuses, its key the conversation, its head a batch (the server takes a batch of messages in
// one call); the loop, the waits and the classifier are these (RunnerQueue below).
import { distinctUntilChanged, filter, map, merge, skip, type Observable } from 'rxjs';
import type { RouteName } from '../api/contract';
import { classifyFailure, retryDelayMs, type FailureClass } from '../domain/failure-class';
import type { AppDatabase } from '../db/database';
import { observeLocalDoc$ } from '../db/local-store';
import type { ActionDocOf, ActionKind } from '../db/schemas';
import type { AppError } from '../domain/error-types';
import type { Clock, HttpClient } from './http-client';

export type Refusal = Extract<FailureClass, { kind: 'refused' }>;

/** How an area sends one kind of action and undoes a refused one. */
export interface ActionKindDef<K extends ActionKind> {
  /** whose session rules a 401/440 follows (session.ts report) */
  route: RouteName;
  /** The call (with `once` as its Idempotency-Key option) and what the answer changes locally. */
  send(action: ActionDocOf<K>, once: { idempotencyKey: string }): Promise<void>;
  /** The server refused it: undo its local change and leave the notice (the catalogue text). */
  refused(action: ActionDocOf<K>, refusal: Refusal): Promise<void>;
}

export type ActionKinds = { [K in ActionKind]?: ActionKindDef<K> };

/** What the runner needs of a queued item: its id and its wait. */
export interface QueuedItem {
  id: string;
  attempts: number;
  next_attempt_at: number;
}

/** One failure of one item of a batch the server otherwise took (a socket error frame). */
export interface ItemFailure<T> {
  item: T;
  error: unknown;
}

/**
 * A durable queue the runner sends: the `actions` collection (every kind of action.ts) or the chat
 * outbox (outbox.ts). The runner owns the order, the waits and the classifier; a queue owns its
 * documents and its calls.
 */
export interface RunnerQueue<T extends QueuedItem = QueuedItem> {
  /** tells the queues apart in the runner's per-key state (keys of two queues never mix) */
  name: string;
  /** the ordering keys with items queued now */
  queuedKeys(): Promise<string[]>;
  /** the items to send next, from the key's head, oldest first, at most `max` (none: nothing to send) */
  head(key: string, max: number): Promise<T[]>;
  /** whose session rules a 401/440 follows (session.ts report) */
  route(item: T): RouteName;
  /**
   * Sends them; resolves when the server took them (they left the queue) with the items it
   * refused or deferred one by one; rejects with the failure of the whole call.
   */
  send(items: T[]): Promise<ItemFailure<T>[]>;
  /** The server refused it: durable first, then the undo, then it leaves the queue. */
  refuse(item: T, refusal: Refusal): Promise<void>;
  /** It waits (the classifier said so): the wait written into its document. */
  defer(item: T, wait: { attempts: number; next_attempt_at: number; last_error: string }): Promise<void>;
  /** the ordering keys of items queued from any tab (RxDB multi-instance) */
  inserted$?: Observable<string>;
  /** refusals marked but not settled (a crash between the two): settled at each flush */
  settleLeftovers?(): Promise<void>;
}

/** What an area's sync module (cart, bot actions, saved items) is built with. */
export interface AreaSyncDeps {
  db: AppDatabase;
  http: HttpClient;
  clock: Clock;
  /** the session rules for a failed call (session.ts report) */
  report(route: RouteName, err: unknown): Promise<AppError>;
  /** the action queue's runner: sends what is queued now, whatever its backoff (the leader only) */
  flushActions(): Promise<void>;
}

export interface ActionRunnerDeps {
  db: AppDatabase;
  clock: Clock;
  kinds: ActionKinds;
  /** other queues sent by the same rules (the chat outbox: outbox.ts) */
  queues?: RunnerQueue[];
  /** whether this engine leads; absent: it does (background sync, tests) */
  isLeader?: () => boolean;
  /** the session rules for a 401/440 (and the flags of other failures) */
  report?: (route: RouteName, err: unknown) => Promise<unknown>;
  /** watch inserts, the network and timers (false: only explicit flushes, e.g. background sync) */
  watch?: boolean;
  log?: (message: string, detail?: unknown) => void;
}

export interface FlushOptions {
  /** send whatever the wait (the network came back, the socket opened, the user asked) */
  force?: boolean;
  /** only this queue (its `name`; the action queue is 'actions') */
  queue?: string;
}

export interface ActionRunner {
  /** Sends every queued item whose wait is over (force: whatever its wait); resolves when done. */
  flush(opts?: FlushOptions): Promise<void>;
  /** how many actions are queued (of every kind) */
  queuedCount(): Promise<number>;
  close(): Promise<void>;
}

export const ACTIONS_QUEUE = 'actions';

/** The `actions` collection as one of the runner's queues: one action at a time, its kind's send and undo. */
function actionQueue(db: AppDatabase, kinds: ActionKinds, log: (message: string, detail?: unknown) => void): RunnerQueue<ActionDocOf<ActionKind>> {
  function defOf<K extends ActionKind>(kind: K): ActionKindDef<K> | undefined {
    return kinds[kind] as ActionKindDef<K> | undefined;
  }

  async function patch(id: string, fields: { status?: 'refused'; attempts?: number; next_attempt_at?: number; last_error?: string | null }): Promise<void> {
    const doc = await db.actions.findOne(id).exec();
    // gone meanwhile (made needless by a newer action, or signed out): nothing to keep
    await doc?.incrementalPatch(fields).catch(() => undefined);
  }

  async function settleRefused<K extends ActionKind>(action: ActionDocOf<K>, refusal: Refusal): Promise<void> {
    const def = defOf(action.kind);
    if (!def) return;
    await def.refused(action, refusal);
    await db.actions.bulkRemove([action.id]);
  }

  return {
    name: ACTIONS_QUEUE,
    async queuedKeys() {
      const docs = await db.actions.find({ selector: { status: 'queued' }, sort: [{ id: 'asc' }] }).exec();
      return [...new Set(docs.map((d) => d.order_key))];
    },
    async head(key) {
      const doc = await db.actions.findOne({ selector: { status: 'queued', order_key: key }, sort: [{ id: 'asc' }] }).exec();
      // a kind this runner does not send (yet) waits for one that does
      return doc && defOf(doc.kind) ? [doc.toMutableJSON()] : [];
    },
    route: (action) => defOf(action.kind)!.route,
    async send([action]) {
      await defOf(action!.kind)!.send(action as never, { idempotencyKey: action!.id });
      await db.actions.bulkRemove([action!.id]);
      return [];
    },
    async refuse(action, refusal) {
      // durable first: a crash before the undo finishes undoes it at the next start
      await patch(action.id, { status: 'refused', last_error: (refusal.serverMessage ?? refusal.message).slice(0, 200) });
      await settleRefused(action, refusal);
    },
    defer: (action, wait) => patch(action.id, wait),
    inserted$: db.actions.insert$.pipe(filter((ev) => ev.documentData.status === 'queued'), map((ev) => ev.documentData.order_key)),
    /** Refusals marked but not undone (the tab closed between the two): undo them now. */
    async settleLeftovers() {
      const docs = await db.actions.find({ selector: { status: 'refused' }, sort: [{ id: 'asc' }] }).exec();
      for (const d of docs) {
        const action = d.toMutableJSON();
        const message = action.last_error ?? '';
        await settleRefused(action, { kind: 'refused', status: 0, message, serverMessage: message }).catch((err: unknown) => log('sync: undoing a refused action failed', err));
      }
    },
  };
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 200);

export function createActionRunner(deps: ActionRunnerDeps): ActionRunner {
  const { db, clock } = deps;
  const isLeader = deps.isLeader ?? (() => true);
  const log = deps.log ?? ((message: string, detail?: unknown) => console.warn(message, detail));
  const queues: RunnerQueue[] = [actionQueue(db, deps.kinds, log), ...(deps.queues ?? [])];
  // per-key state, by queue name and key
  const running = new Map<string, Promise<void>>();
  /** keys asked again while their loop ran (true: forced) */
  const again = new Map<string, boolean>();
  const timers = new Map<string, unknown>();
  let closed = false;
  const slot = (q: RunnerQueue, key: string) => `${q.name}\u0000${key}`;

  /** The classifier's answer for one failed item: refused (it leaves), or it waits (and the key's timer is set). */
  async function settleFailure(q: RunnerQueue, key: string, item: QueuedItem, err: unknown): Promise<void> {
    const failure = classifyFailure(err);
    if (failure.kind === 'refused') {
      await q.refuse(item, failure);
      return;
    }
    if (failure.kind === 'session' || (failure.kind === 'retry' && failure.cause === 'status')) {
      await deps.report?.(q.route(item), err).catch(() => undefined);
    } else if (failure.cause === 'unknown') log(`sync: a queued ${q.name} item failed`, err);
    const attempts = item.attempts + 1;
    const at = clock.now() + retryDelayMs(failure, attempts);
    await q.defer(item, { attempts, next_attempt_at: at, last_error: errorText(err) });
    wakeAt(q, key, at);
  }

  /** Sends the key's items in order until it is empty, waits, or this runner stops leading. */
  async function runKey(q: RunnerQueue, key: string, force: boolean): Promise<void> {
    /** after a batch was refused: its items are sent one by one to find the one refused */
    let singles = 0;
    for (;;) {
      if (closed || !isLeader()) return;
      const items = await q.head(key, singles > 0 ? 1 : Infinity);
      const first = items[0];
      if (!first) return;
      if (!force && first.next_attempt_at > clock.now()) {
        wakeAt(q, key, first.next_attempt_at);
        return;
      }
      force = false;
      if (singles > 0) singles -= 1;
      let failures: ItemFailure<QueuedItem>[];
      try {
        failures = await q.send(items);
      } catch (err) {
        if (closed) return;
        if (items.length > 1 && classifyFailure(err).kind === 'refused') {
          // the server refuses one of them: find it (the others go; a resend is harmless)
          singles = items.length;
          continue;
        }
        await settleFailure(q, key, first, err);
        // refused: the key goes on; else it waits (its head holds back the rest)
        if (classifyFailure(err).kind === 'refused') continue;
        return;
      }
      for (const f of failures) await settleFailure(q, key, f.item, f.error);
    }
  }

  function startKey(q: RunnerQueue, key: string, force: boolean): Promise<void> {
    const id = slot(q, key);
    const current = running.get(id);
    if (current) {
      again.set(id, (again.get(id) ?? false) || force);
      return current;
    }
    const loop = (async () => {
      let f = force;
      for (;;) {
        again.delete(id);
        await runKey(q, key, f);
        if (closed || !again.has(id)) return;
        f = again.get(id) ?? false;
      }
    })().catch((err: unknown) => {
      // after closing, the database may be gone under a call that was under way: nothing to say
      if (!closed) log(`sync: the ${q.name} queue failed`, err);
    }).finally(() => {
      running.delete(id);
    });
    running.set(id, loop);
    return loop;
  }

  function wakeAt(q: RunnerQueue, key: string, time: number): void {
    if (closed || deps.watch === false) return;
    const id = slot(q, key);
    const previous = timers.get(id);
    if (previous !== undefined) clock.clearTimeout(previous);
    timers.set(id, clock.setTimeout(() => {
      timers.delete(id);
      void startKey(q, key, false);
    }, Math.max(0, time - clock.now())));
  }

  async function flushQueue(q: RunnerQueue, force: boolean): Promise<void> {
    try {
      await q.settleLeftovers?.();
      const keys = await q.queuedKeys();
      await Promise.all(keys.map((k) => startKey(q, k, force)));
    } catch (err) {
      if (!closed) log(`sync: the ${q.name} queue failed`, err);
    }
  }

  /** Never rejects: its callers (wake-ups, flows) only wait for it; a failure is logged, and after close() (the database may be gone under it) nothing is said. */
  async function flush(opts: FlushOptions = {}): Promise<void> {
    if (closed || !isLeader()) return;
    const chosen = opts.queue === undefined ? queues : queues.filter((q) => q.name === opts.queue);
    await Promise.all(chosen.map((q) => flushQueue(q, opts.force ?? false)));
  }

  const subs = deps.watch === false ? [] : [
    // an item queued in any tab (the page's commands, the other tabs through RxDB)
    merge(...queues.map((q) => (q.inserted$ ?? merge()).pipe(map((key) => ({ q, key }))))).subscribe(({ q, key }) => {
      if (!closed && isLeader()) void startKey(q, key, false);
    }),
    // the network came back: what waited for it goes now, whatever its backoff (the state at
    // start is not a change: the engine flushes once it has started)
    observeLocalDoc$(db, 'sync-status').pipe(map((s) => s?.online !== false), distinctUntilChanged(), skip(1), filter(Boolean)).subscribe(() => {
      void flush({ force: true });
    }),
  ];

  return {
    flush,
    async queuedCount() {
      return (await db.actions.find({ selector: { status: 'queued' } }).exec()).length;
    },
    close() {
      closed = true;
      for (const s of subs) s.unsubscribe();
      for (const t of timers.values()) clock.clearTimeout(t);
      timers.clear();
      // a call under way is not awaited (it may hang until its timeout): its item stays
      // queued unless it was answered, and the next leader resends it with the same key
      return Promise.resolve();
    },
  };
}
