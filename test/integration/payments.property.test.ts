// Issue 15 "never charged twice", as a seeded property: fast-check draws schedules of initiate
// (UPI success / failure address, card), card confirms (the succeeding and the declined test
// card), client retries (initiate again, with and without the same Idempotency-Key), status
// checks, declines, the clock moving (charges settle), webhooks delivered, duplicated, reordered
// or lost, and server restarts on the same database. After each schedule the network heals
// (every webhook still owed is delivered, every request checked) and for every payment request:
// at most one charge exists with the provider; money was taken iff the request is SUCCESS iff
// its order is paid (once); a request that reached a final state never left it; statuses seen by
// the client in fresh answers (not Idempotency-Key replays) only moved forward.
//
//   PAYMENTS_PROPERTY_RUNS  schedules (default 30)   PAYMENTS_PROPERTY_SEED  replay a seed
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HEADER } from '../../src/api/headers';
import { PAYMENT_REQUEST_STATUSES } from '../../src/domain/payments';
import { SHOP_BOT_ID, SHOWCASE_BOT_ID } from '../../server/bots/registry';
import { openDb, type Db } from '../../server/db/db';
import { createTestClock, startTestServer, type TestServer, type TestSession } from './helpers/server';
import { PARLE_G, postWebhook } from './support/payments-helpers';

const runs = Number(process.env.PAYMENTS_PROPERTY_RUNS ?? 30);
const seed = process.env.PAYMENTS_PROPERTY_SEED ? Number(process.env.PAYMENTS_PROPERTY_SEED) : (Date.now() ^ (Math.random() * 0x100000000)) | 0;
const SETTLE_MS = 1000;

type Cmd =
  | { op: 'initiate'; req: 0 | 1; how: 'success' | 'failure' | 'card'; sameKey: boolean }
  | { op: 'confirm'; req: 0 | 1; card: 'good' | 'declined' }
  | { op: 'details'; req: 0 | 1 }
  | { op: 'decline'; req: 0 | 1 }
  | { op: 'tick' }
  | { op: 'webhook'; pick: number; times: 1 | 2 | 3 }
  | { op: 'lose'; pick: number }
  | { op: 'restart' };

const req = fc.constantFrom<0 | 1>(0, 1);
const cmdArb: fc.Arbitrary<Cmd> = fc.oneof(
  fc.record({ op: fc.constant('initiate' as const), req, how: fc.constantFrom('success' as const, 'failure' as const, 'card' as const), sameKey: fc.boolean() }),
  fc.record({ op: fc.constant('confirm' as const), req, card: fc.constantFrom('good' as const, 'declined' as const) }),
  fc.record({ op: fc.constant('details' as const), req }),
  fc.record({ op: fc.constant('decline' as const), req }),
  fc.constant({ op: 'tick' as const }),
  fc.record({ op: fc.constant('webhook' as const), pick: fc.nat(20), times: fc.constantFrom<1 | 2 | 3>(1, 2, 3) }),
  fc.record({ op: fc.constant('lose' as const), pick: fc.nat(20) }),
  fc.constant({ op: 'restart' as const }),
);

const clock = createTestClock();
let db: Db;
let t: TestServer;
const start = () => startTestServer({ db, now: clock.now, payments: { sandboxDelivery: 'manual', settleAfterMs: SETTLE_MS } });
// Migrating a fresh PGlite and starting the server took over the default 60 s hook limit on a
// machine shared by several test runs (all five seeds of one run timed out here): 3 minutes.
beforeAll(async () => {
  db = await openDb({ dataDir: 'memory://' });
  t = await start();
}, 180_000);
afterAll(async () => {
  await t?.close();
  await db?.close();
});

const rank = (s: string) => (s === 'CREATED' ? 0 : s === 'PENDING' ? 1 : 2);

async function runSchedule(cmds: Cmd[]) {
  const me: TestSession = await t.signIn();
  const s = { session: me };
  const ids: string[] = [];
  for (const bot of [SHOP_BOT_ID, SHOWCASE_BOT_ID]) {
    await t.ok('updateCart', { bot_uuid: bot, cart: [{ ...PARLE_G, quantity: 1 + ids.length }] }, s);
    ids.push((await t.ok('placeOrder', { bot_uuid: bot }, s)).payment_request.payment_request_id);
  }
  const keys = [randomUUID(), randomUUID()];
  const seen = new Map<string, string>();
  const sent: { provider: 'upi' | 'card'; payload: string }[] = [];
  const observe = (id: string, status: string) => {
    const before = seen.get(id);
    if (before !== undefined) {
      expect(rank(status), `${id}: ${before} → ${status}`).toBeGreaterThanOrEqual(rank(before));
      if (rank(before) === 2) expect(status).toBe(before);
    }
    seen.set(id, status);
  };
  const mine = async () => {
    const hooks = await t.server.payments.sandbox.dueWebhooks(1000);
    const refs = await db.query<{ provider_ref: string }>('SELECT provider_ref FROM payment_requests WHERE payment_request_id = ANY($1::uuid[]) AND provider_ref IS NOT NULL', [ids]);
    return hooks.filter((h) => refs.some((r) => h.payload.includes(r.provider_ref)));
  };

  for (const cmd of cmds) {
    const id = 'req' in cmd ? ids[cmd.req]! : '';
    switch (cmd.op) {
      case 'initiate': {
        const body = cmd.how === 'card' ? { paymentRequestId: id, type: 'card' as const } : { paymentRequestId: id, type: 'upi' as const, vpa: `${cmd.how}@upi` };
        const a = await t.call('initiatePayment', body, cmd.sameKey ? { session: me, headers: { [HEADER.idempotencyKey]: keys[cmd.req]! } } : s);
        expect([200, 409, 422]).toContain(a.status);
        // A replay is the key's first answer again (as the Idempotency-Key draft asks), not a
        // fresh reading of the request: it may say CREATED after a decline. Only fresh answers
        // must move forward.
        if (a.ok && a.headers.get(HEADER.idempotentReplayed) !== 'true') observe(id, a.body.payment_request.status);
        break;
      }
      case 'confirm': {
        const row = (await db.query<{ client_secret: string | null }>('SELECT client_secret FROM payment_requests WHERE payment_request_id = $1', [id]))[0];
        if (!row?.client_secret) break;
        const res = await t.fetch('/sandbox/card/confirm', { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ client_secret: row.client_secret, number: cmd.card === 'good' ? '4242424242424242' : '4000000000000002', return_url: '/' }).toString() });
        expect(res.status).toBe(303);
        break;
      }
      case 'details': {
        observe(id, (await t.ok('getPaymentRequestDetails', { paymentRequestId: id }, s)).payment_request.status);
        break;
      }
      case 'decline': {
        const a = await t.call('declinePayment', { paymentRequestId: id }, s);
        expect([200, 409]).toContain(a.status);
        if (a.ok) observe(id, a.body.payment_request.status);
        break;
      }
      case 'tick':
        clock.advance(SETTLE_MS);
        await t.server.payments.sandbox.settleDue();
        break;
      case 'webhook': {
        // Either a new one (in any order) or one already sent again (a redelivery).
        const due = await mine();
        const pool = [...due.map((h) => ({ provider: h.provider, payload: h.payload, eventId: h.eventId as string | undefined })), ...sent.map((x) => ({ ...x, eventId: undefined }))];
        const hook = pool[cmd.pick % Math.max(1, pool.length)];
        if (!hook) break;
        for (let i = 0; i < cmd.times; i++) {
          const res = await postWebhook(t, hook.provider, hook.payload, t.server.payments.sandbox.sign(hook.payload));
          expect(res.status).toBe(200);
        }
        if (hook.eventId) await t.server.payments.sandbox.markDelivered(hook.eventId);
        sent.push({ provider: hook.provider, payload: hook.payload });
        break;
      }
      case 'lose': {
        const due = await mine();
        const hook = due[cmd.pick % Math.max(1, due.length)];
        if (hook) await t.server.payments.sandbox.markDelivered(hook.eventId);
        break;
      }
      case 'restart':
        await t.close();
        t = await start();
        break;
    }
  }

  // Heal: charges settle, every webhook still owed arrives, every request is checked.
  clock.advance(SETTLE_MS);
  await t.server.payments.sandbox.settleDue();
  for (const hook of await mine()) {
    expect((await postWebhook(t, hook.provider, hook.payload, t.server.payments.sandbox.sign(hook.payload))).status).toBe(200);
    await t.server.payments.sandbox.markDelivered(hook.eventId);
  }
  for (const id of ids) observe(id, (await t.ok('getPaymentRequestDetails', { paymentRequestId: id }, s)).payment_request.status);

  for (const id of ids) {
    const r = (await db.query<{ status: string; type: string | null; order_status: string; paid_at: number | null }>(
      'SELECT r.status, r.type, o.status AS order_status, o.paid_at FROM payment_requests r JOIN orders o USING (order_uuid) WHERE r.payment_request_id = $1', [id]))[0]!;
    expect(PAYMENT_REQUEST_STATUSES).toContain(r.status);
    const collects = await db.query<{ status: string }>('SELECT status FROM sandbox_upi_collects WHERE merchant_ref = $1', [id]);
    const intents = await db.query<{ status: string }>('SELECT status FROM sandbox_card_intents WHERE merchant_ref = $1', [id]);
    expect(collects.length, 'one collect at most').toBeLessThanOrEqual(1);
    expect(intents.length, 'one intent at most').toBeLessThanOrEqual(1);
    // a card intent given up for UPI is cancelled: it may sit beside the collect, never charged
    expect(collects.length + intents.filter((i) => i.status !== 'canceled').length, 'one live charge at most').toBeLessThanOrEqual(1);
    expect(collects.filter((c) => c.status === 'success').length + intents.filter((i) => i.status === 'succeeded').length, 'money taken once at most').toBeLessThanOrEqual(1);
    const charged = collects.some((c) => c.status === 'success') || intents.some((i) => i.status === 'succeeded');
    expect(r.status === 'SUCCESS', `${id} is ${r.status}; money taken: ${charged}`).toBe(charged);
    expect(r.order_status === 'paid').toBe(charged);
    expect(r.paid_at !== null).toBe(charged);
    // A charge that settled leaves the request in a final state.
    if (collects.some((c) => c.status !== 'pending') || intents.some((i) => i.status === 'succeeded' || i.status === 'canceled')) expect(rank(r.status)).toBe(2);
  }
}

it(`charges every paid order exactly once, ending in one final state (${runs} schedules)`, async () => {
  console.log(`payments property: seed ${seed}, ${runs} schedules`);
  await fc.assert(fc.asyncProperty(fc.array(cmdArb, { minLength: 3, maxLength: 25 }), runSchedule), { numRuns: runs, seed, endOnFailure: true });
}, 600_000);
