// Every route of the contract refuses bad input with a 4xx and a message, never a 500:
// malformed JSON, other content types, bodies that are not objects, extra fields, missing
// fields, wrong types, oversize bodies, and (property test) arbitrary JSON. Routes are taken
// from the contract, so a route added there is covered here without editing this file; its
// own hand-written cases can be added to SPECIFIC.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes, type RouteName } from '../../src/api/contract';
import { API_BASE } from '../../src/api/headers';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';
import { ADD_VIEW_BODY_LIMIT } from '../../server/feed/routes';

/** Routes that read bodies over the default 64 KiB (their own limit answers a clearer 400 first). */
const BODY_LIMITS: Partial<Record<RouteName, number>> = { addView: ADD_VIEW_BODY_LIMIT };

let t: TestServer;
let me: TestSession;
beforeAll(async () => {
  // One user makes well over a thousand calls here, as fast as the machine allows: the per-user
  // and per-address call buckets (server/config/flood-limits.ts; tested in flood-limits.test.ts)
  // would answer 429 on a quiet machine, where little refills between calls.
  t = await startTestServer({ floodLimits: { userCalls: { burst: 1_000_000, perSecond: 1_000_000 }, addressCalls: { burst: 1_000_000, perSecond: 1_000_000 } } });
  me = await t.signIn();
});
afterAll(() => t.close());

const names = Object.keys(routes) as RouteName[];
const postRoutes = names.filter((n) => routes[n].method === 'POST');
const getRoutes = names.filter((n) => routes[n].method === 'GET');

/** Headers of a live session for auth routes, so the body is what gets judged. */
const authFor = (name: RouteName) => (routes[name].auth ? me.headers : {});

/** Asserts a refusal: the given 4xx status (or any 4xx), an ErrorBody, and a message. */
async function expectRefusal(response: Response, status?: number): Promise<string> {
  const text = await response.text();
  expect(response.status, text).toBeGreaterThanOrEqual(400);
  expect(response.status, text).toBeLessThan(500);
  if (status !== undefined) expect(response.status, text).toBe(status);
  const body: unknown = JSON.parse(text);
  expect(body).toEqual({ statusCode: response.status, error: expect.any(String), message: expect.any(String) });
  const message = (body as { message: string }).message;
  expect(message.length).toBeGreaterThan(0);
  return message;
}

function post(name: RouteName, body: string | undefined, headers: Record<string, string> = {}) {
  return t.fetch(API_BASE + routes[name].path, {
    method: 'POST',
    headers: { ...authFor(name), ...headers },
    ...(body === undefined ? {} : { body }),
  });
}

const json = { 'content-type': 'application/json' };

/** Strings made of the characters that break naive code: NUL, lone surrogates, quotes, controls. */
const nastyString = fc.string({
  maxLength: 40,
  unit: fc.constantFrom('a', 'Z', '7', ' ', '\t', '\n', '\u0000', '\ud800', '\udc00', '😀', 'ß', '\u202e', '%', "'", '"', '\\', '-', '@', '.'),
});

/** Routes whose accepted bodies end the test user's session or account. */
const DESTRUCTIVE = new Set<RouteName>(['logout', 'deleteProfile']);

/** A body each route accepts (for the extra-field case); {} when every field is optional. */
const VALID: Partial<Record<RouteName, Record<string, unknown>>> = {
  sendOtp: { mobile: '+919000000001' },
  verifyOtp: { mobile: '+919000000001', otp: '1234' },
  loginWithToken: { mobile: '+919000000001', loginToken: '0'.repeat(32) },
  getValueFromCode: { mobileCode: 'abcdefgh' },
  getStates: { country_code: 'IN' },
  getCities: { country_code: 'IN', state_code: 'MH' },
  getCart: { bot_uuid: '1000000000000003' },
  updateCart: { bot_uuid: '1000000000000003', cart: [] },
  getMediaUploadDetails: { content_type: 'image/png' },
  getMediaUploadUrl: { content_type: 'image/png' },
  getLinkTitle: { url: 'https://example.com' },
};

/** Missing fields, wrong types and values the schemas refuse, route by route. */
const SPECIFIC: Partial<Record<RouteName, unknown[]>> = {
  trackEvents: [
    { alias: 'a'.repeat(64), events: [] },
    { alias: '+919876543210', events: [{ event_id: '0190f0a0-0000-7000-8000-000000000001', name: 'x', params: {}, at: 1 }] },
    { alias: 'a'.repeat(64), events: [{ event_id: 'nope', name: 'x', params: {}, at: 1 }] },
    { alias: 'a'.repeat(64), events: [{ event_id: '0190f0a0-0000-7000-8000-000000000001', name: '1bad name', params: {}, at: 1 }] },
    { alias: 'a'.repeat(64), events: [{ event_id: '0190f0a0-0000-7000-8000-000000000001', name: 'x', params: { mobile: '+919876543210' }, at: 1 }] },
    { alias: 'a'.repeat(64), events: [{ event_id: '0190f0a0-0000-7000-8000-000000000001', name: 'x', params: { nested: { a: 1 } }, at: 1 }] },
  ],
  createDynamicLink: [
    { name: 'x', url: 'https://evil.example/' }, { name: 'x', url: '//evil.example/rewards' }, { name: 'x', url: 'javascript:alert(1)' },
    { name: 'x', url: '/api/user/get-profile' }, { name: '', url: '/rewards' }, { name: 'x', url: '/rewards#x' }, { name: 'x', url: '/rewards?a=<script>' },
  ],
  getBannerNotifications: [{}, { available_features: ['root'] }, { available_features: 'rewards' }],
  markRead: [
    { bot_uuid: '1000000000000001' }, { bot_uuid: '1000000000000001', sk: '' }, { bot_uuid: '1000000000000001', sk: '1_2_3' },
    { bot_uuid: '1000000000000001', sk: "'; DROP TABLE conversations; --" }, { bot_uuid: 1000000000000001, sk: '000001700000000000_000000001_00000000-0000-7000-8000-000000000000' },
  ],
  sendOtp: [{}, { mobile: null }, { mobile: 919876543210 }, { mobile: '+91' }, { mobile: '+1 555 0100' }, { mobile: ['+919876543210'] }],
  verifyOtp: [
    { mobile: '+919876543210' }, { otp: '1234' }, { mobile: '+919876543210', otp: 1234 },
    { mobile: '+919876543210', otp: '12345' }, { mobile: '+919876543210', otp: '12a4' }, { mobile: '+919876543210', otp: '' },
  ],
  loginWithToken: [
    { mobile: '+919876543210' }, { loginToken: '0'.repeat(32) }, { mobile: '+919876543210', loginToken: 'A'.repeat(32) },
    { mobile: '+919876543210', loginToken: 123 }, { mobile: '+919876543210', loginToken: '0'.repeat(31) },
  ],
  logout: [{ deviceId: '' }, { deviceId: 5 }, { deviceId: 'x'.repeat(65) }, { deviceId: null }],
  getMediaToken: [{ token: 'x' }],
  createMobileCode: [{ mobile: '+919876543210' }],
  getValueFromCode: [{}, { mobileCode: 'abc' }, { mobileCode: 'abc-def-gh' }, { mobileCode: 12345678 }, { mobileCode: 'x'.repeat(33) }],
  updateProfile: [
    { name: 'a\u0000b' }, { custom_code: '\u0000' }, { name: 'a\ud800' },
    { name: 5 }, { name: '' }, { name: '   ' }, { name: 'x'.repeat(61) }, { gender: 'other' }, { dob: { year: 1990 } },
    { dob: '1990-01-01' }, { dob: { year: 1990, month: 13, day: 1 } }, { dob: { year: 1990.5, month: 1, day: 1 } },
    { country_code: 'US' }, { state_code: '' }, { state_code: 7 }, { city: '' }, { photo_uuid: 'not-a-uuid' },
    { language: 'fr' }, { email: 'x' }, { email: null }, { custom_code: 'x'.repeat(65) },
  ],
  getStates: [{}, { country_code: 'in' }, { country_code: 'US' }, { country_code: 1 }],
  getCities: [{ country_code: 'IN' }, { state_code: 'MH' }, { country_code: 'IN', state_code: '' }, { country_code: 'IN', state_code: 7 }],
  deleteProfile: [{ device_id: '' }, { device_id: 5 }, { device_id: 'x'.repeat(65) }],
  getMediaUploadDetails: [
    {}, { content_type: '' }, { content_type: 5 }, { content_type: 'x'.repeat(256) }, { content_type: 'image/png', purpose: 'avatar' },
    { content_type: 'image/png', purpose: null },
  ],
  getMediaUploadUrl: [{}, { content_type: null }, { content_type: ['image/png'] }],
  getLinkTitle: [{}, { url: '' }, { url: 5 }, { url: 'https://example.com/'.padEnd(2049, 'x') }, { url: null }],
};

describe.each(postRoutes)('POST %s', (name) => {
  it('refuses malformed JSON (400)', async () => {
    for (const body of ['{"mobile":', '{mobile: 1}', "{'a': 1}", 'undefined', '{"a": 1}}']) {
      expect(await expectRefusal(await post(name, body, json), 400)).toMatch(/not valid JSON/);
    }
  });

  it('refuses an empty body declared as JSON (400)', async () => {
    expect(await expectRefusal(await post(name, '', json), 400)).toMatch(/empty/);
  });

  it('refuses other content types (415)', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
      expect(await expectRefusal(await post(name, '{"mobile":"+919876543210"}', { 'content-type': type }), 415)).toMatch(/application\/json/);
    }
  });

  it('refuses JSON that is not an object (400)', async () => {
    for (const body of ['null', '[]', '[{}]', '"text"', '42', 'true']) {
      expect(await expectRefusal(await post(name, body, json), 400)).toMatch(/Body must be a JSON object/);
    }
  });

  it('refuses extra fields (400)', async () => {
    const body = { ...(VALID[name] ?? {}), unexpected: 1 };
    expect(await expectRefusal(await post(name, JSON.stringify(body), json), 400)).toMatch(/Unrecognized key.*unexpected/);
  });

  it('refuses prototype pollution attempts (400)', async () => {
    await expectRefusal(await post(name, '{"__proto__": {"admin": true}}', json), 400);
    await expectRefusal(await post(name, '{"constructor": {"prototype": {"admin": true}}}', json), 400);
  });

  it('refuses NUL characters and unpaired surrogates in any string or key (400)', async () => {
    const keys = Object.keys(VALID[name] ?? {});
    const bodies = [
      ...keys.map((k) => ({ ...VALID[name], [k]: `a\u0000b` })),
      ...keys.map((k) => ({ ...VALID[name], [k]: `a\ud800b` })),
      { 'x\u0000': 1 },
      { nested: [{ deep: '\udc00' }] },
    ];
    for (const body of bodies) {
      expect(await expectRefusal(await post(name, JSON.stringify(body), json), 400), JSON.stringify(body)).toMatch(/NUL characters or unpaired surrogates/);
    }
  });

  it('refuses deeply nested bodies (400)', async () => {
    const body = `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    expect(await expectRefusal(await post(name, body, json), 400)).toMatch(/nested deeper/);
  });

  it('refuses oversize bodies (413)', async () => {
    const limit = BODY_LIMITS[name] ?? 65536;
    const body = JSON.stringify({ ...(VALID[name] ?? {}), padding: 'x'.repeat(limit + 6 * 1024) });
    expect(await expectRefusal(await post(name, body, json), 413)).toMatch(new RegExp(`larger than ${limit} bytes`));
  });

  it('refuses missing fields, wrong types and bad values (400)', async () => {
    for (const body of SPECIFIC[name] ?? []) {
      const message = await expectRefusal(await post(name, JSON.stringify(body), json), 400);
      // The message names the field at fault.
      expect(message, JSON.stringify(body)).toMatch(/^[a-z_A-Z.0-9]+[: ]/);
      expect(message, JSON.stringify(body)).not.toMatch(/^Body must be/);
    }
  });

  it('never answers 5xx to arbitrary JSON', async () => {
    const schema = routes[name].body;
    const keys = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
    const examples = Object.values(VALID[name] ?? {});
    const value = fc.oneof(
      nastyString,
      fc.jsonValue({ stringUnit: 'binary' }),
      ...(examples.length ? [fc.constantFrom(...examples)] : []),
    );
    const bodies = [
      fc.jsonValue({ stringUnit: 'binary' }),
      fc.dictionary(nastyString, fc.jsonValue()),
      ...(keys.length
        ? [
          fc.constantFrom(...keys).chain((key) => value.map((v) => ({ [key]: v }))),
          fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] }),
        ]
        : []),
    ];
    // An accepted body of a destructive route would sign the test user out or delete it.
    const anything = fc.oneof(...bodies).filter((v) => !DESTRUCTIVE.has(name) || !schema.safeParse(v).success);
    await fc.assert(fc.asyncProperty(anything, async (body) => {
      const response = await post(name, JSON.stringify(body), json);
      if (response.status !== 200) await expectRefusal(response);
    }), { numRuns: 80 });
  });
});

describe.each(getRoutes)('GET %s', (name) => {
  it('refuses unknown query parameters (400)', async () => {
    const response = await t.fetch(`${API_BASE}${routes[name].path}?unexpected=1`, { headers: authFor(name) });
    expect(await expectRefusal(response, 400)).toMatch(/Unrecognized key.*unexpected/);
  });

  it('never answers 5xx to arbitrary query strings', async () => {
    const schema = routes[name].body;
    const query = fc.dictionary(fc.string({ minLength: 1 }), fc.string()).filter((v) => !schema.safeParse(v).success);
    await fc.assert(fc.asyncProperty(query, async (value) => {
      const response = await t.fetch(`${API_BASE}${routes[name].path}?${new URLSearchParams(value)}`, { headers: authFor(name) });
      await expectRefusal(response, 400);
    }), { numRuns: 30 });
  });
});

describe('auth routes', () => {
  const authRoutes = names.filter((n) => routes[n].auth);

  it('answer 401 before reading the body', async () => {
    for (const name of authRoutes) {
      const def = routes[name];
      const response = await t.fetch(API_BASE + def.path, {
        method: def.method,
        ...(def.method === 'POST' ? { headers: json, body: '{"not json' } : {}),
      });
      expect(await expectRefusal(response, 401), name).toBe('Unauthorised');
    }
  });

  it('answer GET /mobile/logout with its query validated like the POST body', async () => {
    const response = await t.fetch(`${API_BASE}/mobile/logout?deviceId=`, { headers: me.headers });
    expect(await expectRefusal(response, 400)).toMatch(/deviceId/);
  });
});

describe('paths and methods', () => {
  it('answer unknown API paths with a 404 ErrorBody, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      const response = await t.fetch('/api/no/such/route', { method, headers: { accept: 'text/html' } });
      expect(await expectRefusal(response, 404)).toMatch(/No API route/);
    }
    await expectRefusal(await t.fetch('/api'), 404);
  });

  it('answer a known path with the wrong method 405 with Allow', async () => {
    const response = await t.fetch('/api/mobile/send-otp', { method: 'PUT', headers: json, body: '{}' });
    expect(response.headers.get('allow')).toBe('POST');
    expect(await expectRefusal(response, 405)).toMatch(/takes POST/);
    const logout = await t.fetch('/api/mobile/logout', { method: 'DELETE' });
    expect(logout.headers.get('allow')).toBe('POST, GET');
  });
});
