// The page and the sync worker each open the database under the same name. RxDB's multiInstance
// mode relays writes between instances over a BroadcastChannel (Node has one natively); here two
// instances in one process on fake-indexeddb stand for the two realms.
import { afterEach, describe, expect, test } from 'vitest';
import { filter, firstValueFrom } from 'rxjs';
import type { AppDatabase } from '../../../src/db/database';
import { DEFAULT_SYNC_STATUS } from '../../../src/db/defaults';
import { ensureSession, getLocalDoc, observeLocalDoc$, patchLocalDoc, removeLocalDoc } from '../../../src/db/local-store';
import { freshDbName, openTestDatabase, CHAT_COLLECTIONS } from './helpers/fake-db';

const open: AppDatabase[] = [];
async function pair(): Promise<[AppDatabase, AppDatabase]> {
  const name = freshDbName('multi');
  const page = await openTestDatabase(name, CHAT_COLLECTIONS);
  const worker = await openTestDatabase(name, CHAT_COLLECTIONS);
  open.push(page, worker);
  return [page, worker];
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close()));
});

describe('two instances of one database', () => {
  test('a write in the worker instance reaches an observer in the page instance', async () => {
    const [page, worker] = await pair();
    const seen = firstValueFrom(observeLocalDoc$(page, 'sync-status').pipe(filter((s) => s?.noInternet === true)));
    await patchLocalDoc(worker, 'sync-status', { noInternet: true }, DEFAULT_SYNC_STATUS);
    expect((await seen)?.noInternet).toBe(true);
  });

  test('and the other way round, including removal', async () => {
    const [page, worker] = await pair();
    await patchLocalDoc(page, 'sync-status', { updateAvailable: true }, DEFAULT_SYNC_STATUS);
    expect((await getLocalDoc(worker, 'sync-status'))?.updateAvailable).toBe(true);
    const gone = firstValueFrom(observeLocalDoc$(worker, 'sync-status').pipe(filter((s) => s === null)));
    await removeLocalDoc(page, 'sync-status');
    expect(await gone).toBeNull();
  });

  test("a read right after the other instance's write sees it, before the write's event arrives", async () => {
    // the page writes, then asks the worker (comlink) to act on it: that message can overtake
    // the change event the BroadcastChannel carries, and the worker's cache is still the old one
    const [page, worker] = await pair();
    await patchLocalDoc(page, 'sync-status', { updateAvailable: false }, DEFAULT_SYNC_STATUS);
    await firstValueFrom(observeLocalDoc$(worker, 'sync-status').pipe(filter((x) => x !== null)));
    for (let i = 0; i < 20; i++) {
      await patchLocalDoc(page, 'sync-status', { updateAvailable: i % 2 === 0 }, DEFAULT_SYNC_STATUS);
      expect((await getLocalDoc(worker, 'sync-status'))?.updateAvailable).toBe(i % 2 === 0);
    }
  });

  test('interleaved patches from both instances are all kept', async () => {
    const [page, worker] = await pair();
    await patchLocalDoc(page, 'sync-status', {}, DEFAULT_SYNC_STATUS);
    await Promise.all([
      patchLocalDoc(page, 'sync-status', { updateAvailable: true }, DEFAULT_SYNC_STATUS),
      patchLocalDoc(worker, 'sync-status', { noInternet: true }, DEFAULT_SYNC_STATUS),
      patchLocalDoc(worker, 'sync-status', { serverError: { status: 503 } }, DEFAULT_SYNC_STATUS),
    ]);
    const both = (s: typeof DEFAULT_SYNC_STATUS | null) => s?.updateAvailable === true && s.noInternet && s.serverError?.status === 503;
    await firstValueFrom(observeLocalDoc$(page, 'sync-status').pipe(filter(both)));
    await firstValueFrom(observeLocalDoc$(worker, 'sync-status').pipe(filter(both)));
  });

  test('both instances creating the session at once keep one device id', async () => {
    const [page, worker] = await pair();
    const [a, b] = await Promise.all([ensureSession(page), ensureSession(worker)]);
    expect(a.deviceId).toBe(b.deviceId);
  });
});
