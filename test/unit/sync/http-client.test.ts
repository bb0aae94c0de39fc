import { describe, expect, test } from 'vitest';
import { createHttpClient, headersFor, pathFor, type Clock, type RequestContext } from '../../../src/sync/http-client';
import { BadAnswerError } from '../../../src/domain/bad-answer-error';
import { BadStatusError, CancelError, NoResponseError, badStatusText } from '../../../src/domain/errors';

interface Seen { url: string; init: RequestInit }

const signedIn: RequestContext = {
  mobile: '+919876543210',
  sessionId: 'a'.repeat(32),
  deviceId: 'dev-1',
  isStandalone: false,
  language: 'hi',
};

function client(respond: (seen: Seen) => Response | Promise<Response>, ctx: RequestContext = signedIn, clock?: Clock) {
  const seen: Seen[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const s = { url: String(input), init: init ?? {} };
    seen.push(s);
    return respond(s);
  };
  const http = createHttpClient({ fetch, origin: 'http://api.test', versionName: '1.2.3', context: () => ctx, ...(clock ? { clock } : {}) });
  return { http, seen };
}

/** A get-profile answer that matches the contract. */
const PROFILE = {
  user_uuid: 'u1', mobile: '+919876543210', name: 'Asha', email: '', gender: null, dob: null, country_code: 'IN', country_name: 'India',
  state: null, city: '', photo: null, language: 'en', profileComplete: true,
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const headersOf = (s: Seen | undefined) => new Headers(s?.init.headers);

describe('URLs and headers', () => {
  test('an auth route carries mobile, session-id, package-name pwa, version-name and language', async () => {
    const { http, seen } = client(() => json(200, { states: [] }));
    await http.call('getStates', { country_code: 'IN' });
    expect(seen[0]?.url).toBe('http://api.test/api/user/get-states');
    expect(seen[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(seen[0]?.init.body))).toEqual({ country_code: 'IN' });
    const h = headersOf(seen[0]);
    expect(h.get('mobile')).toBe('+919876543210');
    expect(h.get('session-id')).toBe('a'.repeat(32));
    expect(h.get('package-name')).toBe('pwa');
    expect(h.get('version-name')).toBe('1.2.3');
    expect(h.get('language')).toBe('hi');
    expect(h.get('content-type')).toBe('application/json');
    expect(h.get('device-id')).toBeNull();
  });

  test('a public route carries no mobile or session-id, but package-name, version-name and language', async () => {
    const { http, seen } = client(() => json(200, { message: 'ok', resendAfterSeconds: 59, expiresInSeconds: 300 }));
    await http.call('sendOtp', { mobile: '+919876543210' });
    const h = headersOf(seen[0]);
    expect(h.get('mobile')).toBeNull();
    expect(h.get('session-id')).toBeNull();
    expect(h.get('package-name')).toBe('pwa');
    expect(h.get('language')).toBe('hi');
  });

  test('a GET route sends no body', async () => {
    const { http, seen } = client(() => json(200, PROFILE));
    await http.call('getProfile', {});
    expect(seen[0]?.init.method).toBe('GET');
    expect(seen[0]?.init.body).toBeUndefined();
    expect(headersOf(seen[0]).get('content-type')).toBeNull();
  });

  test('standalone mode rewrites auth routes to the web variant, sends package-name web and the device id instead of mobile', async () => {
    const standalone = { ...signedIn, isStandalone: true };
    const { http, seen } = client((s) => json(200, s.url.endsWith('/send-otp') ? { message: 'sent', resendAfterSeconds: 30, expiresInSeconds: 300 } : PROFILE), standalone);
    await http.call('getProfile', {});
    expect(seen[0]?.url).toBe('http://api.test/api/web/user/get-profile');
    const h = headersOf(seen[0]);
    expect(h.get('package-name')).toBe('web');
    expect(h.get('device-id')).toBe('dev-1');
    expect(h.get('mobile')).toBeNull();
    expect(h.get('session-id')).toBe('a'.repeat(32));
    expect(h.get('bot-id')).toBeNull();
    // public routes are not rewritten
    await http.call('sendOtp', { mobile: '+919876543210' });
    expect(seen[1]?.url).toBe('http://api.test/api/mobile/send-otp');
    expect(headersOf(seen[1]).get('package-name')).toBe('pwa');
  });

  test('standalone calls carry the bot id and the user id start-session answered (spec part 1 §6)', () => {
    const ctx = { ...signedIn, isStandalone: true, botId: '1000000000000001', userUuid: 'u-1' };
    expect(headersFor('getProfile', '/api/web/user/get-profile', ctx, 'v')).toMatchObject({ 'device-id': 'dev-1', 'session-id': 'a'.repeat(32), 'bot-id': '1000000000000001', 'user-id': 'u-1' });
    // start-session lives on /api/web/ itself: package-name web, no session headers
    expect(pathFor('startSession', true)).toBe('/api/web/user/start-session');
    expect(headersFor('startSession', pathFor('startSession', true), ctx, 'v')).toEqual({ 'package-name': 'web', 'version-name': 'v', language: 'hi' });
    // not standalone: neither header
    expect(headersFor('getProfile', '/api/user/get-profile', { ...ctx, isStandalone: false }, 'v')['bot-id']).toBeUndefined();
  });

  test('pathFor and headersFor follow packageNameFor', () => {
    expect(pathFor('logout', false)).toBe('/api/mobile/logout');
    expect(pathFor('logout', true)).toBe('/api/web/mobile/logout');
    expect(headersFor('logout', '/api/web/mobile/logout', signedIn, 'v')['package-name']).toBe('web');
    expect(headersFor('logout', '/api/mobile/logout', { ...signedIn, language: 'te' }, 'v')).toMatchObject({ 'package-name': 'pwa', language: 'te' });
  });

  test('a signed-out context sends no empty mobile or session-id headers', () => {
    const h = headersFor('getProfile', '/api/user/get-profile', { ...signedIn, mobile: null, sessionId: null }, 'v');
    expect(h).not.toHaveProperty('mobile');
    expect(h).not.toHaveProperty('session-id');
  });
});

describe('answers and failures', () => {
  test('200 returns the parsed body; 204 succeeds without one', async () => {
    const { http } = client(() => json(200, { states: [{ code: 'GJ', name: 'Gujarat' }] }));
    expect(await http.call('getStates', { country_code: 'IN' })).toEqual({ states: [{ code: 'GJ', name: 'Gujarat' }] });
    const empty = client(() => new Response(null, { status: 204 }));
    const subscription = { endpoint: 'https://push.test/1', keys: { p256dh: 'x', auth: 'y' } };
    await expect(empty.http.call('savePwaSubscription', { subscription, timestamp: 1, deviceId: 'd' })).resolves.toEqual({});
  });

  test('no response (fetch rejects) is a NoResponseError', async () => {
    const { http } = client(() => Promise.reject(new TypeError('fetch failed')));
    const err = await http.call('getStates', { country_code: 'IN' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NoResponseError);
    expect((err as Error).message).toBe('Response not received from server');
  });

  test.each([
    [500, 'boom'],
    [502, undefined],
    [503, undefined],
    [504, undefined],
    [401, 'Unauthorised'],
    [440, 'Session closed'],
    [404, 'Not Found'],
    [400, 'mobile must be a dial code'],
    [201, undefined],
  ])('status %i is a BadStatusError with the {status}:-{message} text', async (status, message) => {
    const { http } = client(() => (message ? json(status, { statusCode: status, error: 'x', message }) : new Response('', { status })));
    const err = await http.call('getStates', { country_code: 'IN' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadStatusError);
    expect((err as BadStatusError).status).toBe(status);
    expect((err as BadStatusError).serverMessage).toBe(message);
    expect((err as Error).message).toBe(badStatusText(status, message));
    expect((err as Error).message).toBe(message ? `${status}:-${message}` : `${status}:-Bad Status`);
  });

  test("a refusal carries the body's reason and the Retry-After wait (seconds or an HTTP date)", async () => {
    let answer = () => new Response(JSON.stringify({ statusCode: 412, error: 'x', message: 'expired', reason: 'expired' }), { status: 412 });
    const { http } = client(() => answer());
    const call = () => http.call('verifyOtp', { mobile: '+919876543210', otp: '1234' }).then(() => { throw new Error('answered 200'); }, (e: unknown) => e as BadStatusError);
    expect((await call()).detail).toEqual({ reason: 'expired' });
    answer = () => new Response(JSON.stringify({ statusCode: 423, error: 'x', message: 'locked' }), { status: 423, headers: { 'retry-after': '3600' } });
    expect((await call()).detail).toEqual({ retryAfterSeconds: 3600 });
    answer = () => new Response('', { status: 429, headers: { 'retry-after': new Date(Date.now() + 42_500).toUTCString() } });
    expect((await call()).detail.retryAfterSeconds).toBeGreaterThanOrEqual(41);
    expect((await call()).detail.retryAfterSeconds).toBeLessThanOrEqual(43);
    answer = () => new Response('nope', { status: 429, headers: { 'retry-after': 'soon' } });
    expect((await call()).detail).toEqual({});
  });

  test('an HTML error page is not taken as the server message', async () => {
    const { http } = client(() => new Response('<html><body>Bad gateway</body></html>', { status: 502 }));
    const err = await http.call('getStates', { country_code: 'IN' }).catch((e: unknown) => e);
    expect((err as Error).message).toBe('502:-Bad Status');
  });

  test('a 200 that is not JSON is a reported bad answer, not a crash', async () => {
    const { http } = client(() => new Response('not json', { status: 200 }));
    const err = await http.call('getStates', { country_code: 'IN' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadStatusError);
    expect(err).toBeInstanceOf(BadAnswerError);
    expect((err as BadAnswerError).issues).toEqual([{ path: [], message: 'the answer is not JSON' }]);
  });

  test.each([
    ['getStates', { country_code: 'IN' }, { states: [{ code: 'GJ' }] }, ['states', 0, 'name']],
    ['getMessages', { bot_uuid: '1000000000000001', direction: 'backward' }, { messages: 'none', next_token: null, forward_token: null }, ['messages']],
    ['getProfile', {}, { user_uuid: 'u1' }, ['mobile']],
    // (the remote config is not refused whole for one bad flag: app-checks.test.ts)
    ['getRemoteConfig', {}, ['not', 'an', 'object'], []],
  ] as const)('a 200 of %s that fails its schema is a BadAnswerError with the route and the issues, told to onBadAnswer', async (route, body, answer, path) => {
    const told: BadAnswerError[] = [];
    const http = createHttpClient({ fetch: async () => json(200, answer), origin: 'http://api.test', versionName: '1', context: () => signedIn, onBadAnswer: (e) => told.push(e) });
    const err = await http.call(route, body as never).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadAnswerError);
    const bad = err as BadAnswerError;
    expect(bad.kind).toBe('bad-answer');
    expect(bad.route).toBe(route);
    expect(bad.status).toBe(200);
    expect(bad.message).toBe('200:-Malformed response');
    expect(bad.issues.map((i) => i.path)).toContainEqual(path);
    expect(told).toEqual([bad]);
  });

  test('a page with one malformed message keeps the others: that message is skipped, the page is not refused', async () => {
    const good = { message_id: 'm', sk: '001700000000000_000000001_m', timestamp: 1, from: 'bot', type: 'text', text: { body: 'hi' } };
    const bad = { message_id: 'b', sk: 'nope', timestamp: 1, from: 'bot', type: 'text' };
    const { http } = client(() => json(200, { messages: [bad, good], next_token: null, forward_token: null }));
    const page = await http.call('getMessages', { bot_uuid: '1000000000000001', direction: 'backward' });
    expect(page.messages.map((m) => m.message_id)).toEqual(['m']);
  });

  test('an answer is the schema\'s output: unknown fields are dropped, a bot message\'s missing client id is null', async () => {
    const message = { message_id: 'm', sk: '001700000000000_000000001_m', timestamp: 1, from: 'bot', type: 'text', text: { body: 'hi' }, secret: 'x' };
    const { http } = client(() => json(200, { messages: [message], next_token: null, forward_token: null, extra: 1 }));
    const page = await http.call('getMessages', { bot_uuid: '1000000000000001', direction: 'backward' });
    expect(page).toEqual({ messages: [{ message_id: 'm', sk: message.sk, timestamp: 1, from: 'bot', type: 'text', text: { body: 'hi' }, client_message_id: null }], next_token: null, forward_token: null });
  });
});

describe('timeout and cancellation', () => {
  /** A clock whose timers fire only when the test says so. */
  function manualClock() {
    const timers = new Map<number, () => void>();
    let next = 0;
    const clock: Clock = {
      now: () => 0,
      setTimeout: (fn) => { next += 1; timers.set(next, fn); return next; },
      clearTimeout: (h) => { timers.delete(h as number); },
    };
    return { clock, fireAll: () => { for (const fn of [...timers.values()]) fn(); }, pending: () => timers.size };
  }

  /** A fetch that never answers, but honours its abort signal like the real one. */
  const hanging = (s: Seen) =>
    new Promise<Response>((_, reject) => {
      s.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  test('a timeout rejects with CancelError(timeout)', async () => {
    const { clock, fireAll } = manualClock();
    const { http } = client(hanging, signedIn, clock);
    const pending = http.call('getStates', { country_code: 'IN' }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 0));
    fireAll();
    const err = await pending;
    expect(err).toBeInstanceOf(CancelError);
    expect((err as CancelError).reason).toBe('timeout');
  });

  test('an aborted signal rejects with CancelError(cancelled)', async () => {
    const { clock } = manualClock();
    const { http } = client(hanging, signedIn, clock);
    const ac = new AbortController();
    const pending = http.call('getStates', { country_code: 'IN' }, { signal: ac.signal }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 0));
    ac.abort();
    const err = await pending;
    expect(err).toBeInstanceOf(CancelError);
    expect((err as CancelError).reason).toBe('cancelled');
  });

  test('the timer is cleared when the answer arrives', async () => {
    const { clock, pending } = manualClock();
    const { http } = client(() => json(200, { states: [] }), signedIn, clock);
    await http.call('getStates', { country_code: 'IN' });
    expect(pending()).toBe(0);
  });

  test('a real timeout with the system clock', async () => {
    const fetch: typeof globalThis.fetch = (_input, init) => hanging({ url: '', init: init ?? {} });
    const http = createHttpClient({ fetch, origin: '', versionName: 'v', context: () => signedIn, timeoutMs: 20 });
    await expect(http.call('getStates', { country_code: 'IN' })).rejects.toBeInstanceOf(CancelError);
  });
});

describe('Idempotency-Key', () => {
  /** A clock that runs waits of up to 5 s at once (recording them) and never fires the call's timeout. */
  function quickClock() {
    const waits: number[] = [];
    const clock: Clock = {
      now: () => 0,
      setTimeout: (fn, ms) => {
        if (ms > 5000) return null;
        waits.push(ms);
        return setTimeout(fn, 0);
      },
      clearTimeout: (h) => { if (h) clearTimeout(h as ReturnType<typeof setTimeout>); },
    };
    return { clock, waits };
  }

  test('a POST sends the key given; without one, or on a GET, there is none', async () => {
    const { http, seen } = client((s) => json(200, s.url.endsWith('/get-profile') ? PROFILE : { message: 'Muted', mute_time: 1, mute_duration: -1 }));
    await http.call('muteBot', { bot_uuid: '1000000000000001', mute_duration: -1 }, { idempotencyKey: 'k-1' });
    await http.call('muteBot', { bot_uuid: '1000000000000001', mute_duration: -1 });
    await http.call('getProfile', {}, { idempotencyKey: 'k-2' });
    expect(seen.map((s) => headersOf(s).get('idempotency-key'))).toEqual(['k-1', null, null]);
  });

  test('a 409 with Retry-After (the first copy still running) is asked again until its answer comes', async () => {
    const { clock, waits } = quickClock();
    let n = 0;
    const { http, seen } = client(() => {
      n += 1;
      return n < 3 ? new Response(JSON.stringify({ statusCode: 409, message: 'still being processed' }), { status: 409, headers: { 'retry-after': '1' } }) : json(200, { message: 'Blocked' });
    }, signedIn, clock);
    expect(await http.call('blockBot', { bot_uuid: '1000000000000001' }, { idempotencyKey: 'k' })).toEqual({ message: 'Blocked' });
    expect(seen).toHaveLength(3);
    expect(waits).toEqual([1000, 1000]);
  });

  test('a 409 without Retry-After, or on a call without a key, is a bad status as before', async () => {
    const { clock } = quickClock();
    const conflict = (retryAfter: boolean) => () =>
      new Response(JSON.stringify({ statusCode: 409, message: 'used in another conversation' }), { status: 409, headers: retryAfter ? { 'retry-after': '1' } : {} });
    const a = client(conflict(false), signedIn, clock);
    await expect(a.http.call('blockBot', { bot_uuid: '1000000000000001' }, { idempotencyKey: 'k' })).rejects.toMatchObject({ status: 409 });
    const b = client(conflict(true), signedIn, clock);
    await expect(b.http.call('blockBot', { bot_uuid: '1000000000000001' })).rejects.toMatchObject({ status: 409 });
    expect([a.seen.length, b.seen.length]).toEqual([1, 1]);
  });
});
