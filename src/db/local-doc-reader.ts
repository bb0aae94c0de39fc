// Where getLocalDoc reads from (local-store.ts). RxDB's getLocal answers from this instance's
// document cache, which learns of the other instance's writes (page and sync worker) only when
// their change event arrives over the BroadcastChannel. A command the page sends right after a
// write can overtake that event: the worker then read the document as it was before the write (a
// rating or a cart edit stayed unsent until something else woke the queue; e2e thread and shop
// tests caught it). The storage holds every committed write, so reads go there. The reader is
// registered by database.ts, which loads RxDB's local-documents plugin; this module imports
// nothing, so the login route's code stays small.
export type LocalDocRowReader = (id: string) => Promise<{ data: unknown } | null>;

// keyed by the database instance (an AppDatabase: not imported, database.ts imports this module)
const readers = new WeakMap<object, LocalDocRowReader>();

export function registerLocalDocReader(db: object, reader: LocalDocRowReader): void {
  readers.set(db, reader);
}

export function localDocReaderOf(db: object): LocalDocRowReader | undefined {
  return readers.get(db);
}
