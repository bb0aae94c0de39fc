// Web Push against a local mock push service (an http server on 127.0.0.1 that takes the
// encrypted POSTs of RFC 8030/8291 and answers a chosen status): the VAPID key route, the
// subscription save and its validation, pushes for bot messages of users without a live socket
// (decrypted here with the subscriber's own keys), none for muted conversations or users with a
// socket open, and subscriptions dropped on 404/410.
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECHO_BOT_ID, SLOW_BOT_ID } from '../../server/bots/registry';
import type { PushOutcome } from '../../server/push/sender';
import { checkEndpoint, hostMatches } from '../../server/push/subscriptions';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';
import { openSocket } from './helpers/socket';

const ece = createRequire(import.meta.url)('http_ece') as { decrypt(body: Buffer, params: Record<string, unknown>): Buffer };

interface Received { path: string; headers: IncomingMessage['headers']; body: Buffer }

let mock: HttpServer;
let mockHost = '';
const received: Received[] = [];
const statusFor = new Map<string, number>();
const outcomes: PushOutcome[] = [];
const waiters: Array<() => void> = [];
let t: TestServer;

/** Waits for a condition (checked on every mock request and outcome, and every 20 ms). */
function until<T>(find: () => T | undefined, what: string, ms = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => void check(), 20);
    const timer = setTimeout(() => {
      clearInterval(poll);
      reject(new Error(`timed out waiting for ${what}`));
    }, ms);
    const check = () => {
      const found = find();
      if (found === undefined) return false;
      clearTimeout(timer);
      clearInterval(poll);
      resolve(found);
      return true;
    };
    if (check()) return;
    const loop = () => { if (!check()) waiters.push(loop); };
    waiters.push(loop);
  });
}
const wake = () => { for (const w of waiters.splice(0)) w(); };

beforeAll(async () => {
  mock = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statusFor.get(path) ?? 201;
      res.end();
      wake();
    });
  });
  await new Promise<void>((resolve) => mock.listen(0, '127.0.0.1', resolve));
  mockHost = `127.0.0.1:${(mock.address() as AddressInfo).port}`;
  t = await startTestServer({
    slowBotDelayMs: 50,
    push: { allowInsecureHosts: [mockHost], ttlSeconds: 3600, onOutcome: (o) => { outcomes.push(o); wake(); } },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => mock.close(resolve));
});

interface Subscriber { ecdh: ECDH; auth: Buffer; endpoint: string; json: { endpoint: string; keys: { p256dh: string; auth: string } } }
let n = 0;
function subscriber(): Subscriber {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const endpoint = `http://${mockHost}/push/${Date.now()}-${n++}`;
  return { ecdh, auth, endpoint, json: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } } };
}

async function subscribe(me: TestSession, sub: Subscriber): Promise<void> {
  await t.ok('savePwaSubscription', { subscription: sub.json, timestamp: Date.now(), deviceId: 'dev-1' }, { session: me });
}
const userOf = (me: TestSession) => me.tokens.user.user_uuid;
const outcomeFor = (me: TestSession, bot: string) => () => outcomes.find((o) => o.userUuid === userOf(me) && o.botUuid === bot);

describe('VAPID and subscriptions', () => {
  it('gives the same 65-byte public key on every call', async () => {
    const a = await t.ok('getVapidPublicKey', {});
    const b = await t.ok('getVapidPublicKey', {});
    expect(a.public_key).toBe(b.public_key);
    expect(Buffer.from(a.public_key, 'base64url')).toHaveLength(65);
  });

  it('saves a subscription with 200, and again (the same endpoint is updated, not doubled)', async () => {
    const me = await t.signIn();
    const sub = subscriber();
    await subscribe(me, sub);
    await subscribe(me, sub);
    const rows = await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM push_subscriptions WHERE endpoint = $1', [sub.endpoint]);
    expect(rows[0]!.n).toBe(1);
  });

  it('moves an endpoint to another user only with the subscription\'s own keys (issue 21, item 9)', async () => {
    const owner = await t.signIn();
    const stranger = await t.signIn();
    const sub = subscriber();
    await subscribe(owner, sub);
    const ownerOf = async () => (await t.server.db.query<{ user_uuid: string; p256dh: string }>('SELECT user_uuid, p256dh FROM push_subscriptions WHERE endpoint = $1', [sub.endpoint]))[0];
    // the endpoint with keys of the stranger's own: refused, the row stays the owner's, keys unchanged
    const other = subscriber();
    const takeover = await t.call('savePwaSubscription', { subscription: { endpoint: sub.endpoint, keys: other.json.keys }, timestamp: 1, deviceId: 'x' }, { session: stranger });
    expect(takeover.status).toBe(409);
    expect(await ownerOf()).toEqual({ user_uuid: userOf(owner), p256dh: sub.json.keys.p256dh });
    // only one key right is not enough
    const half = await t.call('savePwaSubscription', { subscription: { endpoint: sub.endpoint, keys: { p256dh: sub.json.keys.p256dh, auth: other.json.keys.auth } }, timestamp: 1, deviceId: 'x' }, { session: stranger });
    expect(half.status).toBe(409);
    // the owner may renew its keys; the browser's own subscription (same keys) moves to whoever signs in there
    const renewed = { endpoint: sub.endpoint, keys: other.json.keys };
    await t.ok('savePwaSubscription', { subscription: renewed, timestamp: 2, deviceId: 'dev-1' }, { session: owner });
    const next = await t.signIn();
    await t.ok('savePwaSubscription', { subscription: renewed, timestamp: 3, deviceId: 'dev-1' }, { session: next });
    expect((await ownerOf())?.user_uuid).toBe(userOf(next));
  });

  it('refuses endpoints that are not https push services, and malformed keys, with a 400', async () => {
    const me = await t.signIn();
    const good = subscriber().json;
    const save = (subscription: unknown) => t.call('savePwaSubscription', { subscription, timestamp: 1, deviceId: 'd' } as never, { session: me });
    for (const endpoint of ['http://fcm.googleapis.com/fcm/send/x', 'https://evil.example.com/push', 'https://fcm.googleapis.com.evil.com/x', 'http://127.0.0.1:1/x', 'not a url']) {
      const answer = await save({ ...good, endpoint });
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body).toMatchObject({ message: expect.stringMatching(/endpoint/) });
    }
    expect((await save({ ...good, keys: { p256dh: 'abc', auth: good.keys.auth } })).status).toBe(400);
    expect((await save({ ...good, keys: { p256dh: good.keys.p256dh, auth: randomBytes(8).toString('base64url') } })).status).toBe(400);
    expect((await save({ endpoint: good.endpoint })).status).toBe(400);
    expect((await t.call('savePwaSubscription', { subscription: good, timestamp: 1, deviceId: 'd' })).status).toBe(401);
    expect((await save({ ...good, endpoint: 'https://fcm.googleapis.com/fcm/send/abc' })).status).toBe(200);
  });

  it('matches push-service host patterns', () => {
    expect(hostMatches('updates.push.services.mozilla.com', '*.push.services.mozilla.com')).toBe(true);
    expect(hostMatches('push.services.mozilla.com', '*.push.services.mozilla.com')).toBe(false);
    expect(hostMatches('db5p.notify.windows.com', '*.notify.windows.com')).toBe(true);
    expect(hostMatches('web.push.apple.com', 'web.push.apple.com')).toBe(true);
    expect(() => checkEndpoint('https://web.push.apple.com/abc')).not.toThrow();
    expect(() => checkEndpoint('https://user:pw@fcm.googleapis.com/x')).toThrow(/credentials/);
    // without the explicit test option a local mock is refused
    expect(() => checkEndpoint(`http://${mockHost}/x`)).toThrow(/https/);
  });
});

describe('pushes for bot messages', () => {
  it('pushes the encrypted conversation notification to a user with no live socket', async () => {
    const me = await t.signIn();
    const sub = subscriber();
    await subscribe(me, sub);
    await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [{ type: 'text', text: { body: 'x'.repeat(250) }, client_message_id: `c-${Date.now()}` }] }, { session: me });
    const got = await until(() => received.find((r) => r.path === new URL(sub.endpoint).pathname), 'the push');
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(got.headers.ttl).toBe('3600');
    const { public_key } = await t.ok('getVapidPublicKey', {});
    expect(got.headers.authorization).toMatch(new RegExp(`^vapid t=[^,]+, k=${public_key}$`));
    const plain = ece.decrypt(got.body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth.toString('base64url') });
    const payload = JSON.parse(plain.toString('utf8')) as { bot_uuid: string; name: string; icon: string; body: string };
    expect(payload.bot_uuid).toBe(ECHO_BOT_ID);
    expect(payload.name.length).toBeGreaterThan(0);
    // the echo bot repeats the 250 characters: capped at 200 then '...'
    expect(payload.body.endsWith('...')).toBe(true);
    expect(payload.body.length).toBeLessThanOrEqual(203);
    expect((await until(outcomeFor(me, ECHO_BOT_ID), 'the outcome')).kind).toBe('sent');
  });

  it('sends none for a muted conversation (and none while the mute lasts forever)', async () => {
    const me = await t.signIn();
    const sub = subscriber();
    await subscribe(me, sub);
    await t.ok('subscribeBot', { bot_uuid: SLOW_BOT_ID }, { session: me });
    await t.server.db.query(
      `INSERT INTO conversations (user_uuid, bot_uuid, mute_time, mute_duration) VALUES ($1, $2, $3, -1)
       ON CONFLICT (user_uuid, bot_uuid) DO UPDATE SET mute_time = EXCLUDED.mute_time, mute_duration = -1`,
      [userOf(me), SLOW_BOT_ID, t.clock.now()],
    );
    const muted = await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM conversations WHERE user_uuid = $1 AND mute_duration = -1', [userOf(me)]);
    expect(muted[0]!.n).toBe(1);
    await t.ok('messageWebhookPwa', { botId: SLOW_BOT_ID, messages: [{ type: 'text', text: { body: 'hi' }, client_message_id: `m-${Date.now()}` }] }, { session: me });
    const outcome = await until(outcomeFor(me, SLOW_BOT_ID), 'the slow reply outcome');
    expect(outcome).toMatchObject({ kind: 'skipped', reason: 'muted' });
    expect(received.filter((r) => r.path === new URL(sub.endpoint).pathname)).toHaveLength(0);
  });

  it('sends none while the user holds a live socket', async () => {
    const me = await t.signIn();
    const sub = subscriber();
    await subscribe(me, sub);
    const { socket_url } = await t.ok('getSocketUrl', {}, { session: me });
    const socket = await openSocket(socket_url);
    try {
      await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [{ type: 'text', text: { body: 'live' }, client_message_id: `l-${Date.now()}` }] }, { session: me });
      // the reply went to the socket; then, with the socket closed, the next one is pushed
      await socket.close();
      await until(() => (t.server.openSockets(userOf(me)) === 0 ? true : undefined), 'the socket to close');
      await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [{ type: 'text', text: { body: 'after' }, client_message_id: `a-${Date.now()}` }] }, { session: me });
      await until(() => received.find((r) => r.path === new URL(sub.endpoint).pathname), 'the push after close');
      expect(received.filter((r) => r.path === new URL(sub.endpoint).pathname)).toHaveLength(1);
    } finally {
      await socket.close();
    }
  });

  it('removes a subscription the push service answers 410 (and 404) for', async () => {
    for (const status of [410, 404]) {
      const me = await t.signIn();
      const sub = subscriber();
      statusFor.set(new URL(sub.endpoint).pathname, status);
      await subscribe(me, sub);
      await t.ok('initiateConversation', { bot_uuid: ECHO_BOT_ID }, { session: me });
      const outcome = await until(() => outcomes.find((o) => o.userUuid === userOf(me) && o.kind === 'removed'), `the ${status} removal`);
      expect(outcome).toMatchObject({ kind: 'removed', status, endpoint: sub.endpoint });
      const rows = await t.server.db.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [sub.endpoint]);
      expect(rows).toHaveLength(0);
    }
  });
});
