// Opens the app's RxDB database. The page and the sync worker each open it under the same name
// (multiInstance: RxDB relays every write to the other instances over a BroadcastChannel, so a
// write in the worker reaches the page's observers and the other way round).
import { addRxPlugin, createRxDatabase, type RxDatabase, type RxStorage } from 'rxdb/plugins/core';
import { RxDBLocalDocumentsPlugin, getLocalDocStateByParent } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { DexieSettings } from 'rxdb/plugins/core';
import { collectionCreators, type AppCollections } from './schemas';
import { DEFAULT_DB_NAME } from './database-name';
import { markBoot } from './boot-gate';
import { registerLocalDocReader } from './local-doc-reader';
import { withRangeReads } from './range-reads';

export { DEFAULT_DB_NAME };

export type AppDatabase = RxDatabase<AppCollections>;

export interface OpenDatabaseOptions {
  /** Database name; tests pass a fresh one each. Default 'chatbot'. */
  name?: string;
  /** IndexedDB implementation: the browser's by default, `fake-indexeddb` in Node. */
  indexedDB?: DexieSettings['indexedDB'];
  IDBKeyRange?: DexieSettings['IDBKeyRange'];
  /** Dev-mode checks and schema validation (default on); only honoured in development and tests, never in production builds. */
  devMode?: boolean;
  /**
   * Lets a second instance of the same name open in the same JavaScript realm (tests that
   * simulate the page and the worker in one process). RxDB allows it in dev-mode only.
   */
  ignoreDuplicate?: boolean;
  /**
   * Tests only: open just these collections. RxDB's open-source build allows 13 open collections
   * per JavaScript realm, all databases together (DESIGN.md §3). The page and the sync worker are
   * two realms, but a test that opens two instances of the database in one realm (page + worker)
   * would open twice the app's collections; it opens the ones it needs.
   */
  collections?: readonly (keyof AppCollections)[];
}

let pluginsAdded = false;

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<AppDatabase> {
  // this module (RxDB, Dexie) is fetched and evaluated: what follows is the database's own open
  markBoot('db-code');
  if (!pluginsAdded) {
    addRxPlugin(RxDBLocalDocumentsPlugin);
    addRxPlugin(RxDBMigrationSchemaPlugin);
    pluginsAdded = true;
  }
  const settings: DexieSettings = {};
  if (options.indexedDB) settings.indexedDB = options.indexedDB;
  if (options.IDBKeyRange) settings.IDBKeyRange = options.IDBKeyRange;
  // indexed queries in one request instead of one per row (range-reads.ts)
  let storage: RxStorage<unknown, DexieSettings> = withRangeReads(getRxStorageDexie(settings));
  // The outer test is the bare literal `import.meta.env.DEV`: Vite folds it to false in a
  // production build, which drops the dynamic import and with it the dev-mode chunk.
  if (import.meta.env.DEV) {
    if (options.devMode ?? true) {
      const { withDevMode } = await import('./dev-mode');
      storage = withDevMode(storage);
    }
  }
  const db = await createRxDatabase<AppCollections>({
    name: options.name ?? DEFAULT_DB_NAME,
    storage,
    multiInstance: true,
    localDocuments: true,
    eventReduce: true,
    ignoreDuplicate: options.ignoreDuplicate ?? false,
  });
  markBoot('db-created');
  // getLocalDoc reads the storage, not this instance's cache (local-doc-reader.ts)
  registerLocalDocReader(db, async (id) => {
    // RxDB types the parent with an open collections map; ours is the typed AppCollections
    const state = await getLocalDocStateByParent(db as unknown as Parameters<typeof getLocalDocStateByParent>[0]);
    const [row] = await state.storageInstance.findDocumentsById([id], false);
    return row ?? null;
  });
  const wanted = options.collections;
  await db.addCollections(wanted ? Object.fromEntries(wanted.map((name) => [name, collectionCreators[name]])) : collectionCreators);
  return db;
}
