// The live socket: who may open it (ticket, headers, Origin), and that bad frames are answered
// with an error frame while the socket and the server carry on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { API_BASE } from '../../src/api/headers';
import { ECHO_BOT_ID } from '../../server/bots/registry';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';
import { openSocket, type TestSocket } from './helpers/socket';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ allowedOrigins: ['http://localhost:5173'] });
});
afterAll(() => t.close());

const wsBase = () => t.url.replace(/^http/, 'ws') + API_BASE + '/socket';
const socketUrl = async (me: TestSession) => (await t.ok('getSocketUrl', {}, { session: me })).socket_url;

async function expectRefused(url: string, status: number, opts: Parameters<typeof openSocket>[1] = {}) {
  await expect(openSocket(url, opts)).rejects.toThrow(`upgrade refused: ${status}`);
}

const pingPong = async (s: TestSocket) => {
  s.send({ action: 'ping' });
  await s.next((f) => f.action === 'pong');
};

describe('opening the socket', () => {
  it('answers a ws URL of this server with a ticket, valid once', async () => {
    const me = await t.signIn();
    const { socket_url, expires_at } = await t.ok('getSocketUrl', {}, { session: me });
    expect(socket_url).toMatch(new RegExp(`^${wsBase()}\\?ticket=[0-9a-f]{32}$`));
    expect(expires_at).toBe(t.clock.now() + 60_000);
    const socket = await openSocket(socket_url);
    await pingPong(socket);
    await expectRefused(socket_url, 401);
    socket.close();
  });

  it('refuses no credentials, bad, unknown and expired tickets (401)', async () => {
    const me = await t.signIn();
    await expectRefused(wsBase(), 401);
    await expectRefused(`${wsBase()}?ticket=nope`, 401);
    await expectRefused(`${wsBase()}?ticket=${'0'.repeat(32)}`, 401);
    const url = await socketUrl(me);
    t.clock.advance(60_001);
    await expectRefused(url, 401);
  });

  it('opens with the mobile and session-id headers; refuses a wrong pair', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const socket = await openSocket(wsBase(), { headers: me.headers });
    await pingPong(socket);
    socket.close();
    await expectRefused(wsBase(), 401, { headers: { mobile: other.mobile, 'session-id': me.tokens.token } });
  });

  it('refuses the ticket of a session that has ended', async () => {
    const me = await t.signIn();
    const url = await socketUrl(me);
    await t.ok('logout', {}, { session: me });
    await expectRefused(url, 401);
  });

  it('refuses a foreign Origin (403); accepts its own and configured ones', async () => {
    const me = await t.signIn();
    await expectRefused(await socketUrl(me), 403, { origin: 'https://evil.example' });
    await expectRefused(wsBase(), 403, { origin: 'null', headers: me.headers });
    const own = await openSocket(await socketUrl(me), { origin: t.url });
    await pingPong(own);
    own.close();
    const dev = await openSocket(await socketUrl(me), { origin: 'http://localhost:5173' });
    await pingPong(dev);
    dev.close();
  });

  it('answers a plain GET of the socket path 426 (or 401 without a session)', async () => {
    const me = await t.signIn();
    expect((await t.fetch(`${API_BASE}/socket`)).status).toBe(401);
    expect((await t.fetch(`${API_BASE}/socket`, { headers: me.headers })).status).toBe(426);
  });

  it("says 'User Unauthorised' and closes when the session ends while open", async () => {
    const me = await t.signIn();
    const socket = await openSocket(await socketUrl(me));
    await pingPong(socket);
    await t.ok('logout', {}, { session: me });
    socket.send({ action: 'ping' });
    const error = await socket.next((f) => f.action === 'error');
    expect(error.body).toMatchObject({ statusCode: 401, message: 'User Unauthorised' });
    expect(await socket.closed).toEqual({ code: 4001, reason: 'User Unauthorised' });
  });

  it('pushes nothing to a socket whose session ended: it gets User Unauthorised and closes', async () => {
    const first = await t.signIn();
    t.clock.advance(60_000); // a new code may be asked after 59 s
    const second = await t.signIn(first.mobile);
    const stale = await openSocket(await socketUrl(first));
    const live = await openSocket(await socketUrl(second));
    await t.ok('logout', {}, { session: first });
    await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [{ type: 'text', text: { body: 'secret' }, client_message_id: 'e-1' }] }, { session: second });
    await live.next((f) => f.action === 'message-received' && JSON.stringify(f).includes('secret'));
    expect(await stale.closed).toEqual({ code: 4001, reason: 'User Unauthorised' });
    expect(stale.frames).toEqual([{ action: 'error', body: { statusCode: 401, message: 'User Unauthorised' } }]);
    live.close();
  });
});

describe('frames', () => {
  it('answers every malformed frame with an error frame and keeps going', async () => {
    const me = await t.signIn();
    const socket = await openSocket(await socketUrl(me));
    const bad: [unknown, RegExp][] = [
      ['not json', /not valid JSON/],
      ['{"action":', /not valid JSON/],
      ['null', /object/],
      ['[]', /object/],
      ['42', /object/],
      [{}, /action/],
      [{ action: 'dance', body: {} }, /action/],
      [{ action: 'send-message' }, /body/],
      [{ action: 'send-message', body: {} }, /bot_uuid/],
      [{ action: 'send-message', body: { bot_uuid: '123', message: { type: 'text', text: { body: 'x' }, client_message_id: 'a' } } }, /bot_uuid/],
      [{ action: 'send-message', body: { bot_uuid: ECHO_BOT_ID, message: { type: 'image', client_message_id: 'a' } } }, /media: Required/],
      [{ action: 'send-message', body: { bot_uuid: ECHO_BOT_ID, message: { type: 'text', text: { body: '' }, client_message_id: 'a' } } }, /blank/],
      [{ action: 'send-message', body: { bot_uuid: ECHO_BOT_ID, message: { type: 'text', text: { body: 'x' } } } }, /client_message_id/],
      [{ action: 'send-message', body: { bot_uuid: ECHO_BOT_ID, message: { type: 'text', text: { body: 'a\u0000b' }, client_message_id: 'a' } } }, /NUL/],
      [{ action: 'send-message', body: { bot_uuid: ECHO_BOT_ID, message: { type: 'text', text: { body: 'x' }, client_message_id: 'a' }, extra: 1 } }, /Unrecognized/],
    ];
    for (const [frame, message] of bad) {
      socket.send(frame);
      const error = await socket.next((f) => f.action === 'error');
      expect(error.body, JSON.stringify(frame)).toMatchObject({ statusCode: 400, message: expect.stringMatching(message) });
    }
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await socket.next((f) => f.action === 'error')).body).toMatchObject({ statusCode: 400, message: expect.stringMatching(/JSON text/) });
    // An unknown bot: 404 naming the message it was about.
    socket.send({ action: 'send-message', body: { bot_uuid: '9999999999999999', message: { type: 'text', text: { body: 'x' }, client_message_id: 'u-1' } } });
    expect((await socket.next((f) => f.action === 'error')).body).toEqual({ statusCode: 404, message: 'Invalid bot id', client_message_id: 'u-1' });
    // Still open and working, and nothing was stored.
    await pingPong(socket);
    const page = await t.ok('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { session: me });
    expect(page.messages).toEqual([]);
    socket.close();
  });

  it('closes a socket that sends an oversize frame (1009); the server carries on', async () => {
    const me = await t.signIn();
    const socket = await openSocket(await socketUrl(me));
    socket.send('x'.repeat(70 * 1024));
    expect((await socket.closed).code).toBe(1009);
    const again = await openSocket(await socketUrl(me));
    await pingPong(again);
    again.close();
  });

  it('survives a client that vanishes mid-send', async () => {
    const me = await t.signIn();
    const raw = new WebSocket(await socketUrl(me));
    await new Promise((r) => raw.on('open', r));
    raw.send(JSON.stringify({ action: 'send-message', body: { bot_uuid: ECHO_BOT_ID, message: { type: 'text', text: { body: 'bye' }, client_message_id: 'v-1' } } }));
    raw.terminate();
    await new Promise((r) => setTimeout(r, 200));
    const page = await t.ok('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { session: me });
    expect(page.messages.map((m) => m.text?.body)).toEqual(['bye', 'bye']);
  });
});

describe('ending a session closes its sockets at once', () => {
  const unauthorisedFrame = { action: 'error', body: { statusCode: 401, message: 'User Unauthorised' } };

  /** Two sessions of one user (two devices: two login tokens), each with an open socket. */
  async function twoDevices() {
    const first = await t.signIn();
    t.clock.advance(60_000); // a new code may be asked after 59 s
    const second = await t.signIn(first.mobile);
    const stale = await openSocket(await socketUrl(first));
    const live = await openSocket(wsBase(), { headers: second.headers });
    await pingPong(stale);
    await pingPong(live);
    return { first, second, stale, live };
  }

  it('POST logout: the socket gets User Unauthorised and closes without sending anything; the other session keeps its socket', async () => {
    const { first, second, stale, live } = await twoDevices();
    await t.ok('logout', {}, { session: first });
    expect(await stale.closed).toEqual({ code: 4001, reason: 'User Unauthorised' });
    expect(stale.frames).toEqual([unauthorisedFrame]);
    await pingPong(live);
    await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [{ type: 'text', text: { body: 'still here' }, client_message_id: 'l-1' }] }, { session: second });
    await live.next((f) => f.action === 'message-received' && JSON.stringify(f).includes('still here'));
    live.close();
  });

  it('GET logout closes the socket the same way', async () => {
    const { first, stale, live } = await twoDevices();
    const response = await t.fetch(`${API_BASE}/mobile/logout`, { headers: first.headers });
    expect(response.status).toBe(200);
    expect(await stale.closed).toEqual({ code: 4001, reason: 'User Unauthorised' });
    expect(stale.frames).toEqual([unauthorisedFrame]);
    await pingPong(live);
    live.close();
  });

  it('closes every socket of the session, however it was opened', async () => {
    const me = await t.signIn();
    const byTicket = await openSocket(await socketUrl(me));
    const byHeaders = await openSocket(wsBase(), { headers: me.headers });
    await pingPong(byTicket);
    await pingPong(byHeaders);
    await t.ok('logout', {}, { session: me });
    for (const s of [byTicket, byHeaders]) {
      expect(await s.closed).toEqual({ code: 4001, reason: 'User Unauthorised' });
      expect(s.frames).toEqual([unauthorisedFrame]);
    }
  });

  it("delete-profile closes every socket of the user and no one else's", async () => {
    const { first, stale, live } = await twoDevices();
    const stranger = await t.signIn();
    const theirs = await openSocket(await socketUrl(stranger));
    await pingPong(theirs);
    await t.ok('deleteProfile', {}, { session: first });
    for (const s of [stale, live]) {
      expect(await s.closed).toEqual({ code: 4001, reason: 'User Unauthorised' });
      expect(s.frames).toEqual([unauthorisedFrame]);
    }
    await pingPong(theirs);
    theirs.close();
  });
});
