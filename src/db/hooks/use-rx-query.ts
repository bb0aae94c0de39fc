// Observes an RxDB query from React: re-renders when its result changes in this instance or
// another (the worker, other tabs). Results are plain objects (toJSON), safe to pass to src/ui.
import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import { getClient } from '../client';
import { useOptionalDatabase } from '../client-context';
import { isBootGuessing } from '../boot-guess';
import type { AppDatabase } from '../database';

export interface QuerySnapshot<T> {
  loaded: boolean;
  value: T;
}

/**
 * `make` builds the observable from the database; `key` says when to rebuild it (pass every input
 * `make` reads, joined into a string).
 */
export function useRxQuery<T>(key: string, make: (db: AppDatabase) => Observable<T>, initial: T): QuerySnapshot<T> {
  // No database yet: a signed-out start before its client (not loaded until it comes), or else a
  // programming error that getClient() names.
  const db = useOptionalDatabase() ?? (isBootGuessing() ? null : getClient().db);
  const [snapshot, setSnapshot] = useState<QuerySnapshot<T> & { key: string }>(() => ({ ...cachedResult(db, make, initial), key }));
  useEffect(() => {
    if (!db) return;
    const subscription = make(db).subscribe((value) => setSnapshot({ loaded: true, value, key }));
    return () => subscription.unsubscribe();
    // `make` is rebuilt every render by callers; `key` names its inputs
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, key]);
  // a snapshot of an earlier key is not shown for the new one
  return snapshot.key === key ? snapshot : { loaded: false, value: initial };
}

/**
 * The query's result when it is there synchronously (RxDB hands a subscriber the cached result of a
 * query someone else keeps subscribed, e.g. the boot prefetch), so the first render shows it.
 * Without this, the subscription in the effect ran only after the first commit, and on a cold start
 * that is after the page's first paint: the chat list painted a spinner frame first and its rows
 * ~250 ms later (bench/README.md "cold-start"). A query that is not cached starts here; the
 * effect's subscription then shares that run (RxDB's query cache).
 */
function cachedResult<T>(db: AppDatabase | null, make: (db: AppDatabase) => Observable<T>, initial: T): QuerySnapshot<T> {
  const now = db ? valueNow(make(db)) : NOTHING_YET;
  return now === NOTHING_YET ? { loaded: false, value: initial } : { loaded: true, value: now as T };
}

/** valueNow's answer when nothing was emitted synchronously. */
export const NOTHING_YET = Symbol('nothing yet');

/** What `source` emits synchronously on subscribing (RxDB's cached result), else NOTHING_YET. */
export function valueNow<T>(source: Observable<T>): T | typeof NOTHING_YET {
  let value: T | typeof NOTHING_YET = NOTHING_YET;
  source.subscribe({ next: (v) => (value = v), error: () => undefined }).unsubscribe();
  return value;
}
