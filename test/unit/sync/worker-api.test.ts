// The worker's comlink surface, driven over a real MessageChannel (structured clone both ways,
// as between the page and the worker), with the worker's database as a second instance of the
// page's: a flow run "in the worker" is observed by the page's database.
import { afterEach, describe, expect, test } from 'vitest';
import { expose, wrap } from 'comlink';
import { filter, firstValueFrom } from 'rxjs';
import type { AppDatabase } from '../../../src/db/database';
import { getLocalDoc, observeLocalDoc$ } from '../../../src/db/local-store';
import { createSyncWorkerApi, type SyncWorkerApi } from '../../../src/workers/worker-api';
import { engineFromRemote } from '../../../src/workers/sync-client';
import type { Engine } from '../../../src/sync/engine';
import { fakeIndexedDb, freshDbName, openTestDatabase, CHAT_COLLECTIONS } from '../db/helpers/fake-db';
import { openDatabase } from '../../../src/db/database';
import { MOBILE, errorBody, fakeApi, json, tokens } from './helpers/fake-api';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function workerAndPage(handlers: Parameters<typeof fakeApi>[0] = {}) {
  const dbName = freshDbName('worker');
  const page: AppDatabase = await openTestDatabase(dbName, CHAT_COLLECTIONS);
  const api = fakeApi({
    '/api/mobile/send-otp': () => json(200, { message: 'sent', resendAfterSeconds: 59, expiresInSeconds: 300 }),
    '/api/mobile/verify-otp': () => json(200, tokens(Date.now())),
    ...handlers,
  });
  const workerApi = createSyncWorkerApi({
    fetch: api.fetch,
    openDatabase,
    // two instances in this realm: each opens the chat's collections (RxDB's open-source limit)
    databaseOptions: { ...fakeIndexedDb, ignoreDuplicate: true, devMode: true, collections: CHAT_COLLECTIONS },
  });
  const { port1, port2 } = new MessageChannel();
  expose(workerApi, port1);
  const remote = wrap<SyncWorkerApi>(port2);
  await remote.init({
    dbName,
    origin: 'http://api.test',
    versionName: '1.0.0',
  });
  const engine: Engine = engineFromRemote(remote, () => {
    port1.close();
    port2.close();
  });
  cleanup.push(() => page.close(), () => engine.close());
  return { page, engine, api };
}

describe('sync worker API over a message port', () => {
  test('flows run in the worker; the page database observes their writes', async () => {
    const { page, engine } = await workerAndPage();
    const signedIn = firstValueFrom(observeLocalDoc$(page, 'session').pipe(filter((s) => s?.token != null)));
    expect(await engine.invoke('requestOtp', MOBILE)).toEqual({ ok: true, value: undefined });
    expect(await engine.invoke('verifyOtp', '1234')).toEqual({ ok: true, value: undefined });
    expect((await signedIn)?.token).toBe('a'.repeat(32));
    expect((await getLocalDoc(page, 'profile'))?.mobile).toBe(MOBILE);
  });

  test('the worker and the page share one device id', async () => {
    const { page, engine, api } = await workerAndPage();
    await engine.invoke('requestOtp', MOBILE);
    await engine.invoke('verifyOtp', '1234');
    await engine.invoke('logout');
    const pageSession = await getLocalDoc(page, 'session');
    expect(api.last('/api/mobile/logout')?.body).toEqual({ deviceId: pageSession?.deviceId });
  });

  test('a failure crosses the port as a CommandResult with its AppError', async () => {
    const { engine } = await workerAndPage({ '/api/mobile/send-otp': () => errorBody(423, 'locked') });
    const res = await engine.invoke('requestOtp', MOBILE);
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error).toMatchObject({ key: 'otpRequest423', status: 423 });
  });

  test('an unknown command is refused', async () => {
    const { engine } = await workerAndPage();
    await expect(engine.invoke('nope' as 'logout')).rejects.toThrow(/unknown engine command/);
  });
});
