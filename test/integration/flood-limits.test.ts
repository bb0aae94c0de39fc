// The flood limits one by one (issue 21 items 1 and 3), on a real server whose limits are set
// small so each is reached in a few requests: 429 with Retry-After and the ErrorBody over HTTP,
// an error frame 429 naming the message on the socket, and the user's oldest socket closed past
// the cap. Another user (and another address's caller) is not affected.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BASE } from '../../src/api/headers';
import { REPLACED_CLOSE } from '../../server/bots/hub';
import { ECHO_BOT_ID } from '../../server/bots/registry';
import { startTestServer, type TestServer } from './helpers/server';
import { openSocket } from './helpers/socket';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    floodLimits: {
      // a rate so slow no token comes back during a test: only the burst counts
      userSends: { burst: 3, perSecond: 0.001 },
      userCalls: { burst: 8, perSecond: 0.001 },
      socketsPerUser: 2,
    },
  });
});
afterAll(() => t.close());

const wsUrl = () => t.url.replace(/^http/, 'ws') + API_BASE + '/socket';
const text = (id: string) => ({ type: 'text' as const, text: { body: id }, client_message_id: id });

it("refuses a user's sends past their rate with 429, Retry-After and the ErrorBody (webhook), storing nothing more", async () => {
  const me = await t.signIn();
  const first = await t.call('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [text('w1'), text('w2'), text('w3')] }, { session: me });
  expect(first.status).toBe(200);
  const refused = await t.call('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [text('w4')] }, { session: me });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(refused.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', message: expect.stringMatching(/Too many messages/) });
  const page = await t.ok('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { session: me });
  expect(page.messages.filter((m) => m.from === 'user').map((m) => m.client_message_id)).toEqual(['w1', 'w2', 'w3']);
  // another user has their own allowance
  const other = await t.signIn();
  expect((await t.call('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [text('o1')] }, { session: other })).status).toBe(200);
});

it('answers a send past the rate on the socket with an error frame 429 naming the message; the socket carries on', async () => {
  const me = await t.signIn();
  const socket = await openSocket(wsUrl(), { headers: me.headers });
  for (const id of ['s1', 's2', 's3', 's4']) socket.send({ action: 'send-message', body: { bot_uuid: ECHO_BOT_ID, message: text(id) } });
  const error = await socket.next((f) => f.action === 'error');
  expect(error.body).toMatchObject({ statusCode: 429, client_message_id: 's4' });
  socket.send({ action: 'ping' });
  await socket.next((f) => f.action === 'pong');
  socket.close();
});

it("refuses a signed-in user's calls past their rate (429, Retry-After); another user's go on", async () => {
  const me = await t.signIn();
  const other = await t.signIn();
  const statuses: number[] = [];
  for (let i = 0; i < 9; i++) statuses.push((await t.call('getProfile', {}, { session: me })).status);
  expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
  const last = await t.call('getProfile', {}, { session: me });
  expect(last.status).toBe(429);
  expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
  expect((await t.call('getProfile', {}, { session: other })).status).toBe(200);
});

it("closes a user's oldest socket (4002) when they open more than socketsPerUser; the newer ones stay", async () => {
  const me = await t.signIn();
  const first = await openSocket(wsUrl(), { headers: me.headers });
  const second = await openSocket(wsUrl(), { headers: me.headers });
  const third = await openSocket(wsUrl(), { headers: me.headers });
  expect(await first.closed).toEqual({ code: REPLACED_CLOSE, reason: 'Replaced by a newer connection' });
  expect(t.server.openSockets(await userUuidOf(me.headers))).toBe(2);
  for (const s of [second, third]) {
    s.send({ action: 'ping' });
    await s.next((f) => f.action === 'pong');
    s.close();
  }
});

async function userUuidOf(headers: Record<string, string>): Promise<string> {
  const rows = await t.server.db.query<{ user_uuid: string }>('SELECT user_uuid FROM users WHERE mobile = $1', [headers.mobile]);
  return rows[0]!.user_uuid;
}
