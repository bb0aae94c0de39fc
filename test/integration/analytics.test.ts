// Issue 18, analytics on the server: the ingestion route (first-party store, once per event id;
// Google's Measurement Protocol relayed with the alias, never the number), dynamic-link/create-link
// with /l/<id>, banner/get-notifications, and /admin/analytics behind the admin key.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/api/headers';
import { DAY_MS } from '../../src/domain/constants';
import { registerAnalyticsAdmin } from '../../server/analytics/admin';
import { ECHO_BOT_ID } from '../../server/bots/registry';
import { startGaMock, type GaMock } from './helpers/ga-mock';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';

const ADMIN_KEY = 'test-admin-key-0123456789';
let t: TestServer;
let ga: GaMock;
beforeAll(async () => {
  ga = await startGaMock();
  t = await startTestServer({
    analytics: { providers: ['first-party', 'google'], google: { measurementId: 'G-TEST123', apiSecret: 'secret-xyz', endpoint: ga.endpoint }, adminKey: ADMIN_KEY },
  });
});
afterAll(async () => {
  await t.close();
  await ga.close();
});

const alias = 'ab'.repeat(32);
const event = (name: string, params: Record<string, string | number | boolean> = {}) => ({ event_id: randomUUID(), name, params, at: t.clock.now() });
const rows = (me: TestSession) => t.server.db.query<{ event_id: string; name: string; alias: string; params: Record<string, unknown> }>(
  'SELECT event_id, name, alias, params FROM analytics_events WHERE user_uuid = $1 ORDER BY at, name', [me.tokens.user.user_uuid]);
const keyed = (me: TestSession, key: string) => ({ session: me, headers: { [HEADER.idempotencyKey]: key } });
const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` });

describe('analytics/track', () => {
  it('stores each event once per (user, event_id), relays it to Google with the alias, and replays a keyed repeat', async () => {
    const me = await t.signIn();
    const events = [event('screen_view', { screen: 'settings' }), event('bot_mute', { bot_uuid: ECHO_BOT_ID })];
    const hitsBefore = ga.hits.length;
    const first = await t.call('trackEvents', { alias, events }, keyed(me, 'batch-1'));
    expect(first.ok ? first.body : first.body.message).toEqual({ accepted: 2, duplicates: 0 });
    const replay = await t.call('trackEvents', { alias, events }, keyed(me, 'batch-1'));
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    // the same events under another key (a batch rebuilt after a crash): stored rows do not double
    const again = await t.ok('trackEvents', { alias, events: [...events, event('bot_block', { bot_uuid: ECHO_BOT_ID })] }, { session: me });
    expect(again).toEqual({ accepted: 1, duplicates: 2 });
    expect((await rows(me)).map((r) => r.name).sort()).toEqual(['bot_block', 'bot_mute', 'screen_view']);
    expect((await rows(me)).every((r) => r.alias === alias)).toBe(true);

    const hits = ga.hits.slice(hitsBefore);
    expect(ga.refused).toEqual([]);
    expect(hits.length).toBe(2); // the replay did not reach the route
    expect(hits[0]!.measurementId).toBe('G-TEST123');
    expect(hits[0]!.apiSecret).toBe('secret-xyz');
    expect(hits[0]!.body.client_id).toBe(alias);
    expect(hits[0]!.body.events.map((e) => e.name)).toEqual(['screen_view', 'bot_mute']);
    expect(hits[0]!.body.events[0]!.params).toMatchObject({ screen: 'settings' });
    expect(JSON.stringify(hits)).not.toContain(me.mobile.slice(3));
    expect(JSON.stringify(hits)).not.toContain(me.tokens.user.user_uuid);
  });

  it('answers 503 with Retry-After while Google does not take the batch; the resend stores nothing twice', async () => {
    const me = await t.signIn();
    const events = [event('otp_verified')];
    ga.failNext(1);
    const down = await t.call('trackEvents', { alias, events }, keyed(me, 'k-down'));
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('30');
    const retried = await t.call('trackEvents', { alias, events }, keyed(me, 'k-down'));
    expect(retried.ok && retried.body).toEqual({ accepted: 0, duplicates: 1 });
    expect((await rows(me)).length).toBe(1);
  });

  it('keeps users apart: the same event id from two users is two rows, each the caller\'s own', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const shared = event('quiz_answer', { correct: true });
    await t.ok('trackEvents', { alias, events: [shared] }, { session: a });
    expect(await t.ok('trackEvents', { alias: 'cd'.repeat(32), events: [shared] }, { session: b })).toEqual({ accepted: 1, duplicates: 0 });
    expect((await rows(a)).map((r) => r.alias)).toEqual([alias]);
    expect((await rows(b)).map((r) => r.alias)).toEqual(['cd'.repeat(32)]);
  });

  it('refuses bad batches with a 400 naming the problem, a phone number in a parameter included; 401 without a session', async () => {
    const me = await t.signIn();
    const cases: [unknown, RegExp][] = [
      [{ alias, events: [] }, /events must not be empty/],
      [{ alias, events: Array.from({ length: 26 }, () => event('screen_view')) }, /at most 25 events/],
      [{ alias: me.mobile, events: [event('x')] }, /alias must be a hex SHA-256/],
      [{ alias, events: [{ ...event('x'), params: { phone: me.mobile } }] }, /must not carry a phone number/],
      [{ alias, events: [{ ...event('x'), params: { n: 9876543210 } }] }, /must not carry a phone number/],
      [{ alias, events: [event('9lives')] }, /name must be a letter/],
      [{ alias, events: [{ ...event('x'), params: { long: 'x'.repeat(101) } }] }, /at most 100 characters/],
    ];
    for (const [body, message] of cases) {
      const answer = await t.callUnchecked('trackEvents', body, { session: me });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.ok ? '' : answer.body.message).toMatch(message);
    }
    expect((await t.call('trackEvents', { alias, events: [event('x')] })).status).toBe(401);
    expect(await rows(me)).toEqual([]);
  });
});

describe('dynamic-link/create-link', () => {
  it('makes a short link of this server that opens the app at the route; a keyed repeat answers the same link', async () => {
    const me = await t.signIn();
    const link = await t.call('createDynamicLink', { name: ' Rewards ', url: '/chat/1000000000000001?from=share' }, keyed(me, 'link-1'));
    if (!link.ok) throw new Error(link.body.message);
    expect(link.body.name).toBe('Rewards');
    expect(link.body.short_link).toBe(`${t.url}/l/${link.body.link_id}`);
    const again = await t.call('createDynamicLink', { name: ' Rewards ', url: '/chat/1000000000000001?from=share' }, keyed(me, 'link-1'));
    expect(again.ok && again.body.link_id).toBe(link.body.link_id);
    const opened = await t.fetch(`/l/${link.body.link_id}`, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(`/loading?to=${encodeURIComponent('/chat/1000000000000001?from=share')}`);
    const [row] = await t.server.db.query<{ opened: number }>('SELECT opened FROM dynamic_links WHERE link_id = $1', [link.body.link_id]);
    expect(row?.opened).toBe(1);
  });

  it('refuses a link that leaves the app or is not one of its routes (400), an unknown link is a 404, no session a 401', async () => {
    const me = await t.signIn();
    for (const url of ['https://evil.example/rewards', '//evil.example', '/api/user/get-profile', '/admin/analytics', 'rewards', '/rewards/../api', '/chat/123']) {
      const answer = await t.call('createDynamicLink', { name: 'x', url }, { session: me });
      expect(answer.status, url).toBe(400);
      expect(answer.ok ? '' : answer.body.message).toMatch(/url must be a route of the app/);
    }
    expect((await t.call('createDynamicLink', { name: 'x', url: '/rewards' })).status).toBe(401);
    expect((await t.fetch('/l/doesnotexist', { redirect: 'manual' })).status).toBe(404);
    expect((await t.fetch('/l/%3Cscript%3E', { redirect: 'manual' })).status).toBe(404);
  });
});

describe('banner/get-notifications', () => {
  it('answers the notifications for everyone and for the features named, in the request\'s language', async () => {
    const me = await t.signIn();
    const none = await t.ok('getBannerNotifications', { available_features: [] }, { session: me });
    expect(none.notifications.map((n) => n.feature)).toEqual([null]);
    const some = await t.ok('getBannerNotifications', { available_features: ['rewards', 'posts'] }, { session: me, headers: { [HEADER.language]: 'hi' } });
    expect(some.notifications.map((n) => n.feature)).toEqual([null, 'rewards', 'posts']);
    expect(some.notifications[1]!.title).toBe('आज पहिया घुमाएँ');
    expect(some.notifications.every((n) => n.deeplink.startsWith('/'))).toBe(true);
    const bad = await t.callUnchecked('getBannerNotifications', { available_features: ['admin'] }, { session: me });
    expect(bad.status).toBe(400);
    expect(bad.ok ? '' : bad.body.message).toMatch(/each feature must be one of/);
  });
});

describe('/admin/analytics', () => {
  it('asks for the admin key (401 with a Basic challenge) and refuses a wrong one', async () => {
    for (const headers of [{}, basic('wrong-key'), { authorization: `Bearer ${ADMIN_KEY}` }]) {
      const answer = await t.fetch('/admin/analytics', { headers });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
      expect((await t.fetch('/admin/analytics/data', { headers })).status).toBe(401);
    }
  });

  it('serves the page under the strict CSP (scripts as files, none inline) and the figures as JSON', async () => {
    const page = await t.fetch('/admin/analytics', { headers: basic(ADMIN_KEY) });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    const html = await page.text();
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]+<\/script>|style=/);
    expect((await t.fetch('/admin/analytics/uplot.js', { headers: basic(ADMIN_KEY) })).status).toBe(200);

    const read = async () => (await t.fetch('/admin/analytics/data', { headers: basic(ADMIN_KEY) })).json() as Promise<{
      days: number[]; dailyActiveUsers: number[]; messagesPerDay: number[]; subscriptions: { bot_uuid: string; subscribers: number }[]; funnel: { step: string; users: number }[];
    }>;
    const before = await read();
    const me = await t.signIn();
    await t.ok('initiateConversation', { bot_uuid: ECHO_BOT_ID }, { session: me });
    await t.ok('trackEvents', { alias, events: [event('screen_view', { screen: 'login' }), event('otp_requested'), event('otp_verified')] }, { session: me });
    await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [{ type: 'text', text: { body: 'hi' }, client_message_id: randomUUID() }] }, { session: me });
    const data = await read();
    expect(data.days.length).toBe(30);
    expect(data.days.at(-1)).toBe(Math.floor(t.clock.now() / DAY_MS) * DAY_MS);
    // this user: one more active user today, one more message, one more Echo subscriber, one more login and OTP, no onboarding
    expect(data.dailyActiveUsers.at(-1)).toBe(before.dailyActiveUsers.at(-1)! + 1);
    expect(data.messagesPerDay.at(-1)).toBe(before.messagesPerDay.at(-1)! + 1);
    const echo = (s: typeof data) => s.subscriptions.find((b) => b.bot_uuid === ECHO_BOT_ID)?.subscribers ?? 0;
    expect(echo(data)).toBe(echo(before) + 1);
    expect(data.funnel.map((f) => f.users)).toEqual([before.funnel[0]!.users + 1, before.funnel[1]!.users + 1, before.funnel[2]!.users]);
  });

  it('is not served at all without a configured key', async () => {
    const app = Fastify();
    registerAnalyticsAdmin(app, { db: t.server.db, now: t.clock.now }, undefined);
    expect((await app.inject({ url: '/admin/analytics', headers: basic('anything') })).statusCode).toBe(404);
    await app.close();
  });
});
