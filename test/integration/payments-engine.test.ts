// Payments through the engine (in-process, the worker's code) against the real server: method
// edits are shown at once and wait in the one action queue while offline, delivered once when
// the network returns, and a refused one leaves the queue (the server's list shows again) with a
// notice; paying is online only, and a payment begun before the network went shows the server's
// truth once it answers again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedActions } from '../../src/db/action-queue';
import { getLocalDoc } from '../../src/db/local-store';
import { visibleMethods } from '../../src/db/payments-view';
import { paymentsDocId, type PaymentsDoc } from '../../src/db/schemas';
import { PAYMENTS_NOTICE } from '../../src/sync/payments-sync';
import { SHOP_BOT_ID } from '../../server/bots/registry';
import { waitFor, type ChatClient } from './helpers/chat-client';
import { signedInClients } from './helpers/signed-in-clients';
import { startTestServer, type TestServer } from './helpers/server';
import { PARLE_G } from './support/payments-helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ payments: { sandboxDelivery: 'manual', settleAfterMs: 1000 } });
});
afterAll(() => t.close());

const signedInClient = signedInClients(() => t, { noSocket: true });

async function shownMethods(c: ChatClient) {
  const docs = await c.db.payments.find({ selector: { kind: 'method' }, sort: [{ sort: 'asc' }] }).exec();
  const queued = (await queuedActions(c.db, 'payment-method')).map((a) => a.payload);
  return visibleMethods(docs.map((d) => (d.toMutableJSON() as PaymentsDoc<'method'>).data), queued).map((m) => `${m.details.vpa}${m.is_primary ? '*' : ''}${m.pending ? '?' : ''}`);
}

async function setOnline(c: ChatClient, online: boolean): Promise<void> {
  c.setOnline(online);
  await c.engine.invoke('networkChanged', online);
  await waitFor(async () => (await getLocalDoc(c.db, 'sync-status'))?.online === online, 3000, online ? 'online' : 'offline');
}

describe('saved methods through the engine', () => {
  it('offline: save, set primary and delete show at once, wait, and are delivered once when the network returns', async () => {
    const c = await signedInClient();
    expect((await c.engine.invoke('loadPaymentMethods')).ok).toBe(true);
    expect(await shownMethods(c)).toEqual([]);
    await setOnline(c, false);
    await c.engine.invoke('savePaymentMethod', { vpa: 'a.success@upi', holder_name: 'A', is_primary: false, process_pending_payouts: false });
    await c.engine.invoke('savePaymentMethod', { vpa: 'b.success@upi', holder_name: 'B', is_primary: true, process_pending_payouts: false });
    expect(await shownMethods(c)).toEqual(['a.success@upi?', 'b.success@upi*?']);
    expect(await queuedActions(c.db, 'payment-method')).toHaveLength(2);
    await setOnline(c, true);
    await waitFor(async () => (await queuedActions(c.db, 'payment-method')).length === 0, 8000, 'queue sent');
    expect(await shownMethods(c)).toEqual(['a.success@upi', 'b.success@upi*']);
    const docs = await c.db.payments.find({ selector: { kind: 'method' } }).exec();
    const a = docs.map((d) => (d.toMutableJSON() as PaymentsDoc<'method'>).data).find((m) => m.details.vpa === 'a.success@upi')!;
    await setOnline(c, false);
    await c.engine.invoke('setPrimaryPaymentMethod', a.payment_method_uuid, false);
    expect(await shownMethods(c)).toEqual(['a.success@upi*?', 'b.success@upi']);
    await c.engine.invoke('deletePaymentMethod', a.payment_method_uuid);
    expect(await shownMethods(c)).toEqual(['b.success@upi*']);
    await setOnline(c, true);
    await waitFor(async () => (await queuedActions(c.db, 'payment-method')).length === 0, 8000, 'queue sent');
    expect(await shownMethods(c)).toEqual(['b.success@upi*']);
  });

  it('a refused save (an address the provider does not verify) leaves the queue with a notice; the list is the server\'s', async () => {
    const c = await signedInClient();
    await c.engine.invoke('savePaymentMethod', { vpa: 'ravi@okaxis', holder_name: null, is_primary: false, process_pending_payouts: false });
    await waitFor(async () => (await c.db.payments.findOne(paymentsDocId.notice).exec()) !== null, 8000, 'notice');
    const notice = (await c.db.payments.findOne(paymentsDocId.notice).exec())!.toMutableJSON() as PaymentsDoc<'notice'>;
    expect(notice.data.textId).toBe(PAYMENTS_NOTICE.saveFailed);
    expect(await shownMethods(c)).toEqual([]);
    expect(await queuedActions(c.db, 'payment-method')).toHaveLength(0);
  });
});

describe('paying through the engine', () => {
  it('is online only: offline, place-order fails with noResponse and nothing is stored', async () => {
    const c = await signedInClient();
    await setOnline(c, false);
    const answer = await c.engine.invoke('placeOrder', SHOP_BOT_ID);
    expect(answer).toMatchObject({ ok: false, error: { key: 'noResponse' } });
    expect(await c.db.payments.find({ selector: { kind: 'request' } }).exec()).toHaveLength(0);
    expect(await queuedActions(c.db, 'payment-method')).toHaveLength(0);
  });

  it('a payment begun before the network went shows the server\'s result once it answers again, never before', async () => {
    const c = await signedInClient();
    const s = (await getLocalDoc(c.db, 'session'))!;
    const session = { mobile: s.mobile!, tokens: undefined as never, headers: { mobile: s.mobile!, 'session-id': s.token! } };
    await t.ok('updateCart', { bot_uuid: SHOP_BOT_ID, cart: [{ ...PARLE_G, quantity: 1 }] }, { session });
    const placed = await c.engine.invoke('placeOrder', SHOP_BOT_ID);
    if (!placed.ok) throw new Error(JSON.stringify(placed.error));
    const id = placed.value.paymentRequestId;
    const started = await c.engine.invoke('initiatePayment', id, 'upi', 'success@upi');
    expect(started.ok && started.value.payment_request.status).toBe('PENDING');
    await setOnline(c, false);
    t.clock.advance(1000); // the payer approves while the phone is offline
    const offline = await c.engine.invoke('checkPaymentRequest', id);
    expect(offline).toMatchObject({ ok: false, error: { key: 'noResponse' } });
    const stored = async () => ((await c.db.payments.findOne(paymentsDocId.request(id)).exec())!.toMutableJSON() as PaymentsDoc<'request'>).data.payment_request.status;
    expect(await stored()).toBe('PENDING');
    await setOnline(c, true);
    // the engine asks by itself when the network comes back (no screen needed)
    await waitFor(async () => (await stored()) === 'SUCCESS', 8000, 'asked on reconnect');
    const back = await c.engine.invoke('checkPaymentRequest', id);
    expect(back.ok && back.value.payment_request.status).toBe('SUCCESS');
    expect(await stored()).toBe('SUCCESS');
  });

  it('decline stores DECLINED only from the server\'s answer; clearPaymentFlow clears the latest request and methods', async () => {
    const c = await signedInClient();
    const s = (await getLocalDoc(c.db, 'session'))!;
    const session = { mobile: s.mobile!, tokens: undefined as never, headers: { mobile: s.mobile!, 'session-id': s.token! } };
    await t.ok('updateCart', { bot_uuid: SHOP_BOT_ID, cart: [{ ...PARLE_G, quantity: 1 }] }, { session });
    const placed = await c.engine.invoke('placeOrder', SHOP_BOT_ID);
    if (!placed.ok) throw new Error('place failed');
    expect((await c.engine.invoke('declinePayment', placed.value.paymentRequestId)).ok).toBe(true);
    const doc = (await c.db.payments.findOne(paymentsDocId.request(placed.value.paymentRequestId)).exec())!.toMutableJSON() as PaymentsDoc<'request'>;
    expect(doc.data.payment_request.status).toBe('DECLINED');
    expect(await c.db.payments.findOne(paymentsDocId.latest).exec()).not.toBeNull();
    await c.engine.invoke('clearPaymentFlow');
    expect(await c.db.payments.findOne(paymentsDocId.latest).exec()).toBeNull();
  });
});
