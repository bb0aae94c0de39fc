// An external store over one local document, for React's useSyncExternalStore: one RxDB
// subscription per (database, document) however many components watch it, a snapshot object
// that changes only when the document does, and `loaded` false until the first read.
import type { Subscription } from 'rxjs';
import type { AppDatabase } from '../database';
import type { LocalDocId, LocalDocTypes } from '../local-docs';
import { observeLocalDoc$ } from '../local-store';
import { bootGuess } from '../boot-guess';

export interface LocalDocSnapshot<T> {
  loaded: boolean;
  doc: T | null;
}

export class LocalDocStore<K extends LocalDocId> {
  private snapshot: LocalDocSnapshot<LocalDocTypes[K]>;
  private readonly listeners = new Set<() => void>();
  private subscription: Subscription | null = null;

  constructor(
    private readonly db: AppDatabase,
    private readonly id: K,
  ) {
    // a signed-out start's guess, when the client arrives after the login screen rendered on it
    this.snapshot = bootGuess(id) ?? { loaded: false, doc: null };
  }

  readonly getSnapshot = (): LocalDocSnapshot<LocalDocTypes[K]> => this.snapshot;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (!this.subscription) {
      this.subscription = observeLocalDoc$(this.db, this.id).subscribe((doc) => {
        this.snapshot = { loaded: true, doc };
        for (const l of [...this.listeners]) l();
      });
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.subscription) {
        this.subscription.unsubscribe();
        this.subscription = null;
        // The last value is kept: the next subscriber renders it at once (no loading flash on a
        // remount), and the fresh read that subscribing starts replaces it within milliseconds.
      }
    };
  };
}

const stores = new WeakMap<AppDatabase, Map<LocalDocId, LocalDocStore<LocalDocId>>>();

export function localDocStore<K extends LocalDocId>(db: AppDatabase, id: K): LocalDocStore<K> {
  let byId = stores.get(db);
  if (!byId) {
    byId = new Map();
    stores.set(db, byId);
  }
  let store = byId.get(id);
  if (!store) {
    store = new LocalDocStore(db, id);
    byId.set(id, store);
  }
  // one store per id, created for that id just above
  return store as unknown as LocalDocStore<K>;
}
