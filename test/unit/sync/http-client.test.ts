import { describe, expect, test } from 'vitest';
import { createHttpClient, headersFor, pathFor, type Clock, type RequestContext } from '../../../src/sync/http-client';
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
    const { http, seen } = client(() => json(200, {}));
    await http.call('getProfile', {});
    expect(seen[0]?.init.method).toBe('GET');
    expect(seen[0]?.init.body).toBeUndefined();
    expect(headersOf(seen[0]).get('content-type')).toBeNull();
  });

  test('standalone mode rewrites auth routes to the web variant, sends package-name web and the device id instead of mobile', async () => {
    const standalone = { ...signedIn, isStandalone: true };
    const { http, seen } = client(() => json(200, {}), standalone);
    await http.call('getProfile', {});
    expect(seen[0]?.url).toBe('http://api.test/api/web/user/get-profile');
    const h = headersOf(seen[0]);
    expect(h.get('package-name')).toBe('web');
    expect(h.get('device-id')).toBe('dev-1');
    expect(h.get('mobile')).toBeNull();
    expect(h.get('session-id')).toBe('a'.repeat(32));
    // public routes are not rewritten
    await http.call('sendOtp', { mobile: '+919876543210' });
    expect(seen[1]?.url).toBe('http://api.test/api/mobile/send-otp');
    expect(headersOf(seen[1]).get('package-name')).toBe('pwa');
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
    await expect(empty.http.call('logout', {})).resolves.toBeDefined();
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

  test('an HTML error page is not taken as the server message', async () => {
    const { http } = client(() => new Response('<html><body>Bad gateway</body></html>', { status: 502 }));
    const err = await http.call('getStates', { country_code: 'IN' }).catch((e: unknown) => e);
    expect((err as Error).message).toBe('502:-Bad Status');
  });

  test('a 200 that is not JSON is a reported bad answer, not a crash', async () => {
    const { http } = client(() => new Response('not json', { status: 200 }));
    const err = await http.call('getStates', { country_code: 'IN' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadStatusError);
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
