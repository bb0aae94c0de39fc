// The client's session flows against the real reference server, in this process: the page's
// commands (src/db/ui-surface) run the engine in-process (the same code the worker runs) over
// real HTTP, into a fresh RxDB database on fake-indexeddb per test. The engine reads the time
// from the server's test clock, so token expiry is tested by advancing it, never by sleeping.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startClient, type Client } from '../../src/db/client';
import {
  chooseLanguage,
  deleteProfile,
  loadCities,
  loadStates,
  loginWithStoredToken,
  logout,
  refreshProfile,
  requestOtp,
  resendOtp,
  runDialogAction,
  saveLocation,
  saveName,
  verifyOtp,
} from '../../src/db/ui-surface';
import { getLocalDoc } from '../../src/db/local-store';
import { onboardingStepFor } from '../../src/db/onboarding-step';
import { createInProcessEngine } from '../../src/sync/engine';
import { systemClock } from '../../src/sync/http-client';
import { fakeIndexedDb, freshDbName } from '../unit/db/helpers/fake-db';
import { startTestServer, type TestServer } from './helpers/server';

const DAY = 24 * 3600_000;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

let client: Client | null = null;
afterEach(async () => {
  await client?.close();
  client = null;
});

/** A client whose network can be switched off (fetch rejects like it does offline). */
async function startApp(origin = t.url) {
  const net = { online: true };
  const sent: { url: string; headers: Headers }[] = [];
  client = await startClient({
    name: freshDbName('it-client'),
    ...fakeIndexedDb,
    devMode: true,
    ignoreDuplicate: true,
    engine: (db) =>
      createInProcessEngine(db, {
        fetch: (input, init) => {
          sent.push({ url: String(input), headers: new Headers(init?.headers) });
          return net.online ? fetch(input, init) : Promise.reject(new TypeError('fetch failed'));
        },
        origin,
        versionName: 'it',
        clock: { ...systemClock, now: t.clock.now },
      }),
  });
  const db = client.db;
  const doc = <K extends Parameters<typeof getLocalDoc>[1]>(id: K) => getLocalDoc(db, id);
  const step = async () => onboardingStepFor(await doc('session'), await doc('app-language'), await doc('profile'));
  return { db, net, sent, doc, step };
}

async function signIn(mobile = t.freshMobile()) {
  expect(await requestOtp(mobile)).toEqual({ ok: true, value: undefined });
  const code = t.lastCode(mobile);
  if (!code) throw new Error('no code issued');
  expect(await verifyOtp(code)).toEqual({ ok: true, value: undefined });
  return mobile;
}

describe('sign-in', () => {
  it('requests a code, verifies it and keeps the session and profile locally', async () => {
    const app = await startApp();
    const mobile = t.freshMobile();
    await requestOtp(mobile);
    expect(await app.doc('auth-flow')).toMatchObject({ mobile, otpRequested: true, requestStatus: 'fulfilled', otpSentAt: t.clock.now() });
    await verifyOtp(t.lastCode(mobile)!);
    const session = await app.doc('session');
    expect(session).toMatchObject({ mobile, profileDetailsFetched: true });
    expect(session?.token).toMatch(/^[0-9a-f]{32}$/);
    expect(session?.loginTokenExpiry).toBe(t.clock.now() + 90 * DAY);
    expect((await app.doc('profile'))?.mobile).toBe(mobile);
    expect((await app.doc('auth-flow'))?.confirmStatus).toBe('fulfilled');
    // the stored session authenticates the engine's calls (mobile + session-id headers)
    expect((await refreshProfile()).ok).toBe(true);
  });

  it('a wrong code is an inline otpConfirm401 and leaves the user signed out', async () => {
    const app = await startApp();
    const mobile = t.freshMobile();
    await requestOtp(mobile);
    const right = t.lastCode(mobile)!;
    const res = await verifyOtp(String((Number(right) + 1) % 10_000).padStart(4, '0'));
    expect(res.ok ? null : res.error.key).toBe('otpConfirm401');
    expect(res.ok ? null : res.error.dialog).toBeUndefined();
    expect(await app.doc('auth-flow')).toMatchObject({ confirmStatus: 'rejected', error: { key: 'otpConfirm401', status: 401 } });
    expect((await app.doc('session'))?.token).toBeNull();
    expect((await app.doc('sync-status'))?.autoLogoutPrompt ?? false).toBe(false);
  });

  it('resend issues a new code that then works', async () => {
    await startApp();
    const mobile = t.freshMobile();
    await requestOtp(mobile);
    const first = t.lastCode(mobile);
    t.clock.advance(60_000);
    expect((await resendOtp()).ok).toBe(true);
    expect(t.lastCode(mobile)).toBeDefined();
    expect((await verifyOtp(t.lastCode(mobile)!)).ok).toBe(true);
    expect(first).toMatch(/^\d{4}$/);
  });

  it('an OTP request with no server answers the retry dialog and raises no second dialog', async () => {
    const app = await startApp('http://127.0.0.1:9'); // nothing listens on the discard port
    const res = await requestOtp(t.freshMobile());
    expect(res.ok ? null : res.error).toMatchObject({ key: 'otpRequest', status: 0 });
    expect(res.ok ? [] : res.error.dialog?.actions.map((a) => a.action)).toContain('retry-request-otp');
    expect((await app.doc('sync-status'))?.noInternet ?? false).toBe(false);
  });
});

describe('onboarding', () => {
  it('language → name → location → done, with the geo lists cached for offline use', async () => {
    const app = await startApp();
    await signIn();
    expect(await app.step()).toBe('language');

    expect((await chooseLanguage('gu')).ok).toBe(true);
    expect((await app.doc('profile'))?.language).toBe('gu');
    expect(await app.step()).toBe('name');

    expect((await saveName('  Asha Patel ')).ok).toBe(true);
    expect((await app.doc('profile'))?.name).toBe('Asha Patel');
    expect(await app.step()).toBe('location');

    const states = await loadStates('IN');
    expect(states.ok).toBe(true);
    const gujarat = states.ok ? states.value.find((s) => s.code === 'GJ') : undefined;
    expect(gujarat).toBeDefined();
    const cities = await loadCities('IN', 'GJ');
    expect(cities.ok && cities.value.length).toBeGreaterThan(0);
    const city = cities.ok ? cities.value[0]!.name : '';

    // offline, the cached lists still serve the location step, without a no-internet dialog
    app.net.online = false;
    expect(await loadStates('IN')).toEqual(states);
    expect(await loadCities('IN', 'GJ')).toEqual(cities);
    expect((await app.doc('sync-status'))?.noInternet ?? false).toBe(false);
    // ...but saving needs the server: the failure is reported, the no-internet dialog raised
    const offlineSave = await saveLocation('GJ', city);
    expect(offlineSave.ok ? null : offlineSave.error.key).toBe('noResponse');
    expect((await app.doc('sync-status'))?.noInternet).toBe(true);
    app.net.online = true;

    expect((await saveLocation('GJ', city)).ok).toBe(true);
    expect((await app.doc('profile'))?.state?.code).toBe('GJ');
    expect(await app.step()).toBeNull();
  });

  it('a returning user on a new device gets the language of their profile', async () => {
    const mobile = t.freshMobile();
    const first = await startApp();
    await signIn(mobile);
    await chooseLanguage('te');
    expect((await first.doc('profile'))?.language).toBe('te');
    await client?.close();
    client = null;

    const second = await startApp();
    t.clock.advance(60_000); // the server's resend wait
    await signIn(mobile);
    expect(await second.doc('app-language')).toMatchObject({ code: 'te', chosen: true });
    expect(await second.step()).toBe('name');
  });

  it('calls carry the headers of spec §7, the language header following the app language', async () => {
    const app = await startApp();
    const mobile = await signIn();
    const signInCall = app.sent.find((c) => c.url.endsWith('/api/mobile/verify-otp'));
    expect(Object.fromEntries(signInCall!.headers)).toMatchObject({ 'package-name': 'pwa', 'version-name': 'it', language: 'en' });
    expect(signInCall!.headers.get('session-id')).toBeNull();
    await chooseLanguage('mr');
    expect((await refreshProfile()).ok).toBe(true);
    const last = app.sent.at(-1)!;
    expect(last.url).toBe(`${t.url}/api/user/get-profile`);
    expect(Object.fromEntries(last.headers)).toMatchObject({
      mobile,
      'session-id': (await app.doc('session'))!.token,
      'package-name': 'pwa',
      'version-name': 'it',
      language: 'mr',
    });
  });
});

describe('signing out', () => {
  it('logout ends the session on the server and clears local data, keeping device id and language', async () => {
    const app = await startApp();
    const mobile = await signIn();
    await chooseLanguage('hi');
    const before = await app.doc('session');
    expect((await logout()).ok).toBe(true);
    const after = await app.doc('session');
    expect(after).toMatchObject({ token: null, loginToken: null, mobile: null, deviceId: before?.deviceId });
    expect(await app.doc('profile')).toBeNull();
    expect((await app.doc('app-language'))?.code).toBe('hi');
    // the old session no longer works on the server
    const stale = await t.call('getProfile', {}, { headers: { mobile, 'session-id': before!.token! } });
    expect(stale.status).toBe(401);
  });

  it('logout while offline still signs out locally', async () => {
    const app = await startApp();
    await signIn();
    app.net.online = false;
    expect((await logout()).ok).toBe(true);
    expect((await app.doc('session'))?.token).toBeNull();
  });

  it('login with the stored token opens a new session; a revoked token clears the stored login', async () => {
    const app = await startApp();
    const mobile = await signIn();
    const first = (await app.doc('session'))!;
    expect((await loginWithStoredToken()).ok).toBe(true);
    const second = (await app.doc('session'))!;
    expect(second.token).not.toBe(first.token);
    expect(second.loginToken).toBe(first.loginToken);

    // another session of this login token signs out on the server: the token is revoked
    await t.ok('logout', {}, { headers: { mobile, 'session-id': second.token! } });
    const res = await loginWithStoredToken();
    expect(res.ok ? null : res.error.key).toBe('sessionExpired');
    expect(await app.doc('session')).toMatchObject({ token: null, loginToken: null });
  });

  it('delete profile removes the account and signs out', async () => {
    const app = await startApp();
    const mobile = await signIn();
    const token = (await app.doc('session'))!.token!;
    expect((await deleteProfile()).ok).toBe(true);
    expect((await app.doc('session'))?.token).toBeNull();
    expect((await t.call('getProfile', {}, { headers: { mobile, 'session-id': token } })).status).toBe(401);
  });
});

describe('401 and 440', () => {
  it('401 with a login token the device still holds: auto-logout prompt; accept fails on the revoked token and goes to login', async () => {
    const app = await startApp();
    const mobile = await signIn();
    const session = (await app.doc('session'))!;
    // the session ends elsewhere (server-side logout revokes the login token too)
    await t.ok('logout', {}, { headers: { mobile, 'session-id': session.token! } });

    const res = await refreshProfile();
    expect(res.ok ? null : res.error.key).toBe('autoLogout');
    expect((await app.doc('sync-status'))?.autoLogoutPrompt).toBe(true);
    expect((await app.doc('session'))?.token).toBe(session.token);

    const outcome = await runDialogAction('auto-logout-accept');
    expect(outcome).toEqual({ ok: true, value: { reload: true, navigateTo: 'login' } });
    expect((await app.doc('sync-status'))?.autoLogoutPrompt).toBe(false);
    expect(await app.doc('session')).toMatchObject({ token: null, loginToken: null });
  });

  it('440 after the 30-day session: token cleared, prompt offered, accept signs in again with the login token', async () => {
    const app = await startApp();
    await signIn();
    const before = (await app.doc('session'))!;
    t.clock.advance(31 * DAY);

    const res = await refreshProfile();
    expect(res.ok ? null : res.error.key).toBe('sessionClosed');
    expect(await app.doc('session')).toMatchObject({ token: null, loginToken: before.loginToken });
    expect((await app.doc('sync-status'))?.autoLogoutPrompt).toBe(true);

    expect(await runDialogAction('auto-logout-accept')).toEqual({ ok: true, value: { reload: true, navigateTo: null } });
    const after = (await app.doc('session'))!;
    expect(after.token).toMatch(/^[0-9a-f]{32}$/);
    expect(after.token).not.toBe(before.token);
    expect((await refreshProfile()).ok).toBe(true);
  });

  it('440 after the login token expired too: signed out without a prompt', async () => {
    const app = await startApp();
    await signIn();
    t.clock.advance(91 * DAY);
    await refreshProfile();
    expect((await app.doc('session'))?.token).toBeNull();
    expect((await app.doc('sync-status'))?.autoLogoutPrompt ?? false).toBe(false);
  });

  it('auto-logout-decline clears the session and goes to login', async () => {
    const app = await startApp();
    const mobile = await signIn();
    const session = (await app.doc('session'))!;
    await t.ok('logout', {}, { headers: { mobile, 'session-id': session.token! } });
    await refreshProfile();
    expect(await runDialogAction('auto-logout-decline')).toEqual({ ok: true, value: { reload: false, navigateTo: 'login' } });
    expect(await app.doc('session')).toMatchObject({ token: null, loginToken: null, deviceId: session.deviceId });
    expect(await app.doc('profile')).toBeNull();
  });
});
