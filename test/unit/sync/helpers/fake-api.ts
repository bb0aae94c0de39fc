// A scripted stand-in for the server in unit tests, injected as `fetch` (no module mocks). Each
// handler answers one path; unknown paths answer 404. Every request is recorded.
import type { Profile, SessionTokens } from '../../../../src/api/contract';

export interface Recorded {
  path: string;
  method: string;
  headers: Headers;
  body: unknown;
}

export type Handler = (req: Recorded) => Response | Promise<Response>;

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const errorBody = (status: number, message: string): Response => json(status, { statusCode: status, error: 'Error', message });

/** fetch rejecting like the real one does when there is no network. */
export const noNetwork: Handler = () => Promise.reject(new TypeError('fetch failed'));

export function fakeApi(handlers: Record<string, Handler> = {}) {
  const calls: Recorded[] = [];
  const routes = { ...handlers };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input), 'http://api.test');
    const req: Recorded = {
      path: url.pathname,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(req);
    const handler = routes[req.path];
    return handler ? handler(req) : errorBody(404, 'Not Found');
  };
  return {
    fetch,
    calls,
    on(path: string, handler: Handler) {
      routes[path] = handler;
    },
    last(path: string): Recorded | undefined {
      return calls.filter((c) => c.path === path).at(-1);
    },
  };
}

export const MOBILE = '+919876543210';

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    user_uuid: '00000000-0000-4000-8000-000000000001',
    mobile: MOBILE,
    name: '',
    email: '',
    email_verified: false,
    custom_code: null,
    custom_code_details: null,
    gender: null,
    dob: null,
    country_code: 'IN',
    country_name: 'India',
    state: null,
    city: '',
    photo: null,
    language: null,
    profileComplete: false,
    ...overrides,
  };
}

export function tokens(now: number, overrides: Partial<SessionTokens> = {}, user: Partial<Profile> = {}): SessionTokens {
  return {
    token: 'a'.repeat(32),
    loginToken: 'b'.repeat(32),
    loginTokenExpiry: now + 30 * 24 * 3600_000,
    mediaToken: 'c'.repeat(32),
    mediaTokenExpiry: now + 3600_000,
    clientSessionId: 'd'.repeat(32),
    user: profile(user),
    ...overrides,
  };
}
