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
import { distinctUntilChanged, filter, map, skip } from 'rxjs';
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
  /** whether this engine leads; absent: it does (background sync, tests) */
  isLeader?: () => boolean;
  /** the session rules for a 401/440 (and the flags of other failures) */
  report?: (route: RouteName, err: unknown) => Promise<unknown>;
  /** watch inserts, the network and timers (false: only explicit flushes, e.g. background sync) */
  watch?: boolean;
  log?: (message: string, detail?: unknown) => void;
}

export interface ActionRunner {
  /** Sends every queued action whose wait is over (force: whatever its wait); resolves when done. */
  flush(opts?: { force?: boolean }): Promise<void>;
  /** how many actions are queued (of every kind) */
  queuedCount(): Promise<number>;
  close(): Promise<void>;
}

export function createActionRunner(deps: ActionRunnerDeps): ActionRunner {
  const { db, clock, kinds } = deps;
  const isLeader = deps.isLeader ?? (() => true);
  const log = deps.log ?? ((message: string, detail?: unknown) => console.warn(message, detail));
  const running = new Map<string, Promise<void>>();
  /** keys asked again while their loop ran (true: forced) */
  const again = new Map<string, boolean>();
  const timers = new Map<string, unknown>();
  let closed = false;

  function defOf<K extends ActionKind>(kind: K): ActionKindDef<K> | undefined {
    return kinds[kind] as ActionKindDef<K> | undefined;
  }

  async function head(key: string): Promise<ActionDocOf<ActionKind> | null> {
    const doc = await db.actions.findOne({ selector: { status: 'queued', order_key: key }, sort: [{ id: 'asc' }] }).exec();
    return doc ? doc.toMutableJSON() : null;
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

  /** Sends the key's actions in order until it is empty, waits, or this runner stops leading. */
  async function runKey(key: string, force: boolean): Promise<void> {
    for (;;) {
      if (closed || !isLeader()) return;
      const action = await head(key);
      if (!action) return;
      const def = defOf(action.kind);
      // a kind this runner does not send (yet) waits for one that does
      if (!def) return;
      if (!force && action.next_attempt_at > clock.now()) {
        wakeAt(key, action.next_attempt_at);
        return;
      }
      force = false;
      try {
        await def.send(action as never, { idempotencyKey: action.id });
      } catch (err) {
        if (closed) return;
        const failure = classifyFailure(err);
        if (failure.kind === 'refused') {
          // durable first: a crash before the undo finishes undoes it at the next start
          await patch(action.id, { status: 'refused', last_error: (failure.serverMessage ?? failure.message).slice(0, 200) });
          await settleRefused(action, failure);
          continue;
        }
        if (failure.kind === 'session' || (failure.kind === 'retry' && failure.cause === 'status')) {
          await deps.report?.(def.route, err).catch(() => undefined);
        } else if (failure.cause === 'unknown') log(`sync: a queued ${action.kind} failed`, err);
        const attempts = action.attempts + 1;
        const at = clock.now() + retryDelayMs(failure, attempts);
        await patch(action.id, { attempts, next_attempt_at: at, last_error: (err instanceof Error ? err.message : String(err)).slice(0, 200) });
        wakeAt(key, at);
        return;
      }
      await db.actions.bulkRemove([action.id]);
    }
  }

  function startKey(key: string, force: boolean): Promise<void> {
    const current = running.get(key);
    if (current) {
      again.set(key, (again.get(key) ?? false) || force);
      return current;
    }
    const loop = (async () => {
      let f = force;
      for (;;) {
        again.delete(key);
        await runKey(key, f);
        if (closed || !again.has(key)) return;
        f = again.get(key) ?? false;
      }
    })().catch((err: unknown) => {
      // after closing, the database may be gone under a call that was under way: nothing to say
      if (!closed) log('sync: the action queue failed', err);
    }).finally(() => {
      running.delete(key);
    });
    running.set(key, loop);
    return loop;
  }

  function wakeAt(key: string, time: number): void {
    if (closed || deps.watch === false) return;
    const previous = timers.get(key);
    if (previous !== undefined) clock.clearTimeout(previous);
    timers.set(key, clock.setTimeout(() => {
      timers.delete(key);
      void startKey(key, false);
    }, Math.max(0, time - clock.now())));
  }

  /** Refusals marked but not undone (the tab closed between the two): undo them now. */
  async function settleLeftovers(): Promise<void> {
    const docs = await db.actions.find({ selector: { status: 'refused' }, sort: [{ id: 'asc' }] }).exec();
    for (const d of docs) {
      const action = d.toMutableJSON();
      const message = action.last_error ?? '';
      await settleRefused(action, { kind: 'refused', status: 0, message, serverMessage: message }).catch((err: unknown) => log('sync: undoing a refused action failed', err));
    }
  }

  /** Never rejects: its callers (wake-ups, flows) only wait for it; a failure is logged, and after close() (the database may be gone under it) nothing is said. */
  async function flush(opts: { force?: boolean } = {}): Promise<void> {
    if (closed || !isLeader()) return;
    try {
      await settleLeftovers();
      const docs = await db.actions.find({ selector: { status: 'queued' }, sort: [{ id: 'asc' }] }).exec();
      const keys = [...new Set(docs.map((d) => d.order_key))];
      await Promise.all(keys.map((k) => startKey(k, opts.force ?? false)));
    } catch (err) {
      if (!closed) log('sync: the action queue failed', err);
    }
  }

  const subs = deps.watch === false ? [] : [
    // an action queued in any tab (the page's commands, the other tabs through RxDB)
    db.actions.insert$.pipe(filter((ev) => ev.documentData.status === 'queued')).subscribe((ev) => {
      if (!closed && isLeader()) void startKey(ev.documentData.order_key, false);
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
      // a call under way is not awaited (it may hang until its timeout): its action stays
      // queued unless it was answered, and the next leader resends it with the same key
      return Promise.resolve();
    },
  };
}
