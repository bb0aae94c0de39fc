// The chat outbox and the action queue sent by the one runner (src/sync/action-runner.ts, issue
// 12): a chat message's ordering key is its conversation, and a failed send waits by the same rule
// and classifier as any queued action (the server's Retry-After, else 1 s doubling), holding back
// only its own conversation. Real http client, real outbox and bot-action kind, fake server, a
// manual clock.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/db/database';
import { enqueueAction } from '../../../src/db/action-queue';
import { ensureSession, patchLocalDoc } from '../../../src/db/local-store';
import { enqueueMessage } from '../../../src/db/outbox-store';
import { createActionRunner, type ActionRunner } from '../../../src/sync/action-runner';
import { botActionKind } from '../../../src/sync/bot-actions';
import { createHttpClient } from '../../../src/sync/http-client';
import { createOutbox, type Outbox } from '../../../src/sync/outbox';
import { requestContextFrom } from '../../../src/sync/session';
import { openTestDatabase } from '../db/helpers/fake-db';
import { manualClock } from './helpers/manual-clock';
import { errorBody, fakeApi, json, MOBILE, type Recorded } from './helpers/fake-api';

const BOT_A = '1000000000000001';
const BOT_B = '1000000000000002';

/** The server's copy of each message a webhook call carried (its answer acknowledges them). */
function echo(req: Recorded): Response {
  const { messages } = req.body as { messages: { client_message_id: string; type: string; text?: { body: string } }[] };
  let n = 0;
  return json(200, {
    messages: messages.map((m) => {
      n += 1;
      const id = `m-${m.client_message_id}`;
      return { message_id: id, sk: `${String(Date.now()).padStart(15, '0')}_${String(n).padStart(9, '0')}_${id}`, timestamp: Date.now(), from: 'user', type: m.type, text: m.text, client_message_id: m.client_message_id };
    }),
    meta: { gaEvents: [] },
  });
}

const busy = (seconds: number) => new Response(JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'busy' }), { status: 503, headers: { 'content-type': 'application/json', 'retry-after': String(seconds) } });

let db: AppDatabase;
let runner: ActionRunner | null = null;
let outbox: Outbox | null = null;
beforeEach(async () => {
  db = await openTestDatabase();
  const session = await ensureSession(db);
  await patchLocalDoc(db, 'session', { mobile: MOBILE, token: 'a'.repeat(32) }, session);
  // subscribed already: no subscribe call before the first send
  await db.bots.bulkInsert([BOT_A, BOT_B].map((bot_uuid, i) => ({ bot_uuid, name: bot_uuid, description: '', icon: '', subscribed: true, allow_user_media: null, suggested_rank: i, fetched_at: 0 })));
});
afterEach(async () => {
  await runner?.close();
  outbox?.close();
  runner = null;
  outbox = null;
  await db.close();
});

const send = (botUuid: string, body: string, now: number) => enqueueMessage(db, { botUuid, owner: MOBILE, now, payload: { type: 'text', text: { body } } });
const entry = async (id: string) => (await db.outbox.findOne(id).exec())?.toMutableJSON();
const status = async (id: string) => (await db.messages.findOne(id).exec())?.status;
const webhookBodies = (calls: Recorded[], bot: string) => calls.filter((c) => c.path === '/api/bot/message-webhook-pwa' && (c.body as { botId: string }).botId === bot).map((c) => (c.body as { messages: { text: { body: string } }[] }).messages.map((m) => m.text.body));

it('a 503 with Retry-After on a chat send holds back that conversation only, by the same wait as a queued action; other keys go on', async () => {
  const { clock, advance } = manualClock();
  let aBusy = true;
  let markReads = 0;
  const api = fakeApi({
    '/api/bot/message-webhook-pwa': (req) => ((req.body as { botId: string }).botId === BOT_A && aBusy ? busy(30) : echo(req)),
    '/api/bot/mark-read': () => {
      markReads += 1;
      return markReads === 1 ? busy(7) : json(200, { bot_uuid: BOT_A, last_read_sk: null, unread_count: 0 });
    },
  });
  const http = createHttpClient({ fetch: api.fetch, origin: 'http://api.test', versionName: '1', context: requestContextFrom(db), clock });
  outbox = createOutbox({ db, http, clock, connection: () => ({ isOpen: () => false, send: () => false }), owner: async () => MOBILE, ackTimeoutMs: 1000 });
  const reported: string[] = [];
  runner = createActionRunner({
    db, clock, watch: true, log: () => undefined,
    kinds: { 'bot-action': botActionKind({ db, http, clock }) },
    queues: [outbox.queue],
    report: async (route, err) => { reported.push(`${route}:${(err as { status: number }).status}`); },
  });

  const a1 = await send(BOT_A, 'a1', clock.now());
  const b1 = await send(BOT_B, 'b1', clock.now());
  const read = await enqueueAction(db, 'bot-action', `bot:${BOT_A}`, { kind: 'mark-read', sk: 's1', id: 'r1', bot_uuid: BOT_A, created_at: 0, attempts: 0 }, clock.now());
  await runner.flush();

  // conversation B went; A's send waits the server's 30 s, its bot action the 7 s it was told
  await expect.poll(() => entry(b1)).toBeUndefined();
  expect(await status(b1)).toBe('sent');
  await expect.poll(async () => (await entry(a1))?.attempts).toBe(1);
  expect(await entry(a1)).toMatchObject({ state: 'queued', next_attempt_at: clock.now() + 30_000 });
  expect(await status(a1)).toBe('pending');
  await expect.poll(async () => (await db.actions.findOne(read).exec())?.next_attempt_at).toBe(clock.now() + 7000);
  // both 503s followed the session rules' flags (the one classifier: a retryable status is reported)
  expect(reported.sort()).toEqual(['messageWebhookPwa:503', 'pinResource:503']);

  // a later send of A waits behind its head; one of B goes at once
  const a2 = await send(BOT_A, 'a2', clock.now());
  const b2 = await send(BOT_B, 'b2', clock.now());
  await runner.flush();
  await expect.poll(() => entry(b2)).toBeUndefined();
  expect(webhookBodies(api.calls, BOT_A)).toEqual([['a1']]);

  // 7 s: the bot action goes (its own key), A's messages still wait
  advance(7000);
  await expect.poll(() => db.actions.findOne(read).exec()).toBeNull();
  expect(markReads).toBe(2);
  expect(webhookBodies(api.calls, BOT_A)).toEqual([['a1']]);

  // 30 s: A's messages go, in order, in one batch
  aBusy = false;
  advance(23_000);
  await expect.poll(() => entry(a2)).toBeUndefined();
  expect(await entry(a1)).toBeUndefined();
  expect(webhookBodies(api.calls, BOT_A)).toEqual([['a1'], ['a1', 'a2']]);
  expect([await status(a1), await status(a2)]).toEqual(['sent', 'sent']);
  expect(webhookBodies(api.calls, BOT_B)).toEqual([['b1'], ['b2']]);
});

it('a refusal is read by the same classifier: a batch with one refused message sends the others and fails that one only', async () => {
  const { clock } = manualClock();
  const api = fakeApi({
    '/api/bot/message-webhook-pwa': (req) => {
      const { messages } = req.body as { messages: { text: { body: string } }[] };
      return messages.some((m) => m.text.body === 'bad') ? errorBody(422, 'Message refused') : echo(req);
    },
  });
  const http = createHttpClient({ fetch: api.fetch, origin: 'http://api.test', versionName: '1', context: requestContextFrom(db), clock });
  outbox = createOutbox({ db, http, clock, connection: () => ({ isOpen: () => false, send: () => false }), owner: async () => MOBILE, ackTimeoutMs: 1000 });
  runner = createActionRunner({ db, clock, watch: false, log: () => undefined, kinds: {}, queues: [outbox.queue] });
  const ids = [await send(BOT_A, 'ok1', clock.now()), await send(BOT_A, 'bad', clock.now()), await send(BOT_A, 'ok2', clock.now())];
  await runner.flush();
  expect(await Promise.all(ids.map(status))).toEqual(['sent', 'failed', 'sent']);
  expect(await entry(ids[1]!)).toMatchObject({ state: 'failed', last_error: '422:-Message refused' });
  expect(webhookBodies(api.calls, BOT_A)).toEqual([['ok1', 'bad', 'ok2'], ['ok1'], ['bad'], ['ok2']]);
});

it('the outbox names each conversation with queued sends once (one index seek each), and its head in order', async () => {
  const { clock } = manualClock();
  const api = fakeApi({});
  const http = createHttpClient({ fetch: api.fetch, origin: 'http://api.test', versionName: '1', context: requestContextFrom(db), clock });
  outbox = createOutbox({ db, http, clock, connection: () => ({ isOpen: () => false, send: () => false }), owner: async () => MOBILE, ackTimeoutMs: 1000 });
  expect(await outbox.queue.queuedKeys()).toEqual([]);
  const ids: string[] = [];
  for (const [i, bot] of [BOT_B, BOT_A, BOT_B, BOT_B, BOT_A].entries()) ids.push(await send(bot, `m${i}`, 1000 + i));
  // a failed send is not queued: a conversation with only failed ones is not named
  const BOT_C = '1000000000000003';
  const failed = await send(BOT_C, 'refused', 2000);
  await db.outbox.findOne(failed).exec().then((d) => d?.incrementalPatch({ state: 'failed' }));
  expect((await outbox.queue.queuedKeys()).sort()).toEqual([BOT_A, BOT_B]);
  expect((await outbox.queue.head(BOT_B, 10)).map((e) => e.id)).toEqual([ids[0], ids[2], ids[3]]);
  expect((await outbox.queue.head(BOT_A, 1)).map((e) => e.id)).toEqual([ids[1]]);
});
