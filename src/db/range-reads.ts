// Indexed queries read in one IndexedDB request instead of one per row.
//
// RxDB's Dexie storage answers every query with an index cursor (dexie-query.js): one request,
// and so one task on the page's event loop, per row. On a cold start at /chat/{bot} those tasks
// queue behind the route's code being evaluated and rendered, and the thread's newest page (50
// rows) took 128 ms from its query to its result, the longest wait before the first message was
// painted (bench/README.md "thread-open"). When the index answers the whole query (its selector
// and its sort, as the thread's newest page and its older pages), the rows
// are exactly the index range in index order, cut at skip + limit: `IDBIndex.getAll(range, count)`
// returns the same rows in a single request. Any other query keeps RxDB's own cursor read.
import type { PreparedQuery, RxStorage, RxStorageInstance, RxStorageInstanceCreationParams, RxStorageQueryResult } from 'rxdb/plugins/core';
import {
  DEXIE_DOCS_TABLE_NAME,
  dexieReplaceIfStartsWithPipe,
  fromDexieToStorage,
  getKeyRangeByQueryPlan,
  type RxStorageInstanceDexie,
} from 'rxdb/plugins/storage-dexie';

/** Whether RxDB's query plan says the index range, in index order, is the query's whole answer. */
function answeredByIndex<D>(prepared: PreparedQuery<D>): boolean {
  return prepared.queryPlan.selectorSatisfiedByIndex && prepared.queryPlan.sortSatisfiedByIndex;
}

/** The query's rows by one getAll on its index (only for a query answeredByIndex). */
async function readRange<D>(instance: RxStorageInstanceDexie<D>, prepared: PreparedQuery<D>): Promise<RxStorageQueryResult<D>> {
  const state = await instance.internals;
  const { query, queryPlan } = prepared;
  const skip = query.skip ?? 0;
  // as RxDB: an explicit limit of 0 is honoured
  const limit = typeof query.limit === 'number' ? query.limit : Infinity;
  if (limit === 0) return { documents: [] };
  let range: IDBKeyRange;
  try {
    range = getKeyRangeByQueryPlan(state.booleanIndexes, queryPlan, state.dexieDb._options.IDBKeyRange);
  } catch (err) {
    // as RxDB: bounds IndexedDB cannot compare (a DataError) match nothing
    if ((err as { name?: string }).name === 'DataError') return { documents: [] };
    throw err;
  }
  const indexName = `[${queryPlan.index.map((field) => dexieReplaceIfStartsWithPipe(field)).join('+')}]`;
  const count = Number.isFinite(limit) ? skip + limit : undefined;
  let rows: unknown[] = [];
  await state.dexieDb.transaction('r', state.dexieTable, async (tx) => {
    const request = tx.idbtrans.objectStore(DEXIE_DOCS_TABLE_NAME).index(indexName).getAll(range, count);
    rows = await new Promise<unknown[]>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  });
  return { documents: rows.slice(skip).map((row) => fromDexieToStorage(state.booleanIndexes, row)) };
}

/** Dexie's storage with readRange for the queries an index answers (every other call as before). */
export function withRangeReads<S>(storage: RxStorage<unknown, S>): RxStorage<unknown, S> {
  return {
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    async createStorageInstance<D>(params: RxStorageInstanceCreationParams<D, S>): Promise<RxStorageInstance<D, unknown, S>> {
      const instance = await storage.createStorageInstance(params);
      const cursorQuery = instance.query.bind(instance);
      const dexie = instance as unknown as RxStorageInstanceDexie<D>;
      instance.query = (prepared) => (answeredByIndex(prepared) ? readRange(dexie, prepared) : cursorQuery(prepared));
      return instance;
    },
  };
}
