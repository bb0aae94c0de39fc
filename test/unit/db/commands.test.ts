// The UI's commands (src/db/ui-surface) against a client started in Node with the in-process
// engine: what the page writes itself, what it leaves to the engine, and that nothing throws.
import { afterEach, describe, expect, test } from 'vitest';
import { startClient, type Client } from '../../../src/db/client';
import {
  chooseLanguage,
  dismissConnectivityDialogs,
  editMobile,
  isShownBySyncStatus,
  loadStates,
  logout,
  requestOtp,
  runDialogAction,
  saveLocation,
  saveName,
  setHomeTab,
  verifyOtp,
} from '../../../src/db/ui-surface';
import { DEFAULT_SYNC_STATUS } from '../../../src/db/defaults';
import { getLocalDoc, patchLocalDoc } from '../../../src/db/local-store';
import { createInProcessEngine, type Engine } from '../../../src/sync/engine';
import { fakeIndexedDb, freshDbName } from './helpers/fake-db';
import { MOBILE, errorBody, fakeApi, json, noNetwork, profile, tokens } from '../sync/helpers/fake-api';

let client: Client | null = null;
afterEach(async () => {
  await client?.close();
  client = null;
});

async function start(handlers: Parameters<typeof fakeApi>[0] = {}, engine?: (c: Parameters<typeof createInProcessEngine>[0]) => Engine) {
  const api = fakeApi({
    '/api/mobile/send-otp': () => json(200, { message: 'sent', resendAfterSeconds: 59, expiresInSeconds: 300 }),
    '/api/mobile/verify-otp': () => json(200, tokens(Date.now(), {}, { language: 'en' })),
    '/api/mobile/logout': () => json(200, { message: 'bye' }),
    ...handlers,
  });
  client = await startClient({
    name: freshDbName('commands'),
    ...fakeIndexedDb,
    devMode: true,
    ignoreDuplicate: true,
    engine: engine ?? ((db) => createInProcessEngine(db, { fetch: api.fetch, origin: 'http://api.test', versionName: 't' })),
  });
  return { db: client.db, api };
}

describe('commands', () => {
  test('startClient creates the session with a device id before any command', async () => {
    const { db } = await start();
    expect((await getLocalDoc(db, 'session'))?.deviceId).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('sign-in: requestOtp, editMobile, requestOtp, verifyOtp', async () => {
    const { db } = await start();
    expect(await requestOtp(MOBILE)).toEqual({ ok: true, value: undefined });
    expect((await getLocalDoc(db, 'auth-flow'))?.otpRequested).toBe(true);
    await editMobile();
    expect(await getLocalDoc(db, 'auth-flow')).toMatchObject({ mobile: MOBILE, otpRequested: false, requestStatus: 'idle' });
    await requestOtp(MOBILE);
    expect((await verifyOtp('1234')).ok).toBe(true);
    expect((await getLocalDoc(db, 'session'))?.token).toBe('a'.repeat(32));
  });

  test('onboarding commands: language, name, location', async () => {
    const { db, api } = await start({
      '/api/user/update-profile': (req) => json(200, profile({ ...(req.body as object), name: 'Asha', language: 'hi' })),
      '/api/user/get-states': () => json(200, { states: [{ code: 'GJ', name: 'Gujarat' }] }),
    });
    await requestOtp(MOBILE);
    await verifyOtp('1234');
    expect((await chooseLanguage('hi')).ok).toBe(true);
    expect((await getLocalDoc(db, 'app-language'))?.code).toBe('hi');
    expect((await saveName('  Asha  ')).ok).toBe(true);
    expect(api.last('/api/user/update-profile')?.body).toEqual({ name: 'Asha' });
    expect(await loadStates('IN')).toEqual({ ok: true, value: [{ code: 'GJ', name: 'Gujarat' }] });
    expect((await saveLocation('GJ', 'Surat')).ok).toBe(true);
    expect(api.last('/api/user/update-profile')?.body).toEqual({ country_code: 'IN', state_code: 'GJ', city: 'Surat' });
  });

  test('chooseLanguage offline keeps the local choice and reports the failure', async () => {
    const { db } = await start({ '/api/user/update-profile': noNetwork });
    await requestOtp(MOBILE);
    await verifyOtp('1234');
    const res = await chooseLanguage('mr');
    expect(res.ok ? null : isShownBySyncStatus(res.error)).toBe(true);
    expect((await getLocalDoc(db, 'app-language'))?.code).toBe('mr');
  });

  test('setHomeTab and dismissConnectivityDialogs are local', async () => {
    const { db, api } = await start();
    await setHomeTab('post');
    expect((await getLocalDoc(db, 'settings'))?.homeTab).toBe('post');
    await patchLocalDoc(db, 'sync-status', { noInternet: true, serverError: { status: 503 } }, DEFAULT_SYNC_STATUS);
    await dismissConnectivityDialogs();
    expect(await getLocalDoc(db, 'sync-status')).toMatchObject({ noInternet: false, serverError: null });
    expect(api.calls).toHaveLength(0);
  });

  test('runDialogAction returns what the UI must do', async () => {
    await start();
    await requestOtp(MOBILE);
    expect(await runDialogAction('edit-mobile-decline')).toEqual({ ok: true, value: { reload: false, navigateTo: 'login' } });
  });

  test('an engine that crashes gives the generic error, and logout still clears locally', async () => {
    const broken: Engine = { invoke: () => Promise.reject(new Error('worker died')), close: async () => {} };
    const { db } = await start({}, () => broken);
    await patchLocalDoc(db, 'session', { token: 'a'.repeat(32), mobile: MOBILE }, (await getLocalDoc(db, 'session'))!);
    const original = console.error;
    console.error = () => {};
    try {
      const res = await requestOtp(MOBILE);
      expect(res.ok ? null : res.error.key).toBe('somethingWentWrong');
      expect((await logout()).ok).toBe(true);
    } finally {
      console.error = original;
    }
    expect((await getLocalDoc(db, 'session'))?.token).toBeNull();
  });

  test('a failed OTP request is kept on auth-flow for a reload', async () => {
    const { db } = await start({ '/api/mobile/send-otp': () => errorBody(429, 'Too many') });
    const res = await requestOtp(MOBILE);
    expect(res.ok).toBe(false);
    expect((await getLocalDoc(db, 'auth-flow'))?.error).toMatchObject({ key: 'otpRequest', status: 429, message: 'Too many' });
  });
});
