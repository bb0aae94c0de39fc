// The external store behind the hooks (useSyncExternalStore): tested without React.
import { afterEach, describe, expect, test } from 'vitest';
import type { AppDatabase } from '../../../src/db/database';
import { DEFAULT_SETTINGS } from '../../../src/db/defaults';
import { localDocStore } from '../../../src/db/hooks/local-doc-store';
import { patchLocalDoc } from '../../../src/db/local-store';
import { freshDbName, openTestDatabase, CHAT_COLLECTIONS } from './helpers/fake-db';

const open: AppDatabase[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close()));
});

function nextChange(subscribe: (cb: () => void) => () => void): Promise<void> {
  return new Promise((resolve) => {
    const off = subscribe(() => {
      off();
      resolve();
    });
  });
}

describe('local document store', () => {
  test('loaded is false until the first read, then the snapshot follows the document', async () => {
    const db = await openTestDatabase();
    open.push(db);
    const store = localDocStore(db, 'settings');
    expect(store.getSnapshot()).toEqual({ loaded: false, doc: null });
    const seen: unknown[] = [];
    const off = store.subscribe(() => seen.push(store.getSnapshot()));
    await new Promise<void>((r) => {
      const check = () => (seen.length > 0 ? r() : setTimeout(check, 5));
      check();
    });
    expect(store.getSnapshot()).toEqual({ loaded: true, doc: null });
    const first = store.getSnapshot();
    expect(store.getSnapshot()).toBe(first); // stable between changes
    const changed = nextChange(store.subscribe);
    await patchLocalDoc(db, 'settings', { homeTab: 'chat' }, DEFAULT_SETTINGS);
    await changed;
    expect(store.getSnapshot()).toEqual({ loaded: true, doc: { ...DEFAULT_SETTINGS, homeTab: 'chat' } });
    off();
  });

  test('one store per database and id; a write in another instance reaches it', async () => {
    const name = freshDbName('store');
    const page = await openTestDatabase(name, CHAT_COLLECTIONS);
    const worker = await openTestDatabase(name, CHAT_COLLECTIONS);
    open.push(page, worker);
    expect(localDocStore(page, 'sync-status')).toBe(localDocStore(page, 'sync-status'));
    expect(localDocStore(page, 'sync-status')).not.toBe(localDocStore(worker, 'sync-status'));
    const store = localDocStore(page, 'sync-status');
    const off = store.subscribe(() => {});
    const changed = new Promise<void>((resolve) => {
      const stop = store.subscribe(() => {
        if (store.getSnapshot().doc?.noInternet) {
          stop();
          resolve();
        }
      });
    });
    await patchLocalDoc(worker, 'sync-status', { noInternet: true }, {
      online: true, socketState: -1, unauthorised: false, autoLogoutPrompt: false, noInternet: false, serverError: null, updateAvailable: false,
    });
    await changed;
    expect(store.getSnapshot().doc?.noInternet).toBe(true);
    off();
  });
});
