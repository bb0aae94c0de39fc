// Shared helper of the integration tests: a real reference server in this process, on an
// ephemeral port of 127.0.0.1, spoken to over real HTTP (fetch).
//
// Storage: PGlite in memory by default. When DATABASE_URL is set, a real PostgreSQL: each
// server gets a fresh schema (it_<pid>_<random>), dropped again by close().
//
// PGlite takes seconds to start, so share one server per test file and keep tests apart by
// signing in fresh mobile numbers (freshMobile, signIn):
//
//   import { afterAll, beforeAll, expect, it } from 'vitest';
//   import { startTestServer, type TestServer } from './helpers/server';
//
//   let t: TestServer;
//   beforeAll(async () => { t = await startTestServer(); });
//   afterAll(() => t.close());
//
//   it('reads the profile', async () => {
//     const me = await t.signIn();                         // a new user, signed in
//     const profile = await t.ok('getProfile', {}, { session: me });  // typed by the contract
//     const answer = await t.call('updateProfile', { name: '' }, { session: me });
//     expect(answer.status).toBe(400);                     // answer.body: ErrorBody when !ok
//   });
//
// The clock: the server reads time from t.clock, which starts at the real time and only moves
// when a test calls t.clock.advance(ms). Use it to test expiry without sleeping. It is shared
// by the whole file (tests of a file run one after another): sessions signed in earlier may
// expire when a test advances by days, so sign in afresh after advancing.
//
// Sign-in limits per address are lifted (GENEROUS_OTP_LIMITS) unless opts.otpLimits sets them.
// Sign-in codes are random (as in production) and read through t.lastCode(mobile); a server
// started with { otpFixed: '1234' } uses that code instead.
import { randomBytes, randomInt } from 'node:crypto';
import type { z } from 'zod';
import { routes, type ErrorBody, type ResponseOf, type RouteName, type SessionTokens } from '../../../src/api/contract';
import { API_BASE, HEADER } from '../../../src/api/headers';
import { countryByIso, type CountryIso } from '../../../src/domain/countries';
import { createServer, type Server, type ServerOptions } from '../../../server/app';
import { GENEROUS_OTP_LIMITS } from '../../../server/config/otp-limits';
import { openDb } from '../../../server/db/db';

export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

export function createTestClock(start = Date.now()): TestClock {
  let time = start;
  return {
    now: () => time,
    advance(ms) {
      if (ms < 0) throw new Error('the test clock only moves forward');
      time += ms;
    },
  };
}

/** A signed-in user: what verify-otp answered, and the headers that authenticate calls. */
export interface TestSession {
  mobile: string;
  tokens: SessionTokens;
  headers: Record<string, string>;
}

/** An HTTP answer of the API: the contract's response when ok (200), its ErrorBody otherwise. */
export type Answer<R> =
  | { ok: true; status: number; body: R; headers: Headers }
  | { ok: false; status: number; body: ErrorBody; headers: Headers };

export interface CallOptions {
  /** Sends the session's mobile and session-id headers. */
  session?: TestSession | undefined;
  headers?: Record<string, string> | undefined;
}

export type BodyInput<N extends RouteName> = z.input<(typeof routes)[N]['body']>;

export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:39321 (API calls go to url + API_BASE + path). */
  url: string;
  server: Server;
  clock: TestClock;
  /** Calls a contract route by name, with its method and a JSON body (query string for GET). */
  call<N extends RouteName>(name: N, body?: BodyInput<N>, opts?: CallOptions): Promise<Answer<ResponseOf<N>>>;
  /** Like call, for bodies the contract does not allow (bad-input tests). */
  callUnchecked(name: RouteName, body: unknown, opts?: CallOptions): Promise<Answer<unknown>>;
  /** Calls a route and returns its 200 answer; throws with the status and message otherwise. */
  ok<N extends RouteName>(name: N, body?: BodyInput<N>, opts?: CallOptions): Promise<ResponseOf<N>>;
  /** Plain fetch of a path of this server ('/api/...', '/version.json', '/chat'). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** A mobile number never handed out before in this process (default country India). */
  freshMobile(country?: CountryIso): string;
  /** The last sign-in code the server issued for the mobile. */
  lastCode(mobile: string): string | undefined;
  /** Requests a code for the mobile (default: a fresh one) and signs in with it. */
  signIn(mobile?: string): Promise<TestSession>;
  close(): Promise<void>;
}

const used = new Set<string>();

export function freshMobile(country: CountryIso = 'IN'): string {
  const c = countryByIso(country);
  if (!c) throw new Error(`unknown country ${country}`);
  for (;;) {
    // Realistic leading digits: the country's mobile first digits (src/domain/countries.ts).
    let digits = c.mobileStarts[randomInt(0, c.mobileStarts.length)]!;
    while (digits.length < c.digitCount) digits += String(randomInt(0, 10));
    const mobile = c.dialCode + digits;
    if (!used.has(mobile)) {
      used.add(mobile);
      return mobile;
    }
  }
}

export function sessionHeaders(mobile: string, token: string): Record<string, string> {
  return { [HEADER.mobile]: mobile, [HEADER.sessionId]: token };
}

export async function startTestServer(opts: ServerOptions = {}): Promise<TestServer> {
  const clock = createTestClock();
  const codes = new Map<string, string>();
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? `it_${process.pid}_${randomBytes(4).toString('hex')}` : undefined;
  const db = opts.db ?? (databaseUrl ? await openDb({ databaseUrl, schema }) : undefined);

  const server = await createServer({
    dataDir: 'memory://',
    now: clock.now,
    logger: false,
    ...opts,
    // Every test signs in from 127.0.0.1: the per-address, global and country caps of sign-in
    // are lifted unless a test sets them (test/integration/sign-in-abuse.test.ts does).
    otpLimits: { ...GENEROUS_OTP_LIMITS, ...opts.otpLimits },
    ...(db ? { db } : {}),
    onOtpIssued: (mobile, code) => {
      codes.set(mobile, code);
      opts.onOtpIssued?.(mobile, code);
    },
  });
  const url = await server.listen({ port: 0, host: '127.0.0.1' });

  async function send(name: RouteName, body: unknown, opts: CallOptions = {}): Promise<Answer<unknown>> {
    const def = routes[name];
    const headers: Record<string, string> = { ...(opts.session?.headers ?? {}), ...(opts.headers ?? {}) };
    let path = API_BASE + def.path;
    const init: RequestInit = { method: def.method, headers };
    if (def.method === 'GET') {
      const query = new URLSearchParams(Object.entries((body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
      if ([...query].length > 0) path += `?${query}`;
    } else {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body ?? {});
    }
    const response = await fetch(url + path, init);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${def.method} ${path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
    }
    return response.status === 200
      ? { ok: true, status: response.status, body: parsed, headers: response.headers }
      : { ok: false, status: response.status, body: parsed as ErrorBody, headers: response.headers };
  }

  const t: TestServer = {
    url,
    server,
    clock,
    call: (name, body, opts) => send(name, body, opts) as Promise<Answer<ResponseOf<typeof name>>>,
    callUnchecked: send,
    async ok(name, body, opts) {
      const answer = await send(name, body, opts);
      if (!answer.ok) throw new Error(`${name} answered ${answer.status}: ${answer.body.message}`);
      return answer.body as ResponseOf<typeof name>;
    },
    fetch: (path, init) => fetch(url + path, init),
    freshMobile,
    lastCode: (mobile) => codes.get(mobile),
    async signIn(mobile = freshMobile()) {
      await t.ok('sendOtp', { mobile });
      const otp = codes.get(mobile);
      if (!otp) throw new Error(`no code was issued for ${mobile}`);
      const tokens = await t.ok('verifyOtp', { mobile, otp });
      return { mobile, tokens, headers: sessionHeaders(mobile, tokens.token) };
    },
    async close() {
      await server.close();
      if (db && !opts.db) {
        if (schema) await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await db.close();
      }
    },
  };
  return t;
}
