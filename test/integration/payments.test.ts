// Issue 15: payments against the real server with the sandbox providers in manual mode (the test
// settles charges by moving the clock and delivers webhooks itself, by HTTP, signed or not).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/api/headers';
import { PAYMENT_FAILURE_TITLE, PAYMENT_SUCCESS_TITLE } from '../../src/domain/payments';
import { SHOP_BOT_ID } from '../../server/bots/registry';
import type { PayoutSource } from '../../server/payments/payout-source';
import { signPayload } from '../../server/payments/webhook-signature';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';
import { count, deliver, orderFor, PARLE_G, PARLE_G_PAISE, pendingWebhooks, postWebhook } from './support/payments-helpers';

const SETTLE_MS = 1000;
/** An in-test ledger: unclaimed cash per user, and what the payments area told it. */
const ledger = new Map<string, { entryId: string; amountMinor: number; currency: string; state?: 'paid' | 'failed'; ref?: string }[]>();
const payoutSource: PayoutSource = {
  unclaimedCash: async (_q, user) => (ledger.get(user) ?? []).filter((e) => e.state !== 'paid').map(({ entryId, amountMinor, currency }) => ({ entryId, amountMinor, currency })),
  markPayout: async (_q, entryId, state, ref) => {
    for (const list of ledger.values()) for (const e of list) if (e.entryId === entryId) Object.assign(e, { state, ref });
  },
};
const logs: string[] = [];

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    payments: { sandboxDelivery: 'manual', settleAfterMs: SETTLE_MS },
    payoutSource,
    logger: { level: 'trace', stream: { write: (line: string) => void logs.push(line) } },
  });
});
afterAll(() => t.close());

const s = (me: TestSession) => ({ session: me });
const userOf = (me: TestSession) => me.tokens.user.user_uuid;
const details = (me: TestSession, id: string) => t.ok('getPaymentRequestDetails', { paymentRequestId: id }, s(me));

it('keeps the spec texts verbatim', () => {
  expect(PAYMENT_SUCCESS_TITLE).toBe('Transaction Processed and was successful');
  expect(PAYMENT_FAILURE_TITLE).toBe('Transaction  Failed');
});

describe('verify-vpa (sandbox rules)', () => {
  it('verifies success and failure addresses with a holder name, not unknown handles', async () => {
    const me = await t.signIn();
    expect(await t.ok('verifyVpa', { vpa: 'asha.success@upi' }, s(me))).toEqual({ vpa: 'asha.success@upi', valid: true, holder_name: 'Asha' });
    expect((await t.ok('verifyVpa', { vpa: 'failure@upi' }, s(me))).valid).toBe(true);
    expect(await t.ok('verifyVpa', { vpa: 'ravi@okaxis' }, s(me))).toEqual({ vpa: 'ravi@okaxis', valid: false, holder_name: null });
    expect(await t.ok('verifyVpa', { vpa: '  success@upi ' }, s(me))).toMatchObject({ vpa: 'success@upi', valid: true });
  });

  it.each(['asha', 'asha@', '@upi', 'a b@upi', 'a@b@c', ''])('refuses %j with vpaInvalid (400)', async (vpa) => {
    const me = await t.signIn();
    const answer = await t.callUnchecked('verifyVpa', { vpa }, s(me));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message: expect.stringContaining('vpaInvalid') });
  });
});

describe('saved methods', () => {
  it('the first is primary; a new primary makes the others non-primary; delete hands primary on', async () => {
    const me = await t.signIn();
    const a = await t.ok('saveMethod', { type: 'upi', details: { vpa: 'a.success@upi' } }, s(me));
    expect(a.payment_method.is_primary).toBe(true);
    expect(a.payment_method.details.holder_name).toBe('A');
    const b = await t.ok('saveMethod', { type: 'upi', details: { vpa: 'b.success@upi' }, is_primary: false }, s(me));
    expect(b.saved_payment_method_list.map((m) => [m.details.vpa, m.is_primary])).toEqual([['a.success@upi', true], ['b.success@upi', false]]);
    const c = await t.ok('saveMethod', { type: 'upi', details: { vpa: 'failure@upi' }, is_primary: true }, s(me));
    expect(c.saved_payment_method_list.filter((m) => m.is_primary).map((m) => m.details.vpa)).toEqual(['failure@upi']);
    const set = await t.ok('setMethodPrimary', { payment_method_uuid: b.payment_method.payment_method_uuid }, s(me));
    expect(set.saved_payment_method_list.filter((m) => m.is_primary).map((m) => m.details.vpa)).toEqual(['b.success@upi']);
    const del = await t.ok('deleteSavedMethod', { payment_method_uuid: b.payment_method.payment_method_uuid }, s(me));
    expect(del.saved_payment_method_list.map((m) => [m.details.vpa, m.is_primary])).toEqual([['a.success@upi', true], ['failure@upi', false]]);
    // Saving the same address again updates it, no duplicate.
    const again = await t.ok('saveMethod', { type: 'upi', details: { vpa: 'a.success@upi' } }, s(me));
    expect(again.saved_payment_method_list).toHaveLength(2);
  });

  it('refuses an address the provider does not verify (422), and saves nothing', async () => {
    const me = await t.signIn();
    const answer = await t.call('saveMethod', { type: 'upi', details: { vpa: 'ravi@okaxis' } }, s(me));
    expect(answer).toMatchObject({ status: 422, body: { message: 'This UPI address could not be verified' } });
    expect((await t.ok('getSavedMethodList', {}, s(me))).saved_payment_method_list).toEqual([]);
  });

  it('another user\'s methods are invisible and untouchable (404)', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const mine = await t.ok('saveMethod', { type: 'upi', details: { vpa: 'success@upi' } }, s(me));
    const id = mine.payment_method.payment_method_uuid;
    expect((await t.ok('getSavedMethodList', {}, s(other))).saved_payment_method_list).toEqual([]);
    expect((await t.call('deleteSavedMethod', { payment_method_uuid: id }, s(other))).status).toBe(404);
    expect((await t.call('setMethodPrimary', { payment_method_uuid: id }, s(other))).status).toBe(404);
    expect((await t.ok('getSavedMethodList', {}, s(me))).saved_payment_method_list).toHaveLength(1);
  });
});

describe('orders', () => {
  it('prices the stored cart from the catalogue and answers the same order for the same cart', async () => {
    const me = await t.signIn();
    await t.ok('updateCart', { bot_uuid: SHOP_BOT_ID, cart: [{ ...PARLE_G, quantity: 3 }, { catalog_id: 'saathi-grocery', product_id: 'kaju-katli-box', quantity: 1, customizations: [{ id: 'size', value: 'g500' }, { id: 'wrap', value: 'potli' }] }] }, s(me));
    const first = await t.ok('placeOrder', { bot_uuid: SHOP_BOT_ID }, s(me));
    // 3 × ₹90 + (₹320 + ₹300 + ₹60) = ₹950
    expect(first.order.total).toEqual({ price: 95_000, currency: 'INR' });
    expect(first.order.lines.map((l) => l.unit_price.price)).toEqual([9000, 68_000]);
    expect(first.payment_request).toMatchObject({ status: 'CREATED', amount: { price: 95_000, currency: 'INR' }, type: null });
    const again = await t.ok('placeOrder', { bot_uuid: SHOP_BOT_ID, cart_version: 1 }, s(me));
    expect(again.payment_request.payment_request_id).toBe(first.payment_request.payment_request_id);
    expect(await count(t, 'SELECT count(*) AS n FROM orders WHERE user_uuid = $1', [userOf(me)])).toBe(1);
  });

  it('refuses an empty cart (422), a stale cart version (409), an unknown bot (404), and never sees another user\'s cart', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    await orderFor(t, other);
    expect(await t.call('placeOrder', { bot_uuid: SHOP_BOT_ID }, s(me))).toMatchObject({ status: 422, body: { message: 'The cart is empty' } });
    await t.ok('updateCart', { bot_uuid: SHOP_BOT_ID, cart: [{ ...PARLE_G, quantity: 1 }] }, s(me));
    expect((await t.call('placeOrder', { bot_uuid: SHOP_BOT_ID, cart_version: 7 }, s(me))).status).toBe(409);
    expect((await t.call('placeOrder', { bot_uuid: '9999999999999999' }, s(me))).status).toBe(404);
  });

  it('another user\'s payment request is a 404 for every route that names it', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const id = (await orderFor(t, me)).payment_request.payment_request_id;
    expect((await t.call('getPaymentRequestDetails', { paymentRequestId: id }, s(other))).status).toBe(404);
    expect((await t.call('initiatePayment', { paymentRequestId: id, type: 'upi', vpa: 'success@upi' }, s(other))).status).toBe(404);
    expect((await t.call('declinePayment', { paymentRequestId: id }, s(other))).status).toBe(404);
    expect((await details(me, id)).payment_request.status).toBe('CREATED');
  });
});

describe('UPI collect', () => {
  it('CREATED → PENDING → SUCCESS: the order is paid once and its cart emptied', async () => {
    const me = await t.signIn();
    const { payment_request: pr } = await orderFor(t, me);
    const started = await t.ok('initiatePayment', { paymentRequestId: pr.payment_request_id, type: 'upi', vpa: 'success@upi' }, s(me));
    expect(started).toMatchObject({ method: 'upi', flow: 'collect', card: null, payment_request: { status: 'PENDING', vpa: 'success@upi' } });
    expect((await details(me, pr.payment_request_id)).payment_request.status).toBe('PENDING');
    t.clock.advance(SETTLE_MS);
    const done = await details(me, pr.payment_request_id);
    expect(done.payment_request).toMatchObject({ status: 'SUCCESS', transaction_time: t.clock.now() });
    expect(done.order).toMatchObject({ status: 'paid', paid_at: t.clock.now() });
    expect((await t.ok('getCart', { bot_uuid: SHOP_BOT_ID }, s(me))).cart).toEqual([]);
    // A late initiate answers the settled request, no second collect.
    const late = await t.ok('initiatePayment', { paymentRequestId: pr.payment_request_id, type: 'upi', vpa: 'success@upi' }, s(me));
    expect(late.payment_request.status).toBe('SUCCESS');
    expect(await count(t, 'SELECT count(*) AS n FROM sandbox_upi_collects WHERE merchant_ref = $1', [pr.payment_request_id])).toBe(1);
  });

  it('failure@upi ends FAILED and the order payment_failed; a new order can be placed for the same cart', async () => {
    const me = await t.signIn();
    const { payment_request: pr } = await orderFor(t, me);
    await t.ok('initiatePayment', { paymentRequestId: pr.payment_request_id, type: 'upi', vpa: 'failure@upi' }, s(me));
    t.clock.advance(SETTLE_MS);
    const done = await details(me, pr.payment_request_id);
    expect(done.payment_request.status).toBe('FAILED');
    expect(done.order.status).toBe('payment_failed');
    const retry = await t.ok('placeOrder', { bot_uuid: SHOP_BOT_ID }, s(me));
    expect(retry.payment_request.payment_request_id).not.toBe(pr.payment_request_id);
  });

  it('uses the primary method when no address is given, and refuses an unverifiable one (422, nothing charged)', async () => {
    const me = await t.signIn();
    const { payment_request: pr } = await orderFor(t, me);
    expect((await t.call('initiatePayment', { paymentRequestId: pr.payment_request_id, type: 'upi' }, s(me))).status).toBe(422);
    expect((await t.call('initiatePayment', { paymentRequestId: pr.payment_request_id, type: 'upi', vpa: 'ravi@okaxis' }, s(me))).status).toBe(422);
    expect((await details(me, pr.payment_request_id)).payment_request.status).toBe('CREATED');
    await t.ok('saveMethod', { type: 'upi', details: { vpa: 'primary.success@upi' } }, s(me));
    const started = await t.ok('initiatePayment', { paymentRequestId: pr.payment_request_id, type: 'upi' }, s(me));
    expect(started.payment_request.vpa).toBe('primary.success@upi');
  });

  it('a double tap, two tabs and a retry make one collect', async () => {
    const me = await t.signIn();
    const { payment_request: pr } = await orderFor(t, me);
    const body = { paymentRequestId: pr.payment_request_id, type: 'upi' as const, vpa: 'success@upi' };
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => t.call('initiatePayment', body, s(me))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await count(t, 'SELECT count(*) AS n FROM sandbox_upi_collects WHERE merchant_ref = $1', [pr.payment_request_id])).toBe(1);
    // The same Idempotency-Key replays the first answer.
    const key = randomUUID();
    const a = await t.call('initiatePayment', body, { session: me, headers: { [HEADER.idempotencyKey]: key } });
    const b = await t.call('initiatePayment', body, { session: me, headers: { [HEADER.idempotencyKey]: key } });
    expect(b.body).toEqual(a.body);
    expect(b.headers.get(HEADER.idempotentReplayed)).toBe('true');
  });
});

describe('a bot\'s payment request in chat', () => {
  const say = (body: string) => ({ type: 'text' as const, text: { body }, client_message_id: randomUUID() });
  const ask = async (me: TestSession, message: ReturnType<typeof say> | { type: 'button_response'; button_index: number; client_message_id: string }) =>
    (await t.ok('messageWebhookPwa', { botId: SHOP_BOT_ID, messages: [message] }, s(me))).messages.slice(1);

  it('the shop bills the stored cart priced by the server; asked again it sends the same bill; it can be paid; others cannot see it', async () => {
    const me = await t.signIn();
    // an empty cart: nothing to pay, no order
    const [nothing] = await ask(me, say('pay'));
    expect(nothing!.type).toBe('catalog_list');
    expect(await count(t, 'SELECT count(*) AS n FROM orders WHERE user_uuid = $1', [userOf(me)])).toBe(0);

    await t.ok('updateCart', { bot_uuid: SHOP_BOT_ID, cart: [{ ...PARLE_G, quantity: 3 }] }, s(me));
    // any other message: the catalogue, and the pay button now that the cart holds something
    const help = await ask(me, say('hello'));
    expect(help.map((m) => m.type)).toEqual(['catalog_list', 'button']);
    const [bill] = await ask(me, { type: 'button_response', button_index: help[1]!.buttons![0]!.button_index, client_message_id: randomUUID() });
    expect(bill!.type).toBe('payment_request');
    expect(bill!.payment_request!.amount).toEqual({ price: 3 * PARLE_G_PAISE, currency: 'INR' });
    const id = bill!.payment_request!.payment_request_id;
    // stored with the conversation, as sent
    const stored = await t.ok('getMessages', { bot_uuid: SHOP_BOT_ID, direction: 'backward' }, s(me));
    expect(stored.messages.some((m) => m.payment_request?.payment_request_id === id)).toBe(true);
    // typing pay again (or a retried bot job) answers the same open order
    const [again] = await ask(me, say(' PAY '));
    expect(again!.payment_request!.payment_request_id).toBe(id);
    expect(await count(t, 'SELECT count(*) AS n FROM orders WHERE user_uuid = $1', [userOf(me)])).toBe(1);

    // another user can neither read nor pay it
    const other = await t.signIn();
    expect((await t.call('getPaymentRequestDetails', { paymentRequestId: id }, s(other))).status).toBe(404);
    expect((await t.call('initiatePayment', { paymentRequestId: id, type: 'upi', vpa: 'success@upi' }, s(other))).status).toBe(404);

    // the same flow as the cart's: initiate, settle, SUCCESS, the order paid once
    const started = await t.ok('initiatePayment', { paymentRequestId: id, type: 'upi', vpa: 'success@upi' }, s(me));
    expect(started.payment_request.status).toBe('PENDING');
    t.clock.advance(SETTLE_MS);
    const done = await details(me, id);
    expect(done.payment_request.status).toBe('SUCCESS');
    expect(done.order.status).toBe('paid');
  });
});

describe('signed webhooks', () => {
  async function pendingCollect(vpa = 'success@upi') {
    const me = await t.signIn();
    const { payment_request: pr } = await orderFor(t, me);
    await t.ok('initiatePayment', { paymentRequestId: pr.payment_request_id, type: 'upi', vpa }, s(me));
    const collectId = (await t.server.db.query<{ provider_ref: string }>('SELECT provider_ref FROM payment_requests WHERE payment_request_id = $1', [pr.payment_request_id]))[0]!.provider_ref;
    return { me, id: pr.payment_request_id, collectId };
  }
  const hooksOf = async (collectId: string) => (await pendingWebhooks(t)).filter((h) => h.payload.includes(collectId));
  const status = async (id: string) => (await t.server.db.query<{ status: string }>('SELECT status FROM payment_requests WHERE payment_request_id = $1', [id]))[0]!.status;

  it('a settled collect\'s webhook moves the request; delivered three times it applies once', async () => {
    const { id, collectId } = await pendingCollect();
    t.clock.advance(SETTLE_MS);
    await t.server.payments.sandbox.settleDue();
    const hooks = await hooksOf(collectId);
    expect(hooks.map((h) => (JSON.parse(h.payload) as { type: string }).type)).toEqual(['collect.pending', 'collect.succeeded']);
    const success = hooks[1]!;
    const sign = () => t.server.payments.sandbox.sign(success.payload);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await (await postWebhook(t, 'upi', success.payload, sign())).json());
    expect(answers).toEqual([{ received: true, applied: true }, { received: true, duplicate: true }, { received: true, duplicate: true }]);
    expect(await status(id)).toBe('SUCCESS');
    expect(await count(t, `SELECT count(*) AS n FROM orders o JOIN payment_requests r USING (order_uuid) WHERE r.payment_request_id = $1 AND o.status = 'paid'`, [id])).toBe(1);
  });

  it('out of order: a pending event after success changes nothing; a failure after success changes nothing', async () => {
    const { id, collectId } = await pendingCollect();
    t.clock.advance(SETTLE_MS);
    await t.server.payments.sandbox.settleDue();
    const [pending, success] = await hooksOf(collectId);
    expect(await deliver(t, success!)).toBe(200);
    expect(await deliver(t, pending!)).toBe(200);
    expect(await status(id)).toBe('SUCCESS');
    const forged = JSON.parse(success!.payload) as { id: string; type: string; data: { status: string } };
    forged.id = `${forged.id}_late`;
    forged.type = 'collect.failed';
    forged.data.status = 'failure';
    const late = JSON.stringify(forged);
    const answer = await postWebhook(t, 'upi', late, t.server.payments.sandbox.sign(late));
    expect(await answer.json()).toEqual({ received: true, applied: false });
    expect(await status(id)).toBe('SUCCESS');
  });

  it('refuses unsigned (401), badly signed (401), tampered (401) and replayed-late (400) webhooks, changing nothing', async () => {
    const { id, collectId } = await pendingCollect();
    t.clock.advance(SETTLE_MS);
    await t.server.payments.sandbox.settleDue();
    const success = (await hooksOf(collectId))[1]!;
    expect((await postWebhook(t, 'upi', success.payload, undefined)).status).toBe(401);
    const otherSecret = Buffer.alloc(32, 7);
    expect((await postWebhook(t, 'upi', success.payload, signPayload(otherSecret, success.payload, t.clock.now()))).status).toBe(401);
    const good = t.server.payments.sandbox.sign(success.payload);
    expect((await postWebhook(t, 'upi', success.payload.replace('"amount_minor":18000', '"amount_minor":1'), good)).status).toBe(401);
    expect((await postWebhook(t, 'upi', success.payload, 't=abc,v1=zz')).status).toBe(401);
    const old = t.server.payments.sandbox.sign(success.payload, t.clock.now() - 10 * 60_000);
    const replay = await postWebhook(t, 'upi', success.payload, old);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ message: expect.stringContaining('too old') });
    expect(await status(id)).toBe('PENDING');
    expect(await count(t, 'SELECT count(*) AS n FROM payment_webhook_events WHERE provider_ref = $1', [collectId])).toBe(0);
  });

  it('refuses a signed event whose amount or currency is not the request\'s (422)', async () => {
    const { id, collectId } = await pendingCollect();
    t.clock.advance(SETTLE_MS);
    await t.server.payments.sandbox.settleDue();
    const success = JSON.parse((await hooksOf(collectId))[1]!.payload) as { id: string; data: { amount_minor: number; currency: string } };
    for (const change of [{ amount_minor: 1 }, { amount_minor: -18000 }, { currency: 'USD' }]) {
      const body = JSON.stringify({ ...success, id: randomUUID(), data: { ...success.data, ...change } });
      expect((await postWebhook(t, 'upi', body, t.server.payments.sandbox.sign(body))).status).toBe(422);
    }
    expect(await status(id)).toBe('PENDING');
  });
});

describe('cards (PaymentIntents)', () => {
  async function cardRequest() {
    const me = await t.signIn();
    const { payment_request: pr } = await orderFor(t, me);
    const started = await t.ok('initiatePayment', { paymentRequestId: pr.payment_request_id, type: 'card' }, s(me));
    return { me, id: pr.payment_request_id, started };
  }
  const confirm = (secret: string, number: string, returnUrl = '/payment-processing?pr=x') => t.fetch('/sandbox/card/confirm', {
    method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret: secret, number, exp: '12/34', cvc: '123', return_url: returnUrl }).toString(),
  });

  it('requires_payment_method → processing → succeeded with 4242 4242 4242 4242; the card number is stored and logged nowhere', async () => {
    const { me, id, started } = await cardRequest();
    expect(started).toMatchObject({ method: 'card', flow: 'card_redirect', payment_request: { status: 'CREATED', type: 'card' }, card: { intent_status: 'requires_payment_method' } });
    const card = started.card!;
    expect(card.checkout_url).toMatch(/^\/sandbox\/card\/checkout\?client_secret=pi_/);
    const page = await t.fetch(card.checkout_url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('₹ 180');
    expect(html).toContain('<label for="number">Card number</label>');
    // Repeating initiate answers the same intent.
    const again = await t.ok('initiatePayment', { paymentRequestId: id, type: 'card' }, s(me));
    expect(again.card!.client_secret).toBe(card.client_secret);
    const answer = await confirm(card.client_secret, '4242 4242 4242 4242', `/payment-processing?pr=${id}`);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toMatch(new RegExp(`^/payment-processing\\?pr=${id}&payment_intent=pi_\\w+&redirect_status=processing$`));
    expect((await details(me, id)).payment_request.status).toBe('PENDING');
    t.clock.advance(SETTLE_MS);
    const done = await details(me, id);
    expect(done.payment_request.status).toBe('SUCCESS');
    expect(done.order.status).toBe('paid');
    expect(await count(t, 'SELECT count(*) AS n FROM sandbox_card_intents WHERE merchant_ref = $1', [id])).toBe(1);
    // every table of the database, not only the payments ones: the number is nowhere
    const tables = await t.server.db.query<{ name: string }>(`SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`);
    expect(tables.length).toBeGreaterThan(10);
    let everything = '';
    for (const { name } of tables) {
      everything += (await t.server.db.query<{ t: string | null }>(`SELECT string_agg(row_to_json(r)::text, ' ') AS t FROM ${name} r`))[0]?.t ?? '';
    }
    expect(everything).toContain('4242'); // the last four are kept
    expect(everything).not.toMatch(/4242\s?4242\s?4242\s?4242/);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toMatch(/4242\s?4242\s?4242\s?4242/);
  });

  it('4000 0000 0000 0002 is declined: FAILED, the intent canceled so it can never succeed later', async () => {
    const { me, id, started } = await cardRequest();
    const answer = await confirm(started.card!.client_secret, '4000000000000002');
    expect(answer.headers.get('location')).toContain('redirect_status=failed');
    const done = await details(me, id);
    expect(done.payment_request).toMatchObject({ status: 'FAILED', failure_reason: 'card_declined' });
    const intent = await t.server.payments.sandbox.intentBySecret(started.card!.client_secret);
    expect(intent).toMatchObject({ status: 'canceled' });
    const retry = await confirm(started.card!.client_secret, '4242424242424242');
    expect(retry.headers.get('location')).toContain('redirect_status=failed');
    t.clock.advance(SETTLE_MS);
    expect((await details(me, id)).payment_request.status).toBe('FAILED');
  });

  it('a number failing Luhn is refused on the form and changes nothing; an unknown secret is a 404', async () => {
    const { started } = await cardRequest();
    const answer = await confirm(started.card!.client_secret, '4242424242424241');
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('Your card number is invalid.');
    expect(await t.server.payments.sandbox.intentBySecret(started.card!.client_secret)).toMatchObject({ status: 'requires_payment_method', lastError: null });
    expect((await t.fetch('/sandbox/card/checkout?client_secret=nope')).status).toBe(404);
  });

  it('never redirects off the site', async () => {
    const { started } = await cardRequest();
    const answer = await confirm(started.card!.client_secret, '4242424242424242', 'https://evil.example/steal');
    expect(answer.headers.get('location')).toMatch(/^\/\?payment_intent=/);
  });

  it('a card payment not yet confirmed can switch to UPI (the intent is cancelled); a confirmed one cannot (409)', async () => {
    const { me, id, started } = await cardRequest();
    const upi = await t.ok('initiatePayment', { paymentRequestId: id, type: 'upi', vpa: 'success@upi' }, s(me));
    expect(upi).toMatchObject({ method: 'upi', card: null, payment_request: { status: 'PENDING', type: 'upi' } });
    expect(await t.server.payments.sandbox.intentBySecret(started.card!.client_secret)).toMatchObject({ status: 'canceled' });
    // the intent's cancel webhook names no request any more: it changes nothing
    await t.server.payments.sandbox.settleDue();
    for (const hook of await pendingWebhooks(t)) await deliver(t, hook);
    t.clock.advance(SETTLE_MS);
    expect((await details(me, id)).payment_request.status).toBe('SUCCESS');
    expect(await count(t, 'SELECT count(*) AS n FROM sandbox_upi_collects WHERE merchant_ref = $1', [id])).toBe(1);

    const other = await cardRequest();
    const confirmed = await confirm(other.started.card!.client_secret, '4242424242424242');
    expect(confirmed.status).toBe(303);
    expect((await t.call('initiatePayment', { paymentRequestId: other.id, type: 'upi', vpa: 'success@upi' }, s(other.me))).status).toBe(409);
  });
});

describe('decline', () => {
  it('CREATED → DECLINED (repeat answers the same); the order is canceled; a card intent is canceled', async () => {
    const me = await t.signIn();
    const { payment_request: pr } = await orderFor(t, me);
    const started = await t.ok('initiatePayment', { paymentRequestId: pr.payment_request_id, type: 'card' }, s(me));
    const declined = await t.ok('declinePayment', { paymentRequestId: pr.payment_request_id }, s(me));
    expect(declined.payment_request.status).toBe('DECLINED');
    expect(declined.order.status).toBe('canceled');
    expect((await t.ok('declinePayment', { paymentRequestId: pr.payment_request_id }, s(me))).payment_request.status).toBe('DECLINED');
    expect(await t.server.payments.sandbox.intentBySecret(started.card!.client_secret)).toMatchObject({ status: 'canceled' });
  });

  it('a payment being processed or finished cannot be declined (409)', async () => {
    const me = await t.signIn();
    const { payment_request: pr } = await orderFor(t, me);
    await t.ok('initiatePayment', { paymentRequestId: pr.payment_request_id, type: 'upi', vpa: 'success@upi' }, s(me));
    expect((await t.call('declinePayment', { paymentRequestId: pr.payment_request_id }, s(me))).status).toBe(409);
    t.clock.advance(SETTLE_MS);
    await details(me, pr.payment_request_id);
    expect((await t.call('declinePayment', { paymentRequestId: pr.payment_request_id }, s(me))).status).toBe(409);
  });
});

describe('payouts', () => {
  it('pays unclaimed cash to the primary address once; failure@upi records failed payouts', async () => {
    const me = await t.signIn();
    ledger.set(userOf(me), [{ entryId: `e-${randomUUID()}`, amountMinor: 5000, currency: 'INR' }, { entryId: `e-${randomUUID()}`, amountMinor: 2500, currency: 'INR' }]);
    const failed = await t.ok('saveMethod', { type: 'upi', details: { vpa: 'failure@upi' }, is_primary: true, process_pending_payouts: true }, s(me));
    expect(failed.payouts.map((p) => p.status)).toEqual(['failed', 'failed']);
    expect(ledger.get(userOf(me))!.map((e) => e.state)).toEqual(['failed', 'failed']);
    const good = await t.ok('saveMethod', { type: 'upi', details: { vpa: 'cash.success@upi' }, is_primary: true, process_pending_payouts: true }, s(me));
    expect(good.payouts.map((p) => [p.status, p.vpa, p.amount.price])).toEqual([['paid', 'cash.success@upi', 5000], ['paid', 'cash.success@upi', 2500]]);
    // Asked again (set primary with process_pending_payouts): nothing left to pay, no second payout.
    const again = await t.ok('setMethodPrimary', { payment_method_uuid: good.payment_method.payment_method_uuid, process_pending_payouts: true }, s(me));
    expect(again.payouts).toEqual([]);
    expect(await count(t, `SELECT count(*) AS n FROM sandbox_upi_payouts WHERE vpa = 'cash.success@upi' AND merchant_ref LIKE 'e-%'`)).toBeGreaterThanOrEqual(2);
    expect(await count(t, `SELECT count(*) AS n FROM payouts WHERE user_uuid = $1 AND status = 'paid'`, [userOf(me)])).toBe(2);
    // A ledger that forgets it was told (lists a paid entry again) still gets no second payment.
    for (const e of ledger.get(userOf(me))!) delete e.state;
    expect((await t.ok('setMethodPrimary', { payment_method_uuid: good.payment_method.payment_method_uuid, process_pending_payouts: true }, s(me))).payouts).toEqual([]);
  });

  it('without process_pending_payouts nothing is paid', async () => {
    const me = await t.signIn();
    ledger.set(userOf(me), [{ entryId: `e-${randomUUID()}`, amountMinor: 100, currency: 'INR' }]);
    expect((await t.ok('saveMethod', { type: 'upi', details: { vpa: 'success@upi' } }, s(me))).payouts).toEqual([]);
  });
});

describe('bad input', () => {
  it.each([
    ['saveMethod', { type: 'card', details: { vpa: 'success@upi' } }],
    ['saveMethod', { type: 'upi', details: { vpa: 'nope' } }],
    ['saveMethod', { type: 'upi', details: { vpa: 'success@upi', amount: 5 } }],
    ['deleteSavedMethod', { payment_method_uuid: 'x' }],
    ['initiatePayment', { paymentRequestId: randomUUID(), type: 'cash' }],
    ['initiatePayment', { paymentRequestId: randomUUID(), type: 'upi', vpa: 'bad vpa@x' }],
    ['initiatePayment', { paymentRequestId: randomUUID(), type: 'upi', amount: -100 }],
    ['placeOrder', { bot_uuid: SHOP_BOT_ID, total: { price: 1, currency: 'INR' } }],
    ['placeOrder', { bot_uuid: SHOP_BOT_ID, cart_version: -1 }],
    ['declinePayment', {}],
  ] as const)('%s %j is a 400', async (name, body) => {
    const me = await t.signIn();
    const answer = await t.callUnchecked(name, body, s(me));
    expect(answer.status).toBe(400);
  });

  it('an unknown payment request is a 404', async () => {
    const me = await t.signIn();
    expect((await t.call('getPaymentRequestDetails', { paymentRequestId: randomUUID() }, s(me))).status).toBe(404);
  });

  it('a webhook that is not JSON or not a known event is a 400 even when signed', async () => {
    for (const body of ['not json', '{"id":"x"}']) {
      expect((await postWebhook(t, 'upi', body, t.server.payments.sandbox.sign(body))).status).toBe(400);
    }
    expect((await postWebhook(t, 'card', '{}', t.server.payments.sandbox.sign('{}'))).status).toBe(400);
  });
});

it('every amount is minor units: the order total is an integer number of paise', async () => {
  const me = await t.signIn();
  const { order } = await orderFor(t, me, 3);
  expect(order.total).toEqual({ price: 3 * PARLE_G_PAISE, currency: 'INR' });
});
