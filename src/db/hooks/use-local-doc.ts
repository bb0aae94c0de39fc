import { useSyncExternalStore } from 'react';
import { getClient } from '../client';
import { useOptionalDatabase } from '../client-context';
import { bootGuessSource } from '../boot-guess';
import type { LocalDocId, LocalDocTypes } from '../local-docs';
import { localDocStore, type LocalDocSnapshot } from './local-doc-store';

/** Re-renders when local document `id` changes, in this instance or another (the worker). */
export function useLocalDoc<K extends LocalDocId>(id: K): LocalDocSnapshot<LocalDocTypes[K]> {
  const db = useOptionalDatabase();
  // No database yet: a signed-out start before its client (the boot's guess, replaced when the
  // provider re-renders with the client), or else a programming error that getClient() names.
  const source = db ? localDocStore(db, id) : (bootGuessSource(id) ?? localDocStore(getClient().db, id));
  return useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot);
}
