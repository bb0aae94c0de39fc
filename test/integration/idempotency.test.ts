// Idempotency-Key on every `auth: true` POST of the contract (server/http/idempotency.ts, wired
// once in define-route.ts): the first answer is kept per (user, key) and replayed, whatever the
// route, with Idempotent-Replayed: true; another request under the same key is a 422; a repeat
// while the first runs is a 409; a bad key is a 400; keys of two users never meet. Routes are
// taken from the contract, so a route added there must get a sample body in SAMPLES below (the
// first test fails until it has one).
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes, type RouteDef, type RouteName } from '../../src/api/contract';
import { API_BASE, HEADER } from '../../src/api/headers';
import { ECHO_BOT_ID, SHOP_BOT_ID, SLOW_BOT_ID } from '../../server/bots/registry';
import { storeMessage } from '../../server/bots/store';
import { REPORT_REASONS } from '../../server/bot-profile/seed';
import { createApiRouter } from '../../server/http/define-route';
import { errorBody, HttpError } from '../../server/http/errors';
import { createIdempotencyStore, DEFAULT_IDEMPOTENCY_TTL_MS, IN_PROGRESS_TIMEOUT_MS, requestHash } from '../../server/http/idempotency';
import { enqueueCartEdit } from '../../src/db/cart-view';
import { enqueueBotAction } from '../../src/db/bot-action-queue';
import { queuedActions } from '../../src/db/action-queue';
import { getLocalDoc } from '../../src/db/local-store';
import { waitFor } from './helpers/chat-client';
import { signedInClients } from './helpers/signed-in-clients';
import { routeSamples, type Sample } from './helpers/route-samples';
import { startTestServer, type Answer, type TestServer, type TestSession } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const names = Object.keys(routes) as RouteName[];
/** The routes that honour the header: every POST that needs a session. */
const keyedRoutes = names.filter((n) => routes[n].method === 'POST' && routes[n].auth);
/** Routes whose first call ends the session: the repeat is refused before any key is looked at. */
const ENDS_SESSION = new Set<RouteName>(['logout', 'deleteProfile']);

const userOf = (me: TestSession) => me.tokens.user.user_uuid;
const newKey = () => randomUUID();
const keyed = (me: TestSession, key: string) => ({ session: me, headers: { [HEADER.idempotencyKey]: key } });
const replayed = (a: Answer<unknown>) => a.headers.get(HEADER.idempotentReplayed);

/** A bot message in the caller's Echo conversation that takes a thumbs rating; answers its sk. */
async function botMessage(me: TestSession): Promise<string> {
  const { row } = await t.server.db.transaction((tx) =>
    storeMessage(tx, { userUuid: userOf(me), botUuid: ECHO_BOT_ID, sender: 'bot', type: 'text', payload: { text: { body: 'Was this useful?' }, rating_type: 'thumbs' } }, Date.now()));
  return row.sk;
}

const text = (body: string) => ({ type: 'text' as const, text: { body }, client_message_id: randomUUID() });

/** A valid body of every route (made for the fresh user `me`, who may be set up first): helpers/route-samples.ts. */
const SAMPLES: Partial<Record<RouteName, Sample>> = routeSamples(() => t);

it('has a sample body for every POST route that needs a session', () => {
  expect(keyedRoutes.length).toBeGreaterThan(40);
  expect(keyedRoutes.filter((n) => !SAMPLES[n])).toEqual([]);
});

describe.each(keyedRoutes)('%s', (name) => {
  it('answers a repeated key with the first answer (status and body), marked as a replay', async () => {
    const sample = SAMPLES[name];
    if (!sample) throw new Error(`no sample body for ${name}: add one to SAMPLES`);
    const me = await t.signIn();
    const body = await sample(me);
    const key = newKey();
    const first = await t.callUnchecked(name, body, keyed(me, key));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(replayed(first)).toBeNull();
    const again = await t.callUnchecked(name, body, keyed(me, key));
    if (ENDS_SESSION.has(name)) {
      // The session (or the account) is gone: the repeat is refused before any key is read.
      expect(again.status).toBe(401);
      return;
    }
    expect({ status: again.status, body: again.body }).toEqual({ status: first.status, body: first.body });
    expect(replayed(again)).toBe('true');
    // The same key on another request (here: another route) is refused, and so is not replayed.
    const other = name === 'getFaqs' ? 'getSavedItemFilters' : 'getFaqs';
    const misuse = await t.callUnchecked(other, {}, keyed(me, key));
    expect(misuse.status).toBe(422);
    expect(misuse.body).toMatchObject({ statusCode: 422, message: expect.stringContaining('Idempotency-Key was already used') });
  });
});

describe('effects happen once', () => {
  it('a message sent twice over the webhook with one key is stored and answered once', async () => {
    const me = await t.signIn();
    const key = newKey();
    const body = { botId: ECHO_BOT_ID, messages: [text('only once please')] };
    const first = await t.call('messageWebhookPwa', body, keyed(me, key));
    const again = await t.call('messageWebhookPwa', body, keyed(me, key));
    expect(again).toMatchObject({ status: 200, body: first.body });
    const page = await t.ok('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { session: me });
    expect(page.messages.filter((m) => m.from === 'user' && m.text?.body === 'only once please')).toHaveLength(1);
  });

  it('a cart update repeated with its key bumps the version once (without a key: twice)', async () => {
    const me = await t.signIn();
    const body = { bot_uuid: SHOP_BOT_ID, cart: [{ catalog_id: 'saathi-grocery', product_id: 'parle-g-800g', quantity: 3 }] };
    const key = newKey();
    await t.ok('updateCart', body, keyed(me, key));
    await t.ok('updateCart', body, keyed(me, key));
    expect((await t.ok('getCart', { bot_uuid: SHOP_BOT_ID }, { session: me })).version).toBe(1);
    await t.ok('updateCart', body, { session: me });
    await t.ok('updateCart', body, { session: me });
    expect((await t.ok('getCart', { bot_uuid: SHOP_BOT_ID }, { session: me })).version).toBe(3);
  });

  it('a pin, a save and a review repeated with their keys happen once', async () => {
    const me = await t.signIn();
    await t.ok('initiateConversation', { bot_uuid: ECHO_BOT_ID }, { session: me });
    const pinKey = newKey();
    const pin = { resource_list: [{ uuid: ECHO_BOT_ID, type: 'bot' as const }] };
    expect((await t.ok('pinResource', pin, keyed(me, pinKey))).pinned_count).toBe(1);
    expect((await t.ok('pinResource', pin, keyed(me, pinKey))).pinned_count).toBe(1);
    const pinned = await t.ok('getPinnedConversationList', {}, { session: me });
    expect(pinned.pinned_list.map((c) => c.bot_uuid)).toEqual([ECHO_BOT_ID]);

    const save = { bot_uuid: ECHO_BOT_ID, sk: await botMessage(me), index: 0 };
    const saveKey = newKey();
    const a = await t.ok('saveItem', save, keyed(me, saveKey));
    const b = await t.ok('saveItem', save, keyed(me, saveKey));
    expect(b).toEqual(a);
    expect((await t.ok('getSavedItems', {}, { session: me })).items.map((i) => i.saved_item_uuid)).toEqual([a.saved_item_uuid]);

    const review = { bot_uuid: SLOW_BOT_ID, review: 'Worth the wait.' };
    const reviewKey = newKey();
    const r1 = await t.ok('submitReview', review, keyed(me, reviewKey));
    const r2 = await t.ok('submitReview', review, keyed(me, reviewKey));
    expect(r2).toEqual(r1);
    const list = await t.ok('getUserReviewList', { bot_uuid: SLOW_BOT_ID, limit: 50 }, { session: me });
    expect(list.review_list.filter((r) => r.mine)).toHaveLength(1);
  });

  it('feedback and a report sent twice with one key are stored once (without a key: twice)', async () => {
    const me = await t.signIn();
    const count = async (table: string) =>
      (await t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE user_uuid = $1`, [userOf(me)]))[0]!.n;
    const feedback = { does_like: false, content: 'The list is slow' };
    const key = newKey();
    const first = await t.ok('sendFeedback', feedback, keyed(me, key));
    expect(await t.ok('sendFeedback', feedback, keyed(me, key))).toEqual(first);
    expect(await count('feedback')).toBe(1);
    await t.ok('sendFeedback', feedback, { session: me });
    expect(await count('feedback')).toBe(2);

    const report = { bot_uuid: ECHO_BOT_ID, reason_uuid: REPORT_REASONS[0]!.reason_uuid, block: false };
    const reportKey = newKey();
    await t.ok('reportBot', report, keyed(me, reportKey));
    await t.ok('reportBot', report, keyed(me, reportKey));
    expect(await count('bot_reports')).toBe(1);
  });
});

describe('the key', () => {
  it('is replayed for a body with its fields in another order, and refused (422) for another body', async () => {
    const me = await t.signIn();
    const key = newKey();
    const first = await t.fetch(`${API_BASE}/bot/send-feedback`, {
      method: 'POST',
      headers: { ...me.headers, 'content-type': 'application/json', [HEADER.idempotencyKey]: key },
      body: '{"does_like":true,"content":"Fine"}',
    });
    const again = await t.fetch(`${API_BASE}/bot/send-feedback`, {
      method: 'POST',
      headers: { ...me.headers, 'content-type': 'application/json', [HEADER.idempotencyKey]: key },
      body: '{ "content": "Fine", "does_like": true }',
    });
    expect(again.status).toBe(200);
    expect(again.headers.get(HEADER.idempotentReplayed)).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    const other = await t.call('sendFeedback', { does_like: true, content: 'Changed my mind' }, keyed(me, key));
    expect(other).toMatchObject({ status: 422, body: { message: expect.stringContaining('another request') } });
    // the refusal changed nothing: the key still replays the first answer
    expect(replayed(await t.call('sendFeedback', { does_like: true, content: 'Fine' }, keyed(me, key)))).toBe('true');
  });

  it('is the same key quoted as a structured-field string (the draft) or bare (Stripe)', async () => {
    const me = await t.signIn();
    const key = newKey();
    const body = { does_like: true, content: 'Quoted' };
    await t.ok('sendFeedback', body, keyed(me, `"${key}"`));
    expect(replayed(await t.call('sendFeedback', body, keyed(me, key)))).toBe('true');
  });

  it('of one user never meets the same key of another', async () => {
    const [a, b] = [await t.signIn(), await t.signIn()];
    const key = 'shared-key-1';
    const fa = await t.call('sendFeedback', { does_like: true, content: 'From A' }, keyed(a, key));
    const fb = await t.call('sendFeedback', { does_like: false, content: 'From B' }, keyed(b, key));
    expect([fa.status, fb.status]).toEqual([200, 200]);
    expect([replayed(fa), replayed(fb)]).toEqual([null, null]);
    expect(fa.body).not.toEqual(fb.body);
    // and each replays its own
    expect((await t.call('sendFeedback', { does_like: true, content: 'From A' }, keyed(a, key))).body).toEqual(fa.body);
    expect((await t.call('sendFeedback', { does_like: false, content: 'From B' }, keyed(b, key))).body).toEqual(fb.body);
  });

  it('must be 1 to 255 printable ASCII characters (400, nothing done)', async () => {
    const me = await t.signIn();
    for (const bad of ['', ' ', 'x'.repeat(256), 'clé', 'a\tb', '"unterminated', '"a"b"', '"bad\\escape"']) {
      const answer = await t.call('sendFeedback', { does_like: true, content: 'Bad key' }, keyed(me, bad));
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body).toMatchObject({ message: expect.stringContaining('Idempotency-Key must be 1 to 255 printable ASCII characters') });
    }
    expect((await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM feedback WHERE user_uuid = $1', [userOf(me)]))[0]!.n).toBe(0);
    expect((await t.call('sendFeedback', { does_like: true, content: 'Long key' }, keyed(me, 'k'.repeat(255)))).status).toBe(200);
    expect((await t.call('sendFeedback', { does_like: true, content: 'Odd key' }, keyed(me, ' !~{}"\\ '))).status).toBe(200);
  });

  it('sent concurrently: one request runs, the others get its answer or 409 (in progress)', async () => {
    const me = await t.signIn();
    const key = newKey();
    const body = { does_like: true, content: 'Pressed five times' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.call('sendFeedback', body, keyed(me, key))));
    const fresh = answers.filter((a) => a.status === 200 && replayed(a) === null);
    expect(fresh).toHaveLength(1);
    for (const a of answers) {
      if (a === fresh[0]) continue;
      if (a.status === 200) expect({ body: a.body, replay: replayed(a) }).toEqual({ body: fresh[0]!.body, replay: 'true' });
      else {
        expect(a.status).toBe(409);
        expect(a.headers.get('retry-after')).toBe('1');
      }
    }
    expect((await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM feedback WHERE user_uuid = $1', [userOf(me)]))[0]!.n).toBe(1);
  });

  it('is ignored on public routes (sign-in): no user to scope it by', async () => {
    const mobile = t.freshMobile();
    const key = newKey();
    const first = await t.call('sendOtp', { mobile }, { headers: { [HEADER.idempotencyKey]: key } });
    expect(first.status).toBe(200);
    const again = await t.call('sendOtp', { mobile }, { headers: { [HEADER.idempotencyKey]: key } });
    expect(again.status).toBe(429); // the 59-second rule, not a replay
    expect(replayed(again)).toBeNull();
  });

  it('changes nothing without the header', async () => {
    const me = await t.signIn();
    const a = await t.call('sendFeedback', { does_like: true, content: 'Twice' }, { session: me });
    const b = await t.call('sendFeedback', { does_like: true, content: 'Twice' }, { session: me });
    expect(a.body).not.toEqual(b.body);
    expect([replayed(a), replayed(b)]).toEqual([null, null]);
    expect((await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys WHERE user_uuid = $1', [userOf(me)]))[0]!.n).toBe(0);
  });

  it('goes with the profile', async () => {
    const me = await t.signIn();
    await t.ok('sendFeedback', { does_like: true, content: 'Bye' }, keyed(me, newKey()));
    await t.ok('deleteProfile', {}, keyed(me, newKey()));
    expect((await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys WHERE user_uuid = $1', [userOf(me)]))[0]!.n).toBe(0);
  });
});

describe('which answers are kept', () => {
  // A router of its own with test routes, on the same (migrated) database, signed in as a real user.
  const failing = { path: '/test/flaky', method: 'POST', auth: true, body: z.object({ n: z.number() }).strict(), response: z.object({ runs: z.number() }) } as unknown as RouteDef;
  const refusing = { path: '/test/refuse', method: 'POST', auth: true, body: z.object({}).strict(), response: z.never() } as unknown as RouteDef;
  const busy = { path: '/test/busy', method: 'POST', auth: true, body: z.object({}).strict(), response: z.object({ ok: z.boolean() }) } as unknown as RouteDef;
  const temporary = { path: '/test/later', method: 'POST', auth: true, body: z.object({}).strict(), response: z.never() } as unknown as RouteDef;

  it('keeps 4xx refusals, releases the key after a 5xx or a "not now" answer (429 and the like)', async () => {
    const me = await t.signIn();
    const app = Fastify();
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof HttpError) return reply.code(error.statusCode).headers(error.headers).send(error.toBody());
      return reply.code(500).send(errorBody(500, 'Something went wrong on our side'));
    });
    let runs = 0;
    const router = createApiRouter(app, async () => ({ userUuid: userOf(me), mobile: me.mobile, mobileCountry: 'IN', sessionHash: 'x' }), createIdempotencyStore(t.server.db, t.clock.now));
    router.authRoute(failing, async () => {
      runs += 1;
      if (runs === 1) throw new Error('a bug, or the database went away');
      return { runs };
    });
    let refusals = 0;
    router.authRoute(refusing, async () => {
      refusals += 1;
      throw new HttpError(404, `Not found (${refusals})`);
    });
    let later = 0;
    router.authRoute(temporary, async () => {
      later += 1;
      throw new HttpError(429, `Slow down (${later})`, { 'retry-after': '5' });
    });
    router.authRoute(busy, async () => ({ ok: true }));
    await app.ready();
    const post = async (path: string, body: unknown, key: string) => {
      const res = await app.inject({ method: 'POST', url: API_BASE + path, payload: body as object, headers: { [HEADER.idempotencyKey]: key } });
      return { status: res.statusCode, body: res.json(), replayed: res.headers[HEADER.idempotentReplayed] ?? null };
    };
    try {
      const k1 = newKey();
      expect((await post('/test/flaky', { n: 1 }, k1)).status).toBe(500);
      expect(await post('/test/flaky', { n: 1 }, k1)).toEqual({ status: 200, body: { runs: 2 }, replayed: null });
      expect(await post('/test/flaky', { n: 1 }, k1)).toEqual({ status: 200, body: { runs: 2 }, replayed: 'true' });

      const k2 = newKey();
      expect(await post('/test/refuse', {}, k2)).toMatchObject({ status: 404, body: { message: 'Not found (1)' }, replayed: null });
      expect(await post('/test/refuse', {}, k2)).toMatchObject({ status: 404, body: { message: 'Not found (1)' }, replayed: 'true' });

      const k3 = newKey();
      expect(await post('/test/later', {}, k3)).toMatchObject({ status: 429, body: { message: 'Slow down (1)' } });
      expect(await post('/test/later', {}, k3)).toMatchObject({ status: 429, body: { message: 'Slow down (2)' }, replayed: null });

      // A claim whose request never finished (the server stopped mid-way) answers 409, then is taken over.
      const k4 = newKey();
      await t.server.db.query('INSERT INTO idempotency_keys (user_uuid, idem_key, request_hash, created_at) VALUES ($1, $2, $3, $4)', [userOf(me), k4, requestHash('POST', busy.path, {}), t.clock.now()]);
      expect((await post('/test/busy', {}, k4)).status).toBe(409);
      t.clock.advance(IN_PROGRESS_TIMEOUT_MS);
      expect(await post('/test/busy', {}, k4)).toEqual({ status: 200, body: { ok: true }, replayed: null });
    } finally {
      await app.close();
    }
  });

  it('keeps an answer 24 hours: then the key runs afresh, and the sweep removes it', async () => {
    const me = await t.signIn();
    const key = newKey();
    const body = { does_like: true, content: 'A day later' };
    const first = await t.ok('sendFeedback', body, keyed(me, key));
    t.clock.advance(DEFAULT_IDEMPOTENCY_TTL_MS - 1);
    expect((await t.call('sendFeedback', body, keyed(me, key))).body).toEqual(first);
    t.clock.advance(1);
    const later = await t.call('sendFeedback', body, keyed(me, key));
    expect(later.status).toBe(200);
    expect(replayed(later)).toBeNull();
    expect(later.body).not.toEqual(first);

    const old = newKey();
    await t.ok('sendFeedback', { does_like: true, content: 'To be swept' }, keyed(me, old));
    t.clock.advance(DEFAULT_IDEMPOTENCY_TTL_MS);
    await createIdempotencyStore(t.server.db, t.clock.now).sweep();
    expect((await t.server.db.query('SELECT 1 FROM idempotency_keys WHERE user_uuid = $1', [userOf(me)]))).toEqual([]);
  });
});

describe('the client queues', () => {
  /** A fetch whose first answer to `path` is lost on the way back: the server has acted on it. */
  function losingFirstAnswer(path: string) {
    const keys: (string | null)[] = [];
    const wrap = (f: typeof fetch): typeof fetch => async (input, init) => {
      if (!String(input).endsWith(path)) return f(input, init);
      keys.push(new Headers(init?.headers).get(HEADER.idempotencyKey));
      const answer = await f(input, init);
      if (keys.length === 1) {
        await answer.text();
        throw new TypeError('fetch failed');
      }
      return answer;
    };
    return { keys, wrap };
  }
  const clientWith = signedInClients(() => t, { noSocket: true });
  const userUuidOf = async (mobile: string) =>
    (await t.server.db.query<{ user_uuid: string }>('SELECT user_uuid FROM users WHERE mobile = $1', [mobile]))[0]!.user_uuid;

  it('a report whose answer was lost is sent again with its queue id and stored once', async () => {
    const lose = losingFirstAnswer('/bot/report');
    const c = await clientWith({ wrapFetch: lose.wrap });
    const id = await enqueueBotAction(c.db, ECHO_BOT_ID, { kind: 'report', reason_uuid: REPORT_REASONS[0]!.reason_uuid, email: '', description: 'twice?', block: false, before: {} }, Date.now());
    await c.engine.invoke('flushBotActions');
    await waitFor(async () => (await queuedActions(c.db, 'bot-action')).length === 0, 5000, 'report delivered');
    expect(lose.keys).toEqual([id, id]);
    const session = await getLocalDoc(c.db, 'session');
    const rows = await t.server.db.query('SELECT 1 FROM bot_reports WHERE user_uuid = $1', [await userUuidOf(session!.mobile!)]);
    expect(rows).toHaveLength(1);
  });

  it('a cart update whose answer was lost is sent again with the same key and counted once', async () => {
    const lose = losingFirstAnswer('/bot/update-cart');
    const c = await clientWith({ wrapFetch: lose.wrap });
    await c.engine.invoke('loadCatalog', SHOP_BOT_ID);
    expect((await enqueueCartEdit(c.db, SHOP_BOT_ID, { kind: 'add', catalog_id: 'saathi-grocery', product_id: 'toor-dal-1kg', customizations: [] })).ok).toBe(true);
    // the runner sends the edit as it is queued (the answer is lost), and again when asked
    await waitFor(async () => lose.keys.length >= 1, 5000, 'first try');
    await waitFor(async () => (await c.engine.invoke('syncCart', SHOP_BOT_ID)).ok, 5000, 'the edit delivered');
    expect(lose.keys).toHaveLength(2);
    expect(lose.keys[0]).toMatch(/^[0-9a-f-]{36}\.[0-9a-f]{8}$/);
    expect(lose.keys[1]).toBe(lose.keys[0]);
    expect((await getLocalDoc(c.db, 'carts'))?.[SHOP_BOT_ID]?.version).toBe(1);
    const session = await getLocalDoc(c.db, 'session');
    const server = await t.ok('getCart', { bot_uuid: SHOP_BOT_ID }, { headers: { mobile: session!.mobile!, 'session-id': session!.token! } });
    expect(server.version).toBe(1);
  });
});
