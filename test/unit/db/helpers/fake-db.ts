// Opens the app database on fake-indexeddb (the same Dexie storage as the browser, over an
// in-memory IndexedDB). Each call without a name gets a fresh database.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { openDatabase, type AppDatabase } from '../../../../src/db/database';
import type { AppCollections } from '../../../../src/db/schemas';

let counter = 0;

export function freshDbName(prefix = 'test'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}`;
}

export const fakeIndexedDb = { indexedDB, IDBKeyRange };

/**
 * The chat's collections: what a test opening two instances in one realm opens in each (RxDB's
 * open-source build allows 13 open collections per realm; the app has more than 6).
 */
export const CHAT_COLLECTIONS: readonly (keyof AppCollections)[] = ['messages', 'conversations', 'bots', 'outbox', 'cache', 'actions'];

/**
 * A database on fake-indexeddb; a second call with the same name is a second instance (page +
 * worker). `collections`: only these (CHAT_COLLECTIONS when a test holds two instances open).
 */
export function openTestDatabase(name: string = freshDbName(), collections?: readonly (keyof AppCollections)[]): Promise<AppDatabase> {
  return openDatabase({ name, indexedDB, IDBKeyRange, devMode: true, ignoreDuplicate: true, ...(collections ? { collections } : {}) });
}
