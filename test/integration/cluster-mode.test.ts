// Cluster mode (issue 19): three servers on one PostgreSQL and one Redis, as separate processes
// would be (each its own pool and Redis connections). A user's frames reach their sockets on
// every process, a logout on one closes their sockets on all, sign-in limits and idempotency
// records hold across processes, and a stopping process closes its sockets with 1012.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/api/headers';
import { SERVER_RESTART_CLOSE } from '../../src/api/socket-close';
import { ECHO_BOT_ID } from '../../server/bots/registry';
import { startCluster, type TestCluster } from './helpers/cluster';
import type { TestServer, TestSession } from './helpers/server';
import { openSocket, type TestSocket } from './helpers/socket';

let cluster: TestCluster;
let a: TestServer;
let b: TestServer;
let c: TestServer;
beforeAll(async () => {
  cluster = await startCluster(3);
  [a, b, c] = cluster.nodes as [TestServer, TestServer, TestServer];
}, 60_000);
afterAll(() => cluster?.close(), 30_000);

let seq = 0;
const cid = () => `cluster-${Date.now()}-${++seq}`;
const text = (body: string, client_message_id = cid()) => ({ type: 'text' as const, text: { body }, client_message_id });

/** A socket of `me` opened on `node` (a ticket of that node, as the balancer would route it). */
async function socketOn(node: TestServer, me: TestSession): Promise<TestSocket> {
  const { socket_url } = await node.ok('getSocketUrl', {}, { session: me });
  const socket = await openSocket(socket_url);
  // registered in the hub once the first frame is answered
  socket.send({ action: 'ping' });
  await socket.next((f) => f.action === 'pong');
  return socket;
}

/** Signs in on `node`, the code read from the node that issued it. */
async function signInOn(node: TestServer): Promise<TestSession> {
  return node.signIn();
}

const received = (s: TestSocket, body: string) =>
  s.next((f) => f.action === 'message-received' && f.body.message.text?.body === body);

describe('socket fan-out', () => {
  it('a message sent through one process reaches the user\'s sockets on the others, the bot\'s reply too', async () => {
    const me = await signInOn(a);
    const onB = await socketOn(b, me);
    const onC = await socketOn(c, me);
    const answer = await a.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [text('across processes')] }, { session: me });
    expect(answer.messages.length).toBeGreaterThanOrEqual(1);
    for (const s of [onB, onC]) {
      await received(s, 'across processes');
      // the echo bot answers with the same words: its reply comes too
      await s.next((f) => f.action === 'message-received' && f.body.message.from === 'bot');
    }
    onB.close();
    onC.close();
  });

  it('every frame of a burst arrives on both processes, in order', async () => {
    const me = await signInOn(a);
    const onA = await socketOn(a, me);
    const onB = await socketOn(b, me);
    const words = Array.from({ length: 20 }, (_, i) => `burst ${i}`);
    // sent on the socket of process A, one after another
    for (const w of words) onA.send({ action: 'send-message', body: { bot_uuid: ECHO_BOT_ID, message: text(w) } });
    for (const s of [onA, onB]) {
      for (const w of words) await received(s, w);
    }
    const userFrames = (s: TestSocket) => s.frames; // what is left after next() took the matches
    expect(userFrames(onB).filter((f) => f.action === 'message-received' && f.body.message.from === 'user')).toEqual([]);
    onA.close();
    onB.close();
  });

  it('other users get nothing', async () => {
    const me = await signInOn(a);
    const other = await signInOn(b);
    const theirs = await socketOn(c, other);
    await a.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [text('mine only')] }, { session: me });
    const mine = await socketOn(b, me);
    await a.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [text('mine again')] }, { session: me });
    await received(mine, 'mine again');
    expect(theirs.frames.filter((f) => f.action === 'message-received')).toEqual([]);
    theirs.close();
    mine.close();
  });
});

describe('ended sessions', () => {
  it('a logout through one process closes the session\'s sockets on every process at once', async () => {
    const me = await signInOn(a);
    const onB = await socketOn(b, me);
    const onC = await socketOn(c, me);
    const started = Date.now();
    await a.ok('logout', {}, { session: me });
    const closes = await Promise.all([onB.closed, onC.closed]);
    expect(closes).toEqual([{ code: 4001, reason: 'User Unauthorised' }, { code: 4001, reason: 'User Unauthorised' }]);
    // at once, not at the next frame nor after the 10 s liveness trust
    expect(Date.now() - started).toBeLessThan(2_000);
    // and the session is no longer trusted anywhere
    expect((await b.call('getSocketUrl', {}, { session: me })).status).toBe(401);
  });

  it('a logout of one of two sessions, through a third process, closes only that session\'s sockets', async () => {
    const me = await signInOn(a);
    a.clock.advance(60_000); // the resend wait of the number's code
    const second = await a.signIn(me.mobile);
    // process B trusts `second` (its socket was checked), then `second` logs out through C
    const onB = await socketOn(b, second);
    await c.ok('logout', {}, { session: second });
    expect(await onB.closed).toEqual({ code: 4001, reason: 'User Unauthorised' });
    // the first session of the same user is untouched
    const still = await socketOn(b, me);
    await a.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [text('still here')] }, { session: me });
    await received(still, 'still here');
    still.close();
  });
});

describe('state shared across processes', () => {
  it('the resend wait of a code holds on another process (429 with Retry-After)', async () => {
    const mobile = a.freshMobile();
    await a.ok('sendOtp', { mobile });
    const elsewhere = await b.call('sendOtp', { mobile });
    expect(elsewhere.status).toBe(429);
    expect(Number(elsewhere.headers.get('retry-after'))).toBeGreaterThan(50);
  });

  it('wrong tries add up across processes: the 5th, wherever it lands, burns the code', async () => {
    const mobile = a.freshMobile();
    await a.ok('sendOtp', { mobile });
    const code = a.lastCode(mobile)!;
    const wrong = code === '0000' ? '1111' : '0000';
    const nodes = [a, b, c, a];
    for (const node of nodes) expect((await node.call('verifyOtp', { mobile, otp: wrong })).status).toBe(401);
    expect((await b.call('verifyOtp', { mobile, otp: wrong })).status).toBe(429);
    const right = await c.call('verifyOtp', { mobile, otp: code });
    expect(right.status).toBe(412);
  });

  it('a code issued by one process signs in on another', async () => {
    const mobile = a.freshMobile();
    await a.ok('sendOtp', { mobile });
    const tokens = await c.ok('verifyOtp', { mobile, otp: a.lastCode(mobile)! });
    expect(tokens.token).toMatch(/\S/);
  });

  it('an Idempotency-Key repeated to another process replays the first answer', async () => {
    const me = await signInOn(a);
    const key = `cluster-${cid()}`;
    const body = { botId: ECHO_BOT_ID, messages: [text('once, whatever the process')] };
    const first = await a.call('messageWebhookPwa', body, { session: me, headers: { [HEADER.idempotencyKey]: key } });
    expect(first.status).toBe(200);
    const again = await b.call('messageWebhookPwa', body, { session: me, headers: { [HEADER.idempotencyKey]: key } });
    expect(again.status).toBe(200);
    expect(again.headers.get(HEADER.idempotentReplayed)).toBe('true');
    expect(again.body).toEqual(first.body);
    const page = await c.ok('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { session: me });
    expect(page.messages.filter((m) => m.from === 'user' && m.text?.body === 'once, whatever the process')).toHaveLength(1);
  });
});

describe('drain', () => {
  it('a stopping process says so on /healthz, closes its sockets with 1012, and the others carry on', async () => {
    const me = await signInOn(a);
    expect((await c.fetch('/healthz')).status).toBe(200);
    const onC = await socketOn(c, me);
    const onA = await socketOn(a, me);
    const stopping = c.server.close();
    expect(await onC.closed).toEqual({ code: SERVER_RESTART_CLOSE, reason: 'Server restarting' });
    await stopping;
    await a.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [text('after the drain')] }, { session: me });
    await received(onA, 'after the drain');
    onA.close();
    // closed already: the cluster's close() must not close it twice
    cluster.nodes.splice(cluster.nodes.indexOf(c), 1);
    await c.close().catch(() => {});
  });
});

describe('configuration', () => {
  it('refuses REDIS_URL without a shared PostgreSQL, and an unreachable Redis, saying why', async () => {
    const { createServer } = await import('../../server/app');
    await expect(createServer({ redisUrl: 'redis://127.0.0.1:6379' })).rejects.toThrow(/REDIS_URL \(cluster mode\) needs DATABASE_URL/);
    const { RedisBroadcast } = await import('../../server/cluster/redis-broadcast');
    // port 1 on loopback: nothing listens there
    await expect(RedisBroadcast.open('redis://:secret@127.0.0.1:1', a.server.app.log)).rejects.toThrow(/REDIS_URL redis:\/\/:\*\*\*@127\.0\.0\.1:1.*cannot connect to Redis/);
  });
});
