import { afterEach, describe, expect, test } from 'vitest';
import type { AppDatabase } from '../../../src/db/database';
import { MSG } from '../../../src/domain/errors';
import { DEFAULT_AUTH_FLOW, DEFAULT_SETTINGS, appLanguageFor, newSession } from '../../../src/db/defaults';
import { getLocalDoc, observeLocalDoc$, patchLocalDoc, setLocalDoc } from '../../../src/db/local-store';
import { createEngineFlows } from '../../../src/sync/engine';
import { systemClock, type Clock } from '../../../src/sync/http-client';
import { openTestDatabase } from '../db/helpers/fake-db';
import { MOBILE, errorBody, fakeApi, json, noNetwork, profile, tokens } from './helpers/fake-api';

const NOW = 1_750_000_000_000;
const clock: Clock = { ...systemClock, now: () => NOW };

const open: AppDatabase[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close()));
});

/** Closes a database before the test ends: RxDB allows 13 open collections per realm, all databases together. */
async function closeNow(db: AppDatabase): Promise<void> {
  open.splice(open.indexOf(db), 1);
  await db.close();
}

async function setup(handlers: Parameters<typeof fakeApi>[0] = {}) {
  const db = await openTestDatabase();
  open.push(db);
  const api = fakeApi({
    '/api/mobile/send-otp': () => json(200, { message: 'sent', resendAfterSeconds: 59, expiresInSeconds: 300 }),
    '/api/mobile/verify-otp': () => json(200, tokens(NOW)),
    '/api/mobile/logout': () => json(200, { message: 'bye' }),
    ...handlers,
  });
  let ids = 0;
  const flows = createEngineFlows(db, {
    fetch: api.fetch,
    origin: 'http://api.test',
    versionName: '9.9.9',
    clock,
    newDeviceId: () => `device-${++ids}`,
  });
  return { db, api, flows };
}

/** Signed in through the real flows, with the given profile. */
async function signedIn(user: Parameters<typeof tokens>[2] = {}, handlers: Parameters<typeof fakeApi>[0] = {}, tokenOverrides: Parameters<typeof tokens>[1] = {}) {
  const s = await setup({ '/api/mobile/verify-otp': () => json(200, tokens(NOW, tokenOverrides, user)), ...handlers });
  expect((await s.flows.requestOtp(MOBILE)).ok).toBe(true);
  expect((await s.flows.verifyOtp('1234')).ok).toBe(true);
  return s;
}

describe('request OTP', () => {
  test('success: auth-flow fulfilled, otpRequested, resend clock starts', async () => {
    const { db, flows, api } = await setup();
    expect(await flows.requestOtp(MOBILE)).toEqual({ ok: true, value: undefined });
    expect(api.last('/api/mobile/send-otp')?.body).toEqual({ mobile: MOBILE });
    expect(await getLocalDoc(db, 'auth-flow')).toEqual({
      mobile: MOBILE,
      otpRequested: true,
      requestStatus: 'fulfilled',
      confirmStatus: 'idle',
      otpSentAt: NOW,
      error: null,
    });
    // the session doc exists with a device id even before sign-in
    expect((await getLocalDoc(db, 'session'))?.deviceId).toBe('device-1');
  });

  test('423: otpRequest423 with no retry, stored on auth-flow; no connectivity flags', async () => {
    const { db, flows } = await setup({ '/api/mobile/send-otp': () => errorBody(423, 'Number locked') });
    const res = await flows.requestOtp(MOBILE);
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error.key).toBe('otpRequest423');
    expect(res.error.dialog?.actions.map((a) => a.action)).not.toContain('retry-request-otp');
    expect((await getLocalDoc(db, 'auth-flow'))?.requestStatus).toBe('rejected');
    expect((await getLocalDoc(db, 'auth-flow'))?.error).toEqual({ key: 'otpRequest423', status: 423, message: 'Number locked' });
    expect(await getLocalDoc(db, 'sync-status')).toBeNull();
  });

  test('no response: the OTP dialog with retry, and no second (no-internet) dialog via sync-status', async () => {
    const { db, flows } = await setup({ '/api/mobile/send-otp': noNetwork });
    const res = await flows.requestOtp(MOBILE);
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error.key).toBe('otpRequest');
    expect(res.error.status).toBe(0);
    expect(res.error.dialog?.actions.map((a) => a.action)).toContain('retry-request-otp');
    expect((await getLocalDoc(db, 'sync-status'))?.noInternet ?? false).toBe(false);
  });

  test('resendOtp sends again for the stored number', async () => {
    const { flows, api } = await setup();
    await flows.requestOtp(MOBILE);
    await flows.resendOtp();
    expect(api.calls.filter((c) => c.path === '/api/mobile/send-otp')).toHaveLength(2);
  });
});

describe('verify OTP', () => {
  test('success stores session and profile, takes the profile language when none was chosen', async () => {
    const { db } = await signedIn({ language: 'gu', name: 'Asha' });
    const session = await getLocalDoc(db, 'session');
    expect(session).toMatchObject({
      mobile: MOBILE,
      token: 'a'.repeat(32),
      loginToken: 'b'.repeat(32),
      clientSessionId: 'd'.repeat(32),
      profileDetailsFetched: true,
      deviceId: 'device-1',
    });
    expect((await getLocalDoc(db, 'profile'))?.name).toBe('Asha');
    expect(await getLocalDoc(db, 'auth-flow')).toEqual({ ...DEFAULT_AUTH_FLOW, mobile: MOBILE, confirmStatus: 'fulfilled' });
    expect(await getLocalDoc(db, 'app-language')).toMatchObject({ code: 'gu', chosen: true });
  });

  test('an observer never sees a token without the profile (no flash of the wrong route)', async () => {
    const s = await setup({ '/api/mobile/verify-otp': () => json(200, tokens(NOW, {}, { language: 'hi' })) });
    const seen: string[] = [];
    let token = false;
    let prof = false;
    let lang = false;
    const record = () => seen.push(`${token}/${prof}/${lang}`);
    const subs = [
      observeLocalDoc$(s.db, 'session').subscribe((d) => { token = d?.token != null; record(); }),
      observeLocalDoc$(s.db, 'profile').subscribe((d) => { prof = d !== null; record(); }),
      observeLocalDoc$(s.db, 'app-language').subscribe((d) => { lang = d?.chosen === true; record(); }),
    ];
    await s.flows.requestOtp(MOBILE);
    await s.flows.verifyOtp('1234');
    await new Promise((r) => setTimeout(r, 50));
    subs.forEach((x) => x.unsubscribe());
    expect(seen.at(-1)).toBe('true/true/true');
    expect(seen.filter((v) => v.startsWith('true/') && v !== 'true/true/true')).toEqual([]);
  });

  test('a language chosen before sign-in is sent to the profile', async () => {
    const s = await setup({ '/api/user/update-profile': (req) => json(200, profile({ language: (req.body as { language: 'te' }).language })) });
    await setLocalDoc(s.db, 'app-language', appLanguageFor('te', true));
    await s.flows.requestOtp(MOBILE);
    await s.flows.verifyOtp('1234');
    const update = s.api.last('/api/user/update-profile');
    expect(update?.body).toEqual({ language: 'te' });
    expect(update?.headers.get('session-id')).toBe('a'.repeat(32));
    expect(update?.headers.get('language')).toBe('te');
    expect((await getLocalDoc(s.db, 'profile'))?.language).toBe('te');
  });

  test.each([
    [401, 'otpConfirm401'],
    [412, 'otpConfirm412'],
    [423, 'otpConfirm423'],
    [429, 'otpConfirm429'],
    [400, 'otpConfirm'],
  ])('%i maps to %s, inline, and does not touch the session', async (status, key) => {
    const { db, flows } = await setup({ '/api/mobile/verify-otp': () => errorBody(status, 'nope') });
    await flows.requestOtp(MOBILE);
    const res = await flows.verifyOtp('0000');
    expect(res.ok ? null : res.error.key).toBe(key);
    expect((await getLocalDoc(db, 'auth-flow'))?.confirmStatus).toBe('rejected');
    expect((await getLocalDoc(db, 'session'))?.token).toBeNull();
    expect((await getLocalDoc(db, 'sync-status'))?.autoLogoutPrompt ?? false).toBe(false);
  });

  test('no response: noResponse error and the no-internet flag', async () => {
    const { db, flows } = await setup({ '/api/mobile/verify-otp': noNetwork });
    await flows.requestOtp(MOBILE);
    const res = await flows.verifyOtp('1234');
    expect(res.ok ? null : res.error.key).toBe('noResponse');
    expect((await getLocalDoc(db, 'sync-status'))?.noInternet).toBe(true);
  });

  test('a malformed 200 answer is refused, not stored', async () => {
    const { db, flows } = await setup({ '/api/mobile/verify-otp': () => json(200, { token: 1 }) });
    await flows.requestOtp(MOBILE);
    const res = await flows.verifyOtp('1234');
    expect(res.ok).toBe(false);
    expect((await getLocalDoc(db, 'session'))?.token).toBeNull();
  });
});

describe('status classes on authenticated calls', () => {
  test.each([
    [500, 'server5xx'],
    [502, 'server502'],
    [503, 'server503'],
    [504, 'server504'],
  ])('%i sets sync-status.serverError and returns %s', async (status, key) => {
    const { db, flows } = await signedIn({}, { '/api/user/get-profile': () => errorBody(status, 'down') });
    const res = await flows.refreshProfile();
    expect(res.ok ? null : res.error.key).toBe(key);
    expect((await getLocalDoc(db, 'sync-status'))?.serverError).toEqual({ status });
    expect((await getLocalDoc(db, 'session'))?.token).toBe('a'.repeat(32));
  });

  test('another non-200 is badStatus with the {status}:-{message} text, no flags', async () => {
    const { db, flows } = await signedIn({}, { '/api/user/update-profile': () => errorBody(400, 'name must not be blank') });
    const res = await flows.updateProfile({ name: 'x' });
    // the '{status}:-{message}' text: textId error.badStatus.withMessage with both values
    expect(res.ok ? null : res.error).toMatchObject({
      key: 'badStatus',
      status: 400,
      textId: MSG.badStatusWithMessage,
      values: { status: 400, message: 'name must not be blank' },
    });
    const status = await getLocalDoc(db, 'sync-status');
    expect(status?.serverError ?? null).toBeNull();
    expect(status?.noInternet ?? false).toBe(false);
  });

  test('a timeout is cancelled: nothing shown, no flags', async () => {
    const s = await signedIn();
    const slow = createEngineFlows(s.db, {
      fetch: (_i, init) => new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      origin: 'http://api.test',
      versionName: 'v',
      timeoutMs: 10,
    });
    const res = await slow.refreshProfile();
    expect(res.ok ? null : res.error.key).toBe('cancelled');
    expect(res.ok ? null : res.error.dialog).toBeUndefined();
    expect((await getLocalDoc(s.db, 'sync-status'))?.noInternet ?? false).toBe(false);
  });

  test('401 with a usable login token: auto-logout prompt, session kept', async () => {
    const { db, flows } = await signedIn({}, { '/api/user/get-profile': () => errorBody(401, 'Unauthorised') });
    const res = await flows.refreshProfile();
    expect(res.ok ? null : res.error.key).toBe('autoLogout');
    expect((await getLocalDoc(db, 'sync-status'))?.autoLogoutPrompt).toBe(true);
    expect((await getLocalDoc(db, 'session'))?.token).toBe('a'.repeat(32));
  });

  test('401 with an expired login token: local data cleared, something-went-wrong, device id and language kept', async () => {
    const { db, flows } = await signedIn({ language: 'hi', name: 'Asha' }, { '/api/user/get-profile': () => errorBody(401, 'Unauthorised') }, { loginTokenExpiry: NOW - 1 });
    await patchLocalDoc(db, 'settings', { homeTab: 'chat' }, DEFAULT_SETTINGS);
    const res = await flows.refreshProfile();
    expect(res.ok ? null : res.error.key).toBe('sessionExpired');
    expect(res.ok ? null : res.error.dialog?.image).toBe('something-went-wrong');
    const session = await getLocalDoc(db, 'session');
    expect(session).toMatchObject({ token: null, loginToken: null, mobile: null, deviceId: 'device-1' });
    expect(await getLocalDoc(db, 'profile')).toBeNull();
    expect((await getLocalDoc(db, 'sync-status'))?.sessionExpired).toBe(true);
    expect((await getLocalDoc(db, 'app-language'))?.code).toBe('hi');
    expect((await getLocalDoc(db, 'settings'))?.homeTab).toBe('chat');
  });

  test('440 clears the token and the selected bot', async () => {
    const { db, flows } = await signedIn({}, { '/api/user/get-profile': () => errorBody(440, 'Session closed') });
    await patchLocalDoc(db, 'session', { selectedBot: { bot_uuid: 'b1', name: 'Bot' } }, (await getLocalDoc(db, 'session'))!);
    const res = await flows.refreshProfile();
    expect(res.ok ? null : res.error.key).toBe('sessionClosed');
    expect(await getLocalDoc(db, 'session')).toMatchObject({ token: null, selectedBot: null, mobile: MOBILE, loginToken: 'b'.repeat(32) });
    // the login token is still good: offer to sign in again with it
    expect((await getLocalDoc(db, 'sync-status'))?.autoLogoutPrompt).toBe(true);
  });

  test('440 with an expired login token: signed out, no prompt', async () => {
    const { db, flows } = await signedIn({}, { '/api/user/get-profile': () => errorBody(440, 'Session expired') }, { loginTokenExpiry: NOW - 1 });
    await flows.refreshProfile();
    expect((await getLocalDoc(db, 'session'))?.token).toBeNull();
    expect((await getLocalDoc(db, 'sync-status'))?.autoLogoutPrompt ?? false).toBe(false);
  });
});

describe('logout and other sign-outs', () => {
  test('logout sends the device id, then clears session, profile and auth flow; keeps device id, language, settings, geo cache', async () => {
    const { db, flows, api } = await signedIn({ language: 'mr' }, {
      '/api/user/get-states': () => json(200, { states: [{ code: 'MH', name: 'Maharashtra' }] }),
    });
    await flows.loadStates('IN');
    await patchLocalDoc(db, 'settings', { boldText: true }, DEFAULT_SETTINGS);
    expect((await flows.logout()).ok).toBe(true);
    const call = api.last('/api/mobile/logout');
    expect(call?.body).toEqual({ deviceId: 'device-1' });
    expect(call?.headers.get('mobile')).toBe(MOBILE);
    const session = await getLocalDoc(db, 'session');
    expect(session).toMatchObject({ token: null, loginToken: null, mobile: null, clientSessionId: null, profileDetailsFetched: false, deviceId: 'device-1' });
    expect(await getLocalDoc(db, 'profile')).toBeNull();
    expect(await getLocalDoc(db, 'auth-flow')).toEqual(DEFAULT_AUTH_FLOW);
    expect((await getLocalDoc(db, 'app-language'))?.code).toBe('mr');
    expect((await getLocalDoc(db, 'settings'))?.boldText).toBe(true);
    expect((await getLocalDoc(db, 'geo-cache'))?.states.IN?.list).toHaveLength(1);
  });

  test('logout clears even when the server call fails', async () => {
    for (const handler of [noNetwork, () => errorBody(500, 'down'), () => errorBody(401, 'gone')]) {
      const { db, flows } = await signedIn({}, { '/api/mobile/logout': handler });
      expect((await flows.logout()).ok).toBe(true);
      expect((await getLocalDoc(db, 'session'))?.token).toBeNull();
      expect(await getLocalDoc(db, 'profile')).toBeNull();
      await closeNow(db);
    }
  });

  test('login with the stored token: a refusal clears login data and caches; a 503, a 429 or no answer keeps them', async () => {
    for (const [handler, cleared] of [
      [() => errorBody(401, 'bad token'), true],
      [() => errorBody(503, 'down'), false],
      [() => errorBody(429, 'Too many sign-ins with this login token'), false],
      [noNetwork, false],
    ] as const) {
      const s = await signedIn({}, {
        '/api/mobile/login-with-token': handler,
        '/api/user/get-states': () => json(200, { states: [{ code: 'GJ', name: 'Gujarat' }] }),
      });
      await s.flows.loadStates('IN');
      const res = await s.flows.loginWithStoredToken();
      expect(res.ok).toBe(false);
      expect((await getLocalDoc(s.db, 'session'))?.loginToken === null).toBe(cleared);
      expect((await getLocalDoc(s.db, 'geo-cache')) === null).toBe(cleared);
      await closeNow(s.db);
    }
  });

  test('login with the stored token: success refreshes the session', async () => {
    const s = await signedIn({}, { '/api/mobile/login-with-token': () => json(200, tokens(NOW, { token: 'e'.repeat(32) })) });
    expect((await s.flows.loginWithStoredToken()).ok).toBe(true);
    expect(s.api.last('/api/mobile/login-with-token')?.body).toEqual({ mobile: MOBILE, loginToken: 'b'.repeat(32) });
    expect((await getLocalDoc(s.db, 'session'))?.token).toBe('e'.repeat(32));
  });

  test('delete profile sends the device id and signs out', async () => {
    const s = await signedIn({}, { '/api/user/delete-profile': () => json(200, { message: 'deleted' }) });
    expect((await s.flows.deleteProfile()).ok).toBe(true);
    expect(s.api.last('/api/user/delete-profile')?.body).toEqual({ device_id: 'device-1' });
    expect((await getLocalDoc(s.db, 'session'))?.token).toBeNull();
  });
});

describe('profile and geo lists', () => {
  test('saveLocation sends the profile country with the state and city', async () => {
    const s = await signedIn({ country_code: 'SG' }, {
      '/api/user/update-profile': () => json(200, profile({ country_code: 'SG', state: { code: 'SG-01', name: 'Central' }, city: 'Singapore' })),
    });
    const res = await s.flows.saveLocation('SG-01', 'Singapore');
    expect(res.ok).toBe(true);
    expect(s.api.last('/api/user/update-profile')?.body).toEqual({ country_code: 'SG', state_code: 'SG-01', city: 'Singapore' });
    expect((await getLocalDoc(s.db, 'profile'))?.state?.code).toBe('SG-01');
  });

  test('states and cities are cached and served offline without a no-internet dialog', async () => {
    const s = await signedIn({}, {
      '/api/user/get-states': () => json(200, { states: [{ code: 'GJ', name: 'Gujarat' }] }),
      '/api/user/get-cities': () => json(200, { cities: [{ name: 'Surat' }] }),
    });
    expect(await s.flows.loadStates('IN')).toEqual({ ok: true, value: [{ code: 'GJ', name: 'Gujarat' }] });
    expect(await s.flows.loadCities('IN', 'GJ')).toEqual({ ok: true, value: [{ name: 'Surat' }] });
    s.api.on('/api/user/get-states', noNetwork);
    s.api.on('/api/user/get-cities', () => errorBody(503, 'down'));
    expect(await s.flows.loadStates('IN')).toEqual({ ok: true, value: [{ code: 'GJ', name: 'Gujarat' }] });
    expect(await s.flows.loadCities('IN', 'GJ')).toEqual({ ok: true, value: [{ name: 'Surat' }] });
    const status = await getLocalDoc(s.db, 'sync-status');
    expect(status?.noInternet ?? false).toBe(false);
    expect(status?.serverError ?? null).toBeNull();
    // nothing cached for another country: the failure is reported
    const res = await s.flows.loadStates('TH');
    expect(res.ok ? null : res.error.key).toBe('noResponse');
    expect((await getLocalDoc(s.db, 'sync-status'))?.noInternet).toBe(true);
  });

  test('chooseLanguage signed out stays local; signed in it updates the profile', async () => {
    const s = await setup({ '/api/user/update-profile': () => json(200, profile({ language: 'hi' })) });
    expect((await s.flows.chooseLanguage('hi')).ok).toBe(true);
    expect(s.api.last('/api/user/update-profile')).toBeUndefined();
    expect(await getLocalDoc(s.db, 'app-language')).toMatchObject({ code: 'hi', chosen: true });
    await s.flows.requestOtp(MOBILE);
    await s.flows.verifyOtp('1234');
    await s.flows.chooseLanguage('hi');
    expect(s.api.last('/api/user/update-profile')?.body).toEqual({ language: 'hi' });
  });
});

describe('dialog actions', () => {
  test('retry-request-otp sends the code again', async () => {
    const { flows, api } = await setup();
    await flows.requestOtp(MOBILE);
    expect(await flows.runDialogAction('retry-request-otp')).toEqual({ ok: true, value: { reload: false, navigateTo: null } });
    expect(api.calls.filter((c) => c.path === '/api/mobile/send-otp')).toHaveLength(2);
  });

  test('logout-accept signs out, replaces the device id and asks for a reload', async () => {
    const { db, flows } = await signedIn();
    expect(await flows.runDialogAction('logout-accept')).toEqual({ ok: true, value: { reload: true, navigateTo: 'login' } });
    const session = await getLocalDoc(db, 'session');
    expect(session?.token).toBeNull();
    expect(session?.deviceId).not.toBe('device-1');
  });

  test('logout-decline, edit-mobile and update-app-version-decline only close', async () => {
    const { db, flows } = await signedIn();
    for (const action of ['logout-decline', 'edit-mobile', 'update-app-version-decline'] as const) {
      expect(await flows.runDialogAction(action)).toEqual({ ok: true, value: { reload: false, navigateTo: null } });
    }
    expect((await getLocalDoc(db, 'session'))?.token).toBe('a'.repeat(32));
  });

  test('auto-logout-accept logs in again with the token, drops the prompt and reloads', async () => {
    const s = await signedIn({}, {
      '/api/user/get-profile': () => errorBody(401, 'Unauthorised'),
      '/api/mobile/login-with-token': () => json(200, tokens(NOW, { token: 'f'.repeat(32) })),
    });
    await s.flows.refreshProfile();
    expect((await getLocalDoc(s.db, 'sync-status'))?.autoLogoutPrompt).toBe(true);
    expect(await s.flows.runDialogAction('auto-logout-accept')).toEqual({ ok: true, value: { reload: true, navigateTo: null } });
    expect((await getLocalDoc(s.db, 'sync-status'))?.autoLogoutPrompt).toBe(false);
    expect((await getLocalDoc(s.db, 'session'))?.token).toBe('f'.repeat(32));
  });

  test('auto-logout-accept offline keeps the prompt for a later try', async () => {
    const s = await signedIn({}, { '/api/user/get-profile': () => errorBody(401, 'x'), '/api/mobile/login-with-token': noNetwork });
    await s.flows.refreshProfile();
    const res = await s.flows.runDialogAction('auto-logout-accept');
    expect(res.ok ? null : res.error.key).toBe('noResponse');
    expect((await getLocalDoc(s.db, 'sync-status'))?.autoLogoutPrompt).toBe(true);
  });

  test('auto-logout-decline clears the session (standalone-with-auth keeps its bot) and goes to login', async () => {
    const s = await signedIn();
    const session = (await getLocalDoc(s.db, 'session'))!;
    await setLocalDoc(s.db, 'session', { ...session, isStandaloneWithAuth: true, selectedBot: { bot_uuid: 'b1', name: 'Bot' } });
    await patchLocalDoc(s.db, 'sync-status', { autoLogoutPrompt: true }, (await getLocalDoc(s.db, 'sync-status'))!);
    expect(await s.flows.runDialogAction('auto-logout-decline')).toEqual({ ok: true, value: { reload: false, navigateTo: 'login' } });
    expect(await getLocalDoc(s.db, 'session')).toMatchObject({ token: null, loginToken: null, selectedBot: { bot_uuid: 'b1', name: 'Bot' } });
    expect((await getLocalDoc(s.db, 'sync-status'))?.autoLogoutPrompt).toBe(false);
  });

  test('edit-mobile-decline resets otpRequested and goes to login', async () => {
    const { db, flows } = await setup();
    await flows.requestOtp(MOBILE);
    expect(await flows.runDialogAction('edit-mobile-decline')).toEqual({ ok: true, value: { reload: false, navigateTo: 'login' } });
    expect(await getLocalDoc(db, 'auth-flow')).toMatchObject({ mobile: MOBILE, otpRequested: false });
  });

  test('update-app-version reloads; default closes and clears what would reopen the dialog', async () => {
    const { db, flows } = await setup({ '/api/mobile/send-otp': () => errorBody(400, 'bad') });
    await patchLocalDoc(db, 'sync-status', { updateAvailable: true, noInternet: true, serverError: { status: 502 } }, (await getLocalDoc(db, 'sync-status')) ?? {
      online: true, socketState: -1, unauthorised: false, autoLogoutPrompt: false, noInternet: false, serverError: null, updateAvailable: false,
    });
    expect(await flows.runDialogAction('update-app-version')).toEqual({ ok: true, value: { reload: true, navigateTo: null } });
    await flows.requestOtp(MOBILE);
    expect((await getLocalDoc(db, 'auth-flow'))?.error).not.toBeNull();
    await flows.runDialogAction('default');
    expect(await getLocalDoc(db, 'sync-status')).toMatchObject({ updateAvailable: false, noInternet: false, serverError: null });
    expect((await getLocalDoc(db, 'auth-flow'))?.error).toBeNull();
  });
});

describe('standalone start-session (spec part 1 §7)', () => {
  const BOT = '1000000000000001';
  const USER = '0190a0b0-0000-7000-8000-000000000001';
  const SESSION = 'b'.repeat(32);

  test('without sign-in: sends the device id and bot, stores the web session; later calls carry the standalone headers', async () => {
    const s = await setup({
      '/api/web/user/start-session': () => json(200, { user_uuid: USER, session_id: SESSION, bot_uuid: BOT }),
      '/api/web/bot/get-configuration': () => json(200, { bot_uuid: BOT }),
    });
    const before = (await getLocalDoc(s.db, 'session'))?.deviceId;
    expect((await s.flows.startStandaloneSession(BOT, { payload: { page: 'co-op' } })).ok).toBe(true);
    const sent = s.api.last('/api/web/user/start-session');
    const session = (await getLocalDoc(s.db, 'session'))!;
    expect(sent?.body).toEqual({ device_id: session.deviceId, bot_uuid: BOT, payload: { page: 'co-op' } });
    if (before) expect(session.deviceId).toBe(before);
    expect(session).toMatchObject({ isStandalone: true, isStandaloneWithAuth: false, token: SESSION, userUuid: USER, mobile: null, selectedBot: { bot_uuid: BOT } });
    await s.flows.loadBotConfiguration(BOT);
    const call = s.api.last('/api/web/bot/get-configuration');
    expect(Object.fromEntries(new Headers(call?.headers).entries())).toMatchObject({ 'device-id': session.deviceId, 'session-id': SESSION, 'bot-id': BOT, 'user-id': USER, 'package-name': 'web' });
  });

  test('with sign-in: the access token goes along and the session is standalone-with-auth', async () => {
    const s = await setup({ '/api/web/user/start-session': () => json(200, { user_uuid: USER, session_id: SESSION, bot_uuid: BOT }) });
    expect((await s.flows.startStandaloneSession(BOT, { accessToken: 'c'.repeat(32) })).ok).toBe(true);
    expect(s.api.last('/api/web/user/start-session')?.body).toMatchObject({ access_token: 'c'.repeat(32), bot_uuid: BOT });
    expect(await getLocalDoc(s.db, 'session')).toMatchObject({ isStandaloneWithAuth: true, token: SESSION });
  });

  test('a start-session answering another user first clears the previous user\'s data; the same user keeps it', async () => {
    let answerUser = USER;
    const s = await setup({ '/api/web/user/start-session': () => json(200, { user_uuid: answerUser, session_id: SESSION, bot_uuid: BOT }) });
    expect((await s.flows.startStandaloneSession(BOT)).ok).toBe(true);
    await setLocalDoc(s.db, 'profile', profile({ name: 'Guest notes' }));
    expect((await s.flows.startStandaloneSession(BOT)).ok).toBe(true);
    expect((await getLocalDoc(s.db, 'profile'))?.name).toBe('Guest notes');
    // the embedding page's signed-in user: another user on this device
    answerUser = '0190a0b0-0000-7000-8000-000000000002';
    expect((await s.flows.startStandaloneSession(BOT, { accessToken: 'c'.repeat(32) })).ok).toBe(true);
    expect(await getLocalDoc(s.db, 'profile')).toBeNull();
    expect(await getLocalDoc(s.db, 'session')).toMatchObject({ userUuid: answerUser, isStandaloneWithAuth: true, token: SESSION, selectedBot: { bot_uuid: BOT } });
  });

  test('a refused start-session stores no session', async () => {
    const refused = await setup({ '/api/web/user/start-session': () => errorBody(401, 'The access token is unknown, revoked or expired') });
    expect((await refused.flows.startStandaloneSession(BOT, { accessToken: 'd'.repeat(32) })).ok).toBe(false);
    expect((await getLocalDoc(refused.db, 'session'))?.token ?? null).toBeNull();
  });
});

describe('logout-decline in standalone mode (spec part 1 §4: "restarts login with the stored device id")', () => {
  const BOT = '1000000000000001';
  const USER = '0190a0b0-0000-7000-8000-000000000001';

  async function guestSession(handler: () => Response) {
    const s = await setup({ '/api/web/user/start-session': handler });
    await setLocalDoc(s.db, 'session', {
      ...newSession('stored-device-0001'),
      isStandalone: true, token: 'e'.repeat(32), userUuid: USER, selectedBot: { bot_uuid: BOT, name: 'Echo' },
    });
    return s;
  }

  test('a guest: start-session again for the stored bot with the stored device id (not a new one); the dialog closes', async () => {
    const s = await guestSession(() => json(200, { user_uuid: USER, session_id: 'f'.repeat(32), bot_uuid: BOT }));
    expect(await s.flows.runDialogAction('logout-decline')).toEqual({ ok: true, value: { reload: false, navigateTo: null } });
    expect(s.api.last('/api/web/user/start-session')?.body).toEqual({ device_id: 'stored-device-0001', bot_uuid: BOT });
    expect(await getLocalDoc(s.db, 'session')).toMatchObject({ deviceId: 'stored-device-0001', token: 'f'.repeat(32), isStandalone: true, selectedBot: { bot_uuid: BOT } });
  });

  test('a refused restart answers its error (the dialog can say so) and keeps the device id', async () => {
    const s = await guestSession(() => errorBody(404, 'Invalid bot id'));
    const res = await s.flows.runDialogAction('logout-decline');
    expect(res.ok).toBe(false);
    expect((await getLocalDoc(s.db, 'session'))?.deviceId).toBe('stored-device-0001');
  });

  test('standalone-with-auth (the page holds the token) only closes: no start-session (a member: "only close" above)', async () => {
    const s = await guestSession(() => json(200, { user_uuid: USER, session_id: 'f'.repeat(32), bot_uuid: BOT }));
    await patchLocalDoc(s.db, 'session', { isStandaloneWithAuth: true }, (await getLocalDoc(s.db, 'session'))!);
    expect(await s.flows.runDialogAction('logout-decline')).toEqual({ ok: true, value: { reload: false, navigateTo: null } });
    expect(s.api.last('/api/web/user/start-session')).toBeUndefined();
  });
});

describe('standalone 401 rules (spec part 1 §4)', () => {
  const BOT = '1000000000000001';
  async function standalone(withAuth: boolean, status: number) {
    const s = await signedIn({}, { '/api/web/bot/get-configuration': () => errorBody(status, 'Unauthorised'), '/api/web/user/get-profile': () => errorBody(401, 'Unauthorised') });
    const session = (await getLocalDoc(s.db, 'session'))!;
    await setLocalDoc(s.db, 'session', { ...session, isStandalone: true, isStandaloneWithAuth: withAuth, selectedBot: { bot_uuid: BOT, name: 'Echo' } });
    return { ...s, deviceId: session.deviceId };
  }

  test('a 401 on the configuration call clears the token and the mobile and assigns a new device id', async () => {
    const s = await standalone(false, 401);
    expect((await s.flows.loadBotConfiguration(BOT)).ok).toBe(false);
    expect(s.api.last('/api/web/bot/get-configuration')).toBeDefined();
    const after = (await getLocalDoc(s.db, 'session'))!;
    expect(after).toMatchObject({ token: null, mobile: null, isStandalone: true });
    expect(after.deviceId).not.toBe(s.deviceId);
    // no auto-logout prompt in standalone mode
    expect((await getLocalDoc(s.db, 'sync-status'))?.autoLogoutPrompt ?? false).toBe(false);
  });

  test('standalone-with-auth (the extension supplies the token) keeps the device id', async () => {
    const s = await standalone(true, 401);
    await s.flows.loadBotConfiguration(BOT);
    const after = (await getLocalDoc(s.db, 'session'))!;
    expect(after).toMatchObject({ token: null, mobile: null });
    expect(after.deviceId).toBe(s.deviceId);
  });

  test('a 401 on another call in standalone mode changes nothing but reports it', async () => {
    const s = await standalone(false, 401);
    const res = await s.flows.refreshProfile();
    expect(res.ok).toBe(false);
    expect((await getLocalDoc(s.db, 'session'))).toMatchObject({ token: expect.any(String), mobile: MOBILE, deviceId: s.deviceId });
  });

  test('a 440 on the configuration call clears the token and the selected bot', async () => {
    const s = await standalone(false, 440);
    await s.flows.loadBotConfiguration(BOT);
    expect(await getLocalDoc(s.db, 'session')).toMatchObject({ token: null, selectedBot: null, deviceId: s.deviceId });
  });
});
