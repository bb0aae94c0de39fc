import { useSyncExternalStore } from 'react';
import { useDatabase } from '../client-context';
import type { LocalDocId, LocalDocTypes } from '../local-docs';
import { localDocStore, type LocalDocSnapshot } from './local-doc-store';

/** Re-renders when local document `id` changes, in this instance or another (the worker). */
export function useLocalDoc<K extends LocalDocId>(id: K): LocalDocSnapshot<LocalDocTypes[K]> {
  const store = localDocStore(useDatabase(), id);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
