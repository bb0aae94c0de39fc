// The standalone 401 and 440 rules of the socket-address call (spec part 1 §4): "a 401 on the socket-address
// call retries once after re-initialising the session". The engine runs in-process against a
// scripted server; the socket factory records the address it is given.
import { expect, test, vi } from 'vitest';
import { newSession } from '../../../src/db/defaults';
import { getLocalDoc, setLocalDoc } from '../../../src/db/local-store';
import { createInProcessEngine } from '../../../src/sync/engine';
import type { WebSocketFactory, WebSocketLike } from '../../../src/sync/live-connection';
import { openTestDatabase } from '../db/helpers/fake-db';
import { engineStage } from './helpers/engine-stage';
import { errorBody, fakeApi, json } from './helpers/fake-api';

const BOT = '1000000000000001';
const USER = '0190a0b0-0000-7000-8000-000000000001';
const OLD = 'a'.repeat(32);
const NEW = 'b'.repeat(32);
const SOCKET = 'ws://api.test/api/socket?ticket=' + 'c'.repeat(32);

const stage = engineStage();

/** A socket that opens at once and then says 'User Unauthorised' (the server refused its session). */
function refusingSocket(url: string): WebSocketLike {
  const socket: WebSocketLike = {
    readyState: 0, onopen: null, onclose: null, onmessage: null, onerror: null,
    send: () => {},
    close: () => {},
  };
  setTimeout(() => {
    (socket as { readyState: number }).readyState = 1;
    socket.onopen?.({});
    if (url.endsWith('refuse')) socket.onmessage?.({ data: JSON.stringify({ action: 'error', body: { statusCode: 401, message: 'User Unauthorised' } }) });
  }, 0);
  return socket;
}

async function run(socketAnswers: Array<() => Response>, withAuth = false, createSocket?: WebSocketFactory, extensionToken: string | null = null) {
  const db = await openTestDatabase();
  stage.db = db;
  await setLocalDoc(db, 'session', {
    ...newSession('device-standalone-1'), token: OLD, userUuid: USER, isStandalone: true, isStandaloneWithAuth: withAuth, extensionToken,
    selectedBot: { bot_uuid: BOT, name: 'Echo' }, clientSessionId: null,
  });
  let asked = 0;
  const api = fakeApi({
    '/api/web/bot/get-socket-url': () => (socketAnswers[Math.min(asked++, socketAnswers.length - 1)] ?? (() => errorBody(500, 'x')))(),
    '/api/web/user/start-session': () => json(200, { user_uuid: USER, session_id: NEW, bot_uuid: BOT }),
  });
  const opened: string[] = [];
  stage.engine = createInProcessEngine(db, {
    origin: 'http://api.test',
    versionName: 't',
    fetch: api.fetch,
    connectivity: { isOnline: () => true, subscribe: () => () => {} },
    createSocket: (url) => {
      opened.push(url);
      if (createSocket) return createSocket(url);
      throw new Error('no sockets in this test');
    },
    timings: { retryMs: 60_000 },
  });
  return { api, opened, db };
}

const paths = (api: ReturnType<typeof fakeApi>) => api.calls.map((c) => c.path).filter((p) => p.endsWith('get-socket-url') || p.endsWith('start-session'));

test('a 401 on the socket address: a new start-session for the stored bot and device, then the address once more', async () => {
  const { api, opened, db: d } = await run([() => errorBody(401, 'Unauthorised'), () => json(200, { socket_url: SOCKET, expires_at: Date.now() + 60_000 })]);
  await vi.waitFor(() => expect(opened).toEqual([SOCKET]));
  expect(paths(api)).toEqual(['/api/web/bot/get-socket-url', '/api/web/user/start-session', '/api/web/bot/get-socket-url']);
  expect(api.last('/api/web/user/start-session')?.body).toEqual({ device_id: 'device-standalone-1', bot_uuid: BOT });
  // the retry carries the new session
  expect(api.last('/api/web/bot/get-socket-url')?.headers.get('session-id')).toBe(NEW);
  expect(await getLocalDoc(d, 'session')).toMatchObject({ token: NEW, isStandalone: true, selectedBot: { bot_uuid: BOT } });
});

test('a second 401 is not retried again: the user is marked unauthorised', async () => {
  const { api, opened, db: d } = await run([() => errorBody(401, 'Unauthorised')]);
  await vi.waitFor(async () => expect((await getLocalDoc(d, 'sync-status'))?.unauthorised).toBe(true));
  expect(paths(api)).toEqual(['/api/web/bot/get-socket-url', '/api/web/user/start-session', '/api/web/bot/get-socket-url']);
  expect(opened).toEqual([]);
});

test('standalone-with-auth: a 401 re-initialises "via the extension token" (the one the embedding page handed over), then the address once more', async () => {
  const EXTENSION = 'e'.repeat(32);
  const { api, opened, db: d } = await run([() => errorBody(401, 'Unauthorised'), () => json(200, { socket_url: SOCKET, expires_at: Date.now() + 60_000 })], true, undefined, EXTENSION);
  await vi.waitFor(() => expect(opened).toEqual([SOCKET]));
  expect(paths(api)).toEqual(['/api/web/bot/get-socket-url', '/api/web/user/start-session', '/api/web/bot/get-socket-url']);
  expect(api.last('/api/web/user/start-session')?.body).toEqual({ device_id: 'device-standalone-1', access_token: EXTENSION, bot_uuid: BOT });
  expect(await getLocalDoc(d, 'session')).toMatchObject({ token: NEW, isStandaloneWithAuth: true, extensionToken: EXTENSION });
});

test('standalone-with-auth with no extension token stored: no new start-session (no guest session in its place)', async () => {
  const { api, db: d } = await run([() => errorBody(401, 'Unauthorised')], true);
  await vi.waitFor(async () => expect((await getLocalDoc(d, 'sync-status'))?.unauthorised).toBe(true));
  expect(paths(api)).toEqual(['/api/web/bot/get-socket-url']);
});

test('a 440 on the socket address clears the token and the selected bot (spec part 1 §4), with no new start-session', async () => {
  const { api, opened, db: d } = await run([() => errorBody(440, 'Session expired')]);
  await vi.waitFor(async () => expect(await getLocalDoc(d, 'session')).toMatchObject({ token: null, selectedBot: null, isStandalone: true }));
  expect(paths(api)).toEqual(['/api/web/bot/get-socket-url']);
  expect(opened).toEqual([]);
  // no auto-logout prompt in standalone mode
  expect((await getLocalDoc(d, 'sync-status'))?.autoLogoutPrompt ?? false).toBe(false);
});

test('a standalone socket refused by the server (User Unauthorised) asks for a new address once: its 401 re-initialises', async () => {
  const refused = `${SOCKET}&refuse`;
  const { api, opened, db: d } = await run([
    () => json(200, { socket_url: refused, expires_at: Date.now() + 60_000 }),
    () => errorBody(401, 'Unauthorised'),
    () => json(200, { socket_url: SOCKET, expires_at: Date.now() + 60_000 }),
  ], false, refusingSocket);
  await vi.waitFor(() => expect(opened).toEqual([refused, SOCKET]));
  expect(paths(api)).toEqual(['/api/web/bot/get-socket-url', '/api/web/bot/get-socket-url', '/api/web/user/start-session', '/api/web/bot/get-socket-url']);
  expect(await getLocalDoc(d, 'session')).toMatchObject({ token: NEW });
  expect((await getLocalDoc(d, 'sync-status'))?.unauthorised ?? false).toBe(false);
});
