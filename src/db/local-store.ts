// Typed access to the local documents of local-docs.ts: read, write, modify, observe. The page
// and the worker both write some of them, so every partial write goes through RxDB's incremental
// write queue, which re-applies the change on the latest revision when another instance wrote
// first (no lost updates across the two instances).
import { Observable, distinctUntilChanged, map } from 'rxjs';
import type { RxLocalDocument } from 'rxdb/plugins/core';
import type { AppDatabase } from './database';
import type { LocalDocId, LocalDocTypes, SessionDoc } from './local-docs';
import { newSession } from './defaults';
import { newDeviceId } from './device-id';
import { isWriteConflict } from './write-conflict';
import { localDocReaderOf } from './local-doc-reader';

type Doc<K extends LocalDocId> = RxLocalDocument<AppDatabase, LocalDocTypes[K]>;

function dataOf<K extends LocalDocId>(doc: Doc<K>): LocalDocTypes[K] {
  // Local documents are schemaless in RxDB; this module is their only writer, so the stored
  // data has the type of its id. RxDB deep-freezes it in dev-mode: callers treat it as immutable.
  return doc.toJSON().data as LocalDocTypes[K];
}

/** The document as stored now, written by this instance or the other (local-doc-reader.ts). */
export async function getLocalDoc<K extends LocalDocId>(db: AppDatabase, id: K): Promise<LocalDocTypes[K] | null> {
  const reader = localDocReaderOf(db);
  if (reader) {
    const row = await reader(id);
    // this module is the documents' only writer: the stored data has the type of its id
    return row ? (row.data as LocalDocTypes[K]) : null;
  }
  const doc = await db.getLocal<LocalDocTypes[K]>(id);
  return doc ? dataOf<K>(doc) : null;
}

/** Reads a document, or the given default when it was never written (or was removed). */
export async function readLocalDoc<K extends LocalDocId>(db: AppDatabase, id: K, fallback: LocalDocTypes[K]): Promise<LocalDocTypes[K]> {
  return (await getLocalDoc(db, id)) ?? fallback;
}

/**
 * Writes of one instance to one document, in the order they were asked for. Without this, two
 * writes started in the same tick (socket state 0 then 1) could reach RxDB's write queue in the
 * other order, since each first awaits its own read of the document, and the older value won.
 */
const writeChains = new WeakMap<AppDatabase, Map<string, Promise<unknown>>>();

/**
 * Writes `fn(current)` as the new content. `fn` may run more than once (it is re-run on the
 * latest revision after a conflict), so it must be pure. Writes of this instance to the same
 * document apply in call order.
 */
export function modifyLocalDoc<K extends LocalDocId>(
  db: AppDatabase,
  id: K,
  fn: (current: LocalDocTypes[K] | null) => LocalDocTypes[K],
): Promise<LocalDocTypes[K]> {
  let chains = writeChains.get(db);
  if (!chains) {
    chains = new Map();
    writeChains.set(db, chains);
  }
  const previous = chains.get(id) ?? Promise.resolve();
  const next = previous.catch(() => {}).then(() => writeLocalDoc(db, id, fn));
  chains.set(id, next);
  void next.catch(() => {}).finally(() => {
    if (chains.get(id) === next) chains.delete(id);
  });
  return next;
}

async function writeLocalDoc<K extends LocalDocId>(
  db: AppDatabase,
  id: K,
  fn: (current: LocalDocTypes[K] | null) => LocalDocTypes[K],
): Promise<LocalDocTypes[K]> {
  for (let attempt = 0; ; attempt++) {
    const doc = await db.getLocal<LocalDocTypes[K]>(id);
    if (doc) {
      const written = await doc.incrementalModify((data) => fn(data));
      return dataOf<K>(written);
    }
    try {
      const inserted = await db.insertLocal<LocalDocTypes[K]>(id, fn(null));
      return dataOf<K>(inserted as unknown as Doc<K>);
    } catch (err) {
      // another instance created it between our read and our insert: modify theirs
      if (!isWriteConflict(err) || attempt > 5) throw err;
    }
  }
}

/** Shallow-merges `patch` into the document (or into `fallback` when it does not exist yet). */
export function patchLocalDoc<K extends LocalDocId>(
  db: AppDatabase,
  id: K,
  patch: Partial<LocalDocTypes[K]>,
  fallback: LocalDocTypes[K],
): Promise<LocalDocTypes[K]> {
  return modifyLocalDoc(db, id, (current) => ({ ...(current ?? fallback), ...patch }));
}

/** Replaces the whole document. */
export function setLocalDoc<K extends LocalDocId>(db: AppDatabase, id: K, data: LocalDocTypes[K]): Promise<LocalDocTypes[K]> {
  return modifyLocalDoc(db, id, () => data);
}

export async function removeLocalDoc(db: AppDatabase, id: LocalDocId): Promise<void> {
  const doc = await db.getLocal(id);
  if (doc) await doc.remove();
}

/** Emits the current content (null when absent), then every change, from any instance. */
export function observeLocalDoc$<K extends LocalDocId>(db: AppDatabase, id: K): Observable<LocalDocTypes[K] | null> {
  return db.getLocal$<LocalDocTypes[K]>(id).pipe(
    map((doc) => (doc && !doc.deleted ? dataOf<K>(doc as Doc<K>) : null)),
    distinctUntilChanged(),
  );
}

/**
 * The session document, created with a fresh device id on first use. Both instances may race
 * to create it: the insert conflict makes the loser read the winner's, so one id is kept.
 */
export async function ensureSession(db: AppDatabase, makeId: () => string = newDeviceId): Promise<SessionDoc> {
  return modifyLocalDoc(db, 'session', (current) => current ?? newSession(makeId()));
}
