// Opens the app database on fake-indexeddb (the same Dexie storage as the browser, over an
// in-memory IndexedDB). Each call without a name gets a fresh database.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { openDatabase, type AppDatabase } from '../../../../src/db/database';

let counter = 0;

export function freshDbName(prefix = 'test'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}`;
}

export const fakeIndexedDb = { indexedDB, IDBKeyRange };

/** A database on fake-indexeddb; a second call with the same name is a second instance (page + worker). */
export function openTestDatabase(name: string = freshDbName()): Promise<AppDatabase> {
  return openDatabase({ name, indexedDB, IDBKeyRange, devMode: true, ignoreDuplicate: true });
}
