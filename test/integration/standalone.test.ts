// Standalone single-bot mode on the server (issue 17; spec part 1 §4, §6, §7): start-session with
// and without sign-in, the /api/web/ variants of the auth routes with the device-id, session-id,
// bot-id and user-id headers, their 401 and 440 answers, guests kept apart (IDOR), and the host
// name → bot map of the server's configuration.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, HEADER } from '../../src/api/headers';
import { ROUTE_TABLE } from '../../src/api/route-table';
import { STANDALONE_SESSION_ROUTES } from '../../src/api/standalone-routes';
import type { RouteName } from '../../src/api/contract';
import { POLICY } from '../../server/accounts/policy';
import { parseStandaloneHosts } from '../../server/accounts/standalone';
import { ECHO_BOT_ID, SHOP_BOT_ID } from '../../server/bots/registry';
import { startTestServer, type TestServer } from './helpers/server';
import { openSocket } from './helpers/socket';

const QUIZ = '2000000000000102';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    standaloneHosts: parseStandaloneHosts('chat.greenvalley.example=1000000000000001, shop.example:8443=1000000000000002'),
    fullAppUrl: 'https://app.greenvalley.example',
  });
}, 180_000); // a migrated PGlite takes 1-3 s alone; on a loaded shared machine it took over 60 s
afterAll(() => t.close());

interface Guest { deviceId: string; userUuid: string; sessionId: string; headers: Record<string, string> }

async function startSession(body: Record<string, unknown>): Promise<Response> {
  return t.fetch(`${API_BASE}${ROUTE_TABLE.startSession.path}`, { method: 'POST', headers: { 'content-type': 'application/json', [HEADER.packageName]: 'web' }, body: JSON.stringify(body) });
}

async function guest(deviceId: string = randomUUID(), bot = ECHO_BOT_ID): Promise<Guest> {
  const res = await startSession({ device_id: deviceId, bot_uuid: bot, payload: { source: 'test' } });
  expect(res.status).toBe(200);
  const body = await res.json() as { user_uuid: string; session_id: string; bot_uuid: string | null };
  expect(body.bot_uuid).toBe(bot);
  return {
    deviceId, userUuid: body.user_uuid, sessionId: body.session_id,
    headers: { [HEADER.deviceId]: deviceId, [HEADER.sessionId]: body.session_id, [HEADER.botId]: bot, [HEADER.userId]: body.user_uuid },
  };
}

/** An auth route's web variant (spec part 1 §7: standalone rewrites auth URLs to /api/web/). */
async function web(name: RouteName, body: unknown, headers: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const def = ROUTE_TABLE[name];
  const url = `${API_BASE}/web${def.path}`;
  const res = def.method === 'GET'
    ? await t.fetch(url, { headers })
    : await t.fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() as Record<string, unknown> };
}

describe('start-session without sign-in', () => {
  it('answers a user and a session for the device; the same device is the same user with a new session', async () => {
    const deviceId = randomUUID();
    const a = await guest(deviceId);
    expect(a.userUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.sessionId).toMatch(/^[0-9a-f]{32}$/);
    const b = await guest(deviceId);
    expect(b.userUuid).toBe(a.userUuid);
    expect(b.sessionId).not.toBe(a.sessionId);
    expect((await guest()).userUuid).not.toBe(a.userUuid);
    // only a digest of the session id is kept, with its device, bot and payload
    const rows = await t.server.db.query<{ device_id: string; bot_uuid: string; payload: unknown }>('SELECT device_id, bot_uuid, payload FROM sessions WHERE id_hash = $1', [a.sessionId]);
    expect(rows).toEqual([]);
  });

  it('the web routes answer the guest: profile, configuration, socket address, its chat with the bot', async () => {
    const g = await guest();
    const profile = await web('getProfile', undefined, g.headers);
    expect(profile.status).toBe(200);
    expect(profile.body.user_uuid).toBe(g.userUuid);
    expect((await web('getConfiguration', { bot_uuid: ECHO_BOT_ID }, g.headers)).status).toBe(200);
    const socket = await web('getSocketUrl', undefined, g.headers);
    expect(socket.status).toBe(200);
    const chat = await web('initiateConversation', { bot_uuid: ECHO_BOT_ID }, g.headers);
    expect(chat.status).toBe(200);
    expect((chat.body.bot as { bot_uuid: string }).bot_uuid).toBe(ECHO_BOT_ID);
  });

  it('refuses bad input with 400 and an unknown bot with 404', async () => {
    const bad = [
      { device_id: randomUUID(), bot_uuid: '100000000000001' }, // 15 digits
      { device_id: randomUUID(), bot_uuid: '10000000000000011' }, // 17 digits
      { device_id: randomUUID(), bot_uuid: 'abcdefghijklmnop' },
      { device_id: 'short', bot_uuid: ECHO_BOT_ID },
      { device_id: randomUUID() }, // neither bot nor access token
      { device_id: randomUUID(), bot_uuid: ECHO_BOT_ID, extra: 1 },
      { device_id: randomUUID(), bot_uuid: ECHO_BOT_ID, payload: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, i])) },
      { device_id: randomUUID(), access_token: 'not-a-token' },
    ];
    for (const body of bad) expect((await startSession(body)).status, JSON.stringify(body)).toBe(400);
    expect((await startSession({ device_id: randomUUID(), bot_uuid: '1999999999999999' })).status).toBe(404);
  });
});

describe('start-session with sign-in (the extension supplies the token)', () => {
  it('opens a web session of the signed-in user; an unknown or revoked token is 401', async () => {
    const me = await t.signIn();
    await t.ok('updateProfile', { name: 'Lakshmi' }, { session: me });
    const deviceId = randomUUID();
    const res = await startSession({ device_id: deviceId, access_token: me.tokens.loginToken, bot_uuid: SHOP_BOT_ID });
    expect(res.status).toBe(200);
    const body = await res.json() as { user_uuid: string; session_id: string };
    expect(body.user_uuid).toBe(me.tokens.user.user_uuid);
    const headers = { [HEADER.deviceId]: deviceId, [HEADER.sessionId]: body.session_id, [HEADER.botId]: SHOP_BOT_ID, [HEADER.userId]: body.user_uuid };
    expect((await web('getProfile', undefined, headers)).body.name).toBe('Lakshmi');
    // no bot: the access token alone is enough (spec: access_token replacing bot_uuid)
    expect((await startSession({ device_id: deviceId, access_token: me.tokens.loginToken })).status).toBe(200);
    expect((await startSession({ device_id: deviceId, access_token: randomUUID().replace(/-/g, '') })).status).toBe(401);
    await t.ok('logout', {}, { session: me });
    expect((await startSession({ device_id: deviceId, access_token: me.tokens.loginToken })).status).toBe(401);
  });
});

describe('the standalone 401 and 440 answers', () => {
  it('401: no session, a malformed id, another device, another user id, a bad bot id', async () => {
    const g = await guest();
    const other = await guest();
    const cases: Array<[string, Record<string, string>]> = [
      ['no session id', { ...g.headers, [HEADER.sessionId]: '' }],
      ['malformed session id', { ...g.headers, [HEADER.sessionId]: 'x'.repeat(32) }],
      ['no device id', Object.fromEntries(Object.entries(g.headers).filter(([k]) => k !== HEADER.deviceId))],
      ['another device', { ...g.headers, [HEADER.deviceId]: other.deviceId }],
      ['another user id', { ...g.headers, [HEADER.userId]: other.userUuid }],
      ['a bot id that is not 16 digits', { ...g.headers, [HEADER.botId]: '123' }],
    ];
    for (const [why, headers] of cases) expect((await web('getProfile', undefined, headers)).status, why).toBe(401);
    expect((await web('getProfile', undefined, g.headers)).status).toBe(200);
  });

  it('a signed-in (mobile) session is not a web session, and a guest session does not open the mobile routes', async () => {
    const me = await t.signIn();
    expect((await web('getProfile', undefined, { [HEADER.deviceId]: randomUUID(), [HEADER.sessionId]: me.tokens.token })).status).toBe(401);
    const g = await guest();
    const res = await t.fetch(`${API_BASE}${ROUTE_TABLE.getProfile.path}`, { headers: { [HEADER.mobile]: '+919876543210', [HEADER.sessionId]: g.sessionId } });
    expect(res.status).toBe(401);
  });

  it('401 after the guest logs out; 440 once the session has expired', async () => {
    const g = await guest();
    expect((await web('logout', {}, g.headers)).status).toBe(200);
    expect((await web('getProfile', undefined, g.headers)).status).toBe(401);
    const h = await guest();
    t.clock.advance(POLICY.sessionTtlMs + 1);
    expect((await web('getConfiguration', { bot_uuid: ECHO_BOT_ID }, h.headers)).status).toBe(440);
    // a new start-session (what the app does on 440 / 401) works again, for the same guest
    const again = await guest(h.deviceId);
    expect(again.userUuid).toBe(h.userUuid);
    expect((await web('getConfiguration', { bot_uuid: ECHO_BOT_ID }, again.headers)).status).toBe(200);
  });
});

describe('guests are kept apart (IDOR)', () => {
  it('one web session never reads or overwrites another user\'s mini-app storage; a guest of one bot has none', async () => {
    // mini apps are not part of the one-bot mode: a guest (its session names a bot) is refused them
    const g = await guest();
    expect((await web('setMiniAppStorage', { mini_app_uuid: QUIZ, key: 'streak', value: '7' }, g.headers)).body.reason).toBe('standalone_bot');
    // signed-in web sessions without a bot (standalone-with-auth) may use them, each its own
    const signedInWeb = async (): Promise<Guest> => {
      const me = await t.signIn();
      const deviceId = randomUUID();
      const body = await (await startSession({ device_id: deviceId, access_token: me.tokens.loginToken })).json() as { user_uuid: string; session_id: string };
      return { deviceId, userUuid: body.user_uuid, sessionId: body.session_id, headers: { [HEADER.deviceId]: deviceId, [HEADER.sessionId]: body.session_id, [HEADER.userId]: body.user_uuid } };
    };
    const a = await signedInWeb();
    const b = await signedInWeb();
    expect(a.userUuid).not.toBe(b.userUuid);
    expect((await web('setMiniAppStorage', { mini_app_uuid: QUIZ, key: 'streak', value: '7' }, a.headers)).status).toBe(200);
    expect((await web('getMiniAppStorage', { mini_app_uuid: QUIZ, key: 'streak' }, b.headers)).body.value).toBeNull();
    expect((await web('setMiniAppStorage', { mini_app_uuid: QUIZ, key: 'streak', value: '1' }, b.headers)).status).toBe(200);
    expect((await web('getMiniAppStorage', { mini_app_uuid: QUIZ, key: 'streak' }, a.headers)).body.value).toBe('7');
    // naming the other user in user-id with one's own session gets nothing
    expect((await web('getMiniAppStorage', { mini_app_uuid: QUIZ, key: 'streak' }, { ...a.headers, [HEADER.userId]: b.userUuid })).status).toBe(401);
  });
});

describe('host name → bot (the server\'s configuration; spec "a CNAME lookup")', () => {
  it('maps configured host names, with or without the port, case-insensitively; others are null', async () => {
    const resolve = async (host: string) => (await t.ok('resolveStandaloneHost', { host })).bot_uuid;
    expect(await resolve('chat.greenvalley.example')).toBe(ECHO_BOT_ID);
    expect(await resolve('CHAT.GreenValley.example:443')).toBe(ECHO_BOT_ID);
    expect(await resolve('shop.example:8443')).toBe('1000000000000002');
    expect(await resolve('elsewhere.example')).toBeNull();
    expect((await t.callUnchecked('resolveStandaloneHost', { host: 'not a host/' })).status).toBe(400);
  });

  it('serves FULL_APP_URL as the remote flag full_app_url (where "Open the full app" leads on a mapped host)', async () => {
    const res = await t.fetch(`${API_BASE}${ROUTE_TABLE.getRemoteConfig.path}`);
    expect(res.status).toBe(200);
    expect((await res.json() as { full_app_url: string }).full_app_url).toBe('https://app.greenvalley.example');
  });

  it('refuses a configuration whose bot id is not 16 digits', () => {
    expect(() => parseStandaloneHosts('a.example=123')).toThrow(/16-digit/);
    expect(parseStandaloneHosts(undefined)).toEqual({});
  });
});

describe('a standalone session uses its own bot only (403)', () => {
  const text = (body: string) => ({ type: 'text', text: { body }, client_message_id: randomUUID() });

  it('refuses a body or a bot-id header naming another bot, with the catalogue\'s error body', async () => {
    const g = await guest();
    for (const [name, body] of [
      ['initiateConversation', { bot_uuid: SHOP_BOT_ID }],
      ['getConfiguration', { bot_uuid: SHOP_BOT_ID }],
      ['getMessages', { bot_uuid: SHOP_BOT_ID, direction: 'backward' }],
      ['messageWebhookPwa', { botId: SHOP_BOT_ID, messages: [text('hello')] }],
      ['getCart', { bot_uuid: SHOP_BOT_ID }],
    ] as Array<[RouteName, Record<string, unknown>]>) {
      const res = await web(name, body, g.headers);
      expect(res.status, name).toBe(403);
      expect(res.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'This session may use its own bot only', reason: 'standalone_bot' });
    }
    // its own bot in the body, but another in the bot-id header
    const header = await web('getConfiguration', { bot_uuid: ECHO_BOT_ID }, { ...g.headers, [HEADER.botId]: SHOP_BOT_ID });
    expect(header.status).toBe(403);
    expect(header.body.reason).toBe('standalone_bot');
    // its own bot: answered
    expect((await web('initiateConversation', { bot_uuid: ECHO_BOT_ID }, g.headers)).status).toBe(200);
  });

  it('walks the route table: a session of one bot may call the one-bot routes only, every other answers 403 standalone_bot', async () => {
    const g = await guest();
    const authRoutes = (Object.keys(ROUTE_TABLE) as RouteName[]).filter((name) => ROUTE_TABLE[name].auth);
    const allowed = new Set<RouteName>(STANDALONE_SESSION_ROUTES);
    // the list names real session routes only (a typo would silently close a route the app needs)
    for (const name of allowed) expect(ROUTE_TABLE[name].auth, name).toBe(true);
    const closed = authRoutes.filter((name) => !allowed.has(name));
    // discovery, search, feed and rewards among them: the brief's examples, so the walk cannot be empty
    expect(closed).toEqual(expect.arrayContaining(['getDiscoveryPage', 'searchBots', 'getFeed', 'rewardsGetHomePage', 'getConversationList', 'getMiniAppList', 'trackEvents']));
    for (const name of closed) {
      const res = await web(name, {}, g.headers);
      expect([name, res.status, res.body.reason]).toEqual([name, 403, 'standalone_bot']);
    }
    // the open ones are not refused for being outside the mode (their answer may be a 400 for the
    // empty body); logout last, since it ends the session
    for (const name of [...allowed].sort((a, b) => Number(a === 'logout') - Number(b === 'logout'))) {
      const res = await web(name, {}, g.headers);
      expect([name, res.status === 403 && res.body.reason === 'standalone_bot']).toEqual([name, false]);
      expect(res.status, name).toBeLessThan(500);
    }
    // the same session through the member API (no /web): not a member session there, so 401
    expect((await t.fetch(`${API_BASE}${ROUTE_TABLE.getFeed.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...g.headers }, body: '{}' })).status).toBe(401);
  });

  it('a signed-in user\'s web session for one bot is held to the one-bot routes too', async () => {
    const me = await t.signIn();
    const deviceId = randomUUID();
    const res = await startSession({ device_id: deviceId, access_token: me.tokens.loginToken, bot_uuid: ECHO_BOT_ID });
    const body = await res.json() as { user_uuid: string; session_id: string };
    const headers = { [HEADER.deviceId]: deviceId, [HEADER.sessionId]: body.session_id, [HEADER.userId]: body.user_uuid, [HEADER.botId]: ECHO_BOT_ID };
    expect((await web('getDiscoveryPage', undefined, headers)).body.reason).toBe('standalone_bot');
    expect((await web('getConfiguration', { bot_uuid: ECHO_BOT_ID }, headers)).status).toBe(200);
    // and the member's own session is not
    expect((await t.callUnchecked('getFeed', {}, { session: me })).status).not.toBe(403);
  });

  it('a signed-in user\'s web session without a bot is not restricted; a normal session never is', async () => {
    const me = await t.signIn();
    const deviceId = randomUUID();
    const res = await startSession({ device_id: deviceId, access_token: me.tokens.loginToken });
    const body = await res.json() as { user_uuid: string; session_id: string };
    const headers = { [HEADER.deviceId]: deviceId, [HEADER.sessionId]: body.session_id, [HEADER.userId]: body.user_uuid };
    expect((await web('initiateConversation', { bot_uuid: SHOP_BOT_ID }, headers)).status).toBe(200);
    expect((await web('initiateConversation', { bot_uuid: ECHO_BOT_ID }, headers)).status).toBe(200);
    expect((await t.callUnchecked('initiateConversation', { bot_uuid: SHOP_BOT_ID }, { session: me })).status).toBe(200);
  });

  it('guest A cannot read guest B\'s messages with the same bot (IDOR)', async () => {
    const a = await guest();
    const b = await guest();
    const secret = `only for a ${randomUUID()}`;
    const sent = await web('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [text(secret)] }, a.headers);
    expect(sent.status).toBe(200);
    const mine = await web('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, a.headers);
    expect(JSON.stringify(mine.body)).toContain(secret);
    const theirs = await web('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, b.headers);
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.body)).not.toContain(secret);
    // B's session with A's user id (or device id) is refused outright
    expect((await web('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { ...b.headers, [HEADER.userId]: a.userUuid })).status).toBe(401);
    expect((await web('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { ...b.headers, [HEADER.deviceId]: a.deviceId })).status).toBe(401);
    // A's paging token in B's session gets nothing of A's
    const token = (mine.body.next_token ?? mine.body.forward_token) as string | null;
    if (token) {
      const replay = await web('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'forward', next_token: token }, b.headers);
      expect(replay.status).not.toBe(200);
      expect(JSON.stringify(replay.body)).not.toContain(secret);
    }
  });

  it('its socket sends to its own bot only: a frame for another bot gets an error frame 403', async () => {
    const g = await guest();
    const { socket_url } = (await web('getSocketUrl', undefined, g.headers)).body as { socket_url: string };
    const socket = await openSocket(socket_url);
    const other = { type: 'text', text: { body: 'to the shop' }, client_message_id: randomUUID() };
    socket.send({ action: 'web-send-message', body: { bot_uuid: SHOP_BOT_ID, message: other } });
    const refused = await socket.next((f) => f.action === 'error');
    expect(refused.body).toMatchObject({ statusCode: 403, client_message_id: other.client_message_id });
    const own = { type: 'text', text: { body: 'to the echo' }, client_message_id: randomUUID() };
    socket.send({ action: 'web-send-message', body: { bot_uuid: ECHO_BOT_ID, message: own } });
    await socket.next((f) => f.action === 'message-received' && JSON.stringify(f.body).includes('to the echo'), 10_000);
    socket.close();
    expect(await t.server.db.query('SELECT 1 FROM messages WHERE client_message_id = $1', [other.client_message_id])).toEqual([]);
  });
});
