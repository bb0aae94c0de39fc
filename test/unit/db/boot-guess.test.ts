// A signed-out start renders on a guess before the data client starts (src/db/boot-guess.ts):
// the stores of the client then start from that guess and the first real read replaces it.
import { afterEach, describe, expect, test } from 'vitest';
import type { AppDatabase } from '../../../src/db/database';
import { beginBootGuess, bootGuess, bootGuessSource, endBootGuess, isBootGuessing } from '../../../src/db/boot-guess';
import { appLanguageFor, DEFAULT_AUTH_FLOW } from '../../../src/db/defaults';
import { localDocStore } from '../../../src/db/hooks/local-doc-store';
import { patchLocalDoc } from '../../../src/db/local-store';
import { startClient, whenClient, hasClient, type Client } from '../../../src/db/client';
import { createInProcessEngine } from '../../../src/sync/engine';
import { fakeIndexedDb, freshDbName, openTestDatabase } from './helpers/fake-db';

const open: AppDatabase[] = [];
let client: Client | null = null;
afterEach(async () => {
  endBootGuess();
  await client?.close();
  client = null;
  await Promise.all(open.splice(0).map((d) => d.close()));
});

/** The store's next snapshot that satisfies `ok` (it changes only when RxDB emits). */
function snapshotWhere<T>(store: { subscribe(l: () => void): () => void; getSnapshot(): T }, ok: (s: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const off = store.subscribe(() => {
      const s = store.getSnapshot();
      if (ok(s)) {
        queueMicrotask(off);
        resolve(s);
      }
    });
  });
}

describe('boot guess', () => {
  test('without a signed-out start there is no guess, and stores start unloaded', async () => {
    expect(isBootGuessing()).toBe(false);
    expect(bootGuess('session')).toBeNull();
    expect(bootGuessSource('session')).toBeNull();
    const db = await openTestDatabase();
    open.push(db);
    expect(localDocStore(db, 'auth-flow').getSnapshot()).toEqual({ loaded: false, doc: null });
  });

  test('while guessing, every document reads as absent but loaded, except those given; one object per id', () => {
    const hindi = appLanguageFor('hi', false);
    beginBootGuess({ 'app-language': hindi });
    expect(bootGuess('session')).toEqual({ loaded: true, doc: null });
    expect(bootGuess('auth-flow')).toEqual({ loaded: true, doc: null });
    expect(bootGuess('app-language')).toEqual({ loaded: true, doc: hindi });
    expect(bootGuess('session')).toBe(bootGuess('session'));
    const source = bootGuessSource('settings')!;
    expect(bootGuessSource('settings')).toBe(source);
    expect(source.getSnapshot()).toBe(source.getSnapshot());
    endBootGuess();
    expect(bootGuess('session')).toBeNull();
  });

  test("a store made while guessing starts from the guess; the database's first read replaces a wrong one", async () => {
    const db = await openTestDatabase();
    open.push(db);
    // the device is not what the hint said: a sign-in is in progress (another tab asked for a code)
    await patchLocalDoc(db, 'auth-flow', { mobile: '+919876543210', otpRequested: true }, DEFAULT_AUTH_FLOW);
    beginBootGuess({});
    const store = localDocStore(db, 'auth-flow');
    expect(store.getSnapshot()).toEqual({ loaded: true, doc: null });
    const real = await snapshotWhere(store, (s) => s.doc !== null);
    expect(real.doc).toMatchObject({ mobile: '+919876543210', otpRequested: true });
    // once the client's stores are in place, a new store starts unloaded as usual
    endBootGuess();
    expect(localDocStore(db, 'profile').getSnapshot()).toEqual({ loaded: false, doc: null });
  });

  test('whenClient waits for startClient, then answers at once', async () => {
    expect(hasClient()).toBe(false);
    const waiting = whenClient();
    let settled = false;
    void waiting.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    client = await startClient({
      name: freshDbName('when-client'),
      ...fakeIndexedDb,
      devMode: true,
      ignoreDuplicate: true,
      engine: (db) => createInProcessEngine(db, { fetch: () => Promise.reject(new Error('offline')), origin: 'http://api.test', versionName: 't' }),
    });
    expect(await waiting).toBe(client);
    expect(await whenClient()).toBe(client);
  });
});
