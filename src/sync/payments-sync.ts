// The payments area in the engine (issue 15; spec part 2 §4 UPI dialog, processing screen, §7):
//   - saved methods: the list read into the `payments` collection (shown offline); save, delete
//     and set-primary are queued on the one action queue (kind 'payment-method', one ordering key)
//     and shown at once by the view (src/db/payments-view.ts); the server's answer replaces the
//     list; a refusal drops the action (the view shows the server's list again) and leaves a notice.
//   - paying is online only, never queued: verify-vpa, place-order, initiate, decline and the
//     status check are direct calls whose answers are written into the collection. The screen
//     says "you are offline" before anything starts; a payment started before the network went
//     shows what the server says once it answers again (checkPaymentRequest), never a guess.
import { distinctUntilChanged, filter, map, skip } from 'rxjs';
import type { RouteName } from '../api/contract';
import type { InitiateAnswer, PaymentMethod, PaymentRequestAnswer } from '../api/payments-contract';
import { isFinalPaymentStatus, type PaymentRequestStatus, type PaymentType } from '../domain/payments';
import { BadStatusError, NoResponseError, cancelledError, isCancelError, noResponseError } from '../domain/errors';
import { uuidv7 } from '../domain/uuidv7';
import type { AppDatabase } from '../db/database';
import { failed, ok, type CommandResult } from '../db/command-result';
import { enqueueAction } from '../db/action-queue';
import { observeLocalDoc$ } from '../db/local-store';
import type { PaymentMethodAction } from '../db/payments-view';
import { orderKey, paymentsDocId, type PaymentOrigin, type PaymentsDoc, type PaymentsDocData, type PaymentsDocKind } from '../db/schemas';
import type { ActionKindDef, AreaSyncDeps } from './action-runner';
import type { Clock, HttpClient } from './http-client';

/** Message ids of the notices (the screen translates them). */
export const PAYMENTS_NOTICE = {
  saveFailed: 'payments.error.save',
  deleteFailed: 'payments.error.delete',
  primaryFailed: 'payments.error.primary',
} as const;

export type NewMethod = { vpa: string; holder_name: string | null; is_primary: boolean; process_pending_payouts: boolean };

export interface PaymentsFlows {
  loadPaymentMethods(): Promise<CommandResult>;
  savePaymentMethod(method: NewMethod): Promise<CommandResult>;
  deletePaymentMethod(paymentMethodUuid: string): Promise<CommandResult>;
  setPrimaryPaymentMethod(paymentMethodUuid: string, processPendingPayouts: boolean): Promise<CommandResult>;
  dismissPaymentsNotice(): Promise<CommandResult>;
  verifyVpa(vpa: string): Promise<CommandResult<{ valid: boolean; holder_name: string | null }>>;
  placeOrder(botUuid: string, cartVersion?: number): Promise<CommandResult<{ paymentRequestId: string }>>;
  initiatePayment(paymentRequestId: string, type: PaymentType, vpa?: string, origin?: PaymentOrigin): Promise<CommandResult<InitiateAnswer>>;
  checkPaymentRequest(paymentRequestId: string): Promise<CommandResult<PaymentRequestAnswer>>;
  declinePayment(paymentRequestId: string): Promise<CommandResult>;
  /**
   * The 2-second result screen is over (spec §4): the flow's latest request and the payment methods
   * are cleared; the methods are read again from the server at once, so /manage-upi still has them
   * offline later (the result came from the server, so the network is there).
   */
  clearPaymentFlow(): Promise<CommandResult>;
}

function doc<K extends PaymentsDocKind>(kind: K, id: string, sort: number, data: PaymentsDocData[K], now: number): PaymentsDoc {
  return { id, kind, sort, data, updated_at: now } as PaymentsDoc;
}

/** The server's list replaces the stored one (one write each way); `sort` keeps the server's order. */
async function storeMethods(db: AppDatabase, list: readonly PaymentMethod[], now: number): Promise<void> {
  const stored = await db.payments.find({ selector: { kind: 'method' } }).exec();
  const keep = new Set(list.map((m) => paymentsDocId.method(m.payment_method_uuid)));
  const gone = stored.filter((d) => !keep.has(d.id)).map((d) => d.id);
  if (gone.length > 0) await db.payments.bulkRemove(gone);
  if (list.length > 0) await db.payments.bulkUpsert(list.map((m, i) => doc('method', paymentsDocId.method(m.payment_method_uuid), i, m, now)));
}

/** How far along its state machine a status is: a stored request never moves back. */
const progress = (status: PaymentRequestStatus) => (status === 'CREATED' ? 0 : status === 'PENDING' ? 1 : 2);

async function storeRequest(db: AppDatabase, answer: PaymentRequestAnswer & { card?: InitiateAnswer['card'] }, now: number): Promise<void> {
  const id = paymentsDocId.request(answer.payment_request.payment_request_id);
  const before = (await db.payments.findOne(id).exec())?.toMutableJSON() as PaymentsDoc<'request'> | undefined;
  // An answer older than what is stored (a slow status check overtaken by a newer one, an
  // Idempotency-Key replay of a first answer) never moves the request back: a status shown
  // final stays, and CREATED never hides PENDING.
  if (before && progress(answer.payment_request.status) < progress(before.data.payment_request.status)) return;
  if (before && isFinalPaymentStatus(before.data.payment_request.status) && answer.payment_request.status !== before.data.payment_request.status) return;
  const card = answer.card !== undefined ? answer.card : before?.data.card ?? null;
  await db.payments.upsert(doc('request', id, answer.payment_request.created_at, { payment_request: answer.payment_request, order: answer.order, card }, now));
}

async function setNotice(db: AppDatabase, textId: string, now: number): Promise<void> {
  await db.payments.upsert(doc('notice', paymentsDocId.notice, 0, { textId, at: now }, now));
}

/** How the runner sends a queued method edit, and what a refusal leaves. */
export function paymentMethodKind(deps: { db: AppDatabase; http: HttpClient; clock: Clock }): ActionKindDef<'payment-method'> {
  const { db, http, clock } = deps;
  return {
    route: 'saveMethod',
    async send({ payload: a }, once) {
      const answer = a.op === 'save'
        ? await http.call('saveMethod', { type: 'upi', details: { vpa: a.vpa }, is_primary: a.is_primary, process_pending_payouts: a.process_pending_payouts }, once)
        : a.op === 'delete'
          ? await http.call('deleteSavedMethod', { payment_method_uuid: a.payment_method_uuid }, once)
          : await http.call('setMethodPrimary', { payment_method_uuid: a.payment_method_uuid, process_pending_payouts: a.process_pending_payouts }, once);
      await storeMethods(db, answer.saved_payment_method_list, clock.now());
    },
    async refused({ payload: a }) {
      // the view drops the refused edit with its action; the server's list shows again
      await setNotice(db, a.op === 'save' ? PAYMENTS_NOTICE.saveFailed : a.op === 'delete' ? PAYMENTS_NOTICE.deleteFailed : PAYMENTS_NOTICE.primaryFailed, clock.now());
    },
  };
}

export function createPaymentsSync(deps: AreaSyncDeps): { flows: PaymentsFlows; close(): void } {
  const { db, http, clock } = deps;

  async function failure<T>(route: RouteName, err: unknown): Promise<CommandResult<T>> {
    if (err instanceof NoResponseError) return failed(noResponseError());
    if (isCancelError(err)) return failed(cancelledError(err.reason));
    // a refusal the screen shows itself (422 unverifiable address, 409 already started ...)
    if (err instanceof BadStatusError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 440) {
      return failed({ key: 'payments.refused', status: err.status, ...(err.serverMessage ? { message: err.serverMessage } : {}), textId: 'payments.error.refused' });
    }
    return failed(await deps.report(route, err));
  }

  async function queue(payload: PaymentMethodAction): Promise<CommandResult> {
    await enqueueAction(db, 'payment-method', orderKey.paymentMethods(), payload, clock.now(), payload.action_id);
    await db.payments.findOne(paymentsDocId.notice).remove().catch(() => undefined);
    void deps.flushActions();
    return ok();
  }

  const flows: PaymentsFlows = {
    async loadPaymentMethods() {
      try {
        const answer = await http.call('getSavedMethodList', {});
        await storeMethods(db, answer.saved_payment_method_list, clock.now());
        return ok();
      } catch (err) {
        return failure('getSavedMethodList', err);
      }
    },
    savePaymentMethod: (m) => {
      const id = uuidv7();
      return queue({ op: 'save', action_id: id, vpa: m.vpa.trim(), holder_name: m.holder_name, is_primary: m.is_primary, process_pending_payouts: m.process_pending_payouts, at: clock.now() });
    },
    deletePaymentMethod: (uuid) => queue({ op: 'delete', action_id: uuidv7(), payment_method_uuid: uuid, at: clock.now() }),
    setPrimaryPaymentMethod: (uuid, process) => queue({ op: 'primary', action_id: uuidv7(), payment_method_uuid: uuid, process_pending_payouts: process, at: clock.now() }),
    async dismissPaymentsNotice() {
      await db.payments.findOne(paymentsDocId.notice).remove().catch(() => undefined);
      return ok();
    },
    async verifyVpa(vpa) {
      try {
        const answer = await http.call('verifyVpa', { vpa: vpa.trim() });
        return ok({ valid: answer.valid, holder_name: answer.holder_name });
      } catch (err) {
        return failure('verifyVpa', err);
      }
    },
    async placeOrder(botUuid, cartVersion) {
      try {
        const answer = await http.call('placeOrder', { bot_uuid: botUuid, ...(cartVersion !== undefined ? { cart_version: cartVersion } : {}) });
        await storeRequest(db, { ...answer, card: null }, clock.now());
        await db.payments.upsert(doc('latest', paymentsDocId.latest, 0, { payment_request_id: answer.payment_request.payment_request_id }, clock.now()));
        return ok({ paymentRequestId: answer.payment_request.payment_request_id });
      } catch (err) {
        return failure('placeOrder', err);
      }
    },
    async initiatePayment(paymentRequestId, type, vpa, origin = 'cart') {
      // the flow's request (and where it returns to) is known before the call: a lost answer
      // still leaves the request to be asked about on reconnect
      await db.payments.upsert(doc('latest', paymentsDocId.latest, 0, { payment_request_id: paymentRequestId, origin }, clock.now()));
      try {
        const answer = await http.call('initiatePayment', { paymentRequestId, type, ...(vpa ? { vpa } : {}) });
        await storeRequest(db, answer, clock.now());
        return ok(answer);
      } catch (err) {
        return failure('initiatePayment', err);
      }
    },
    async checkPaymentRequest(paymentRequestId) {
      try {
        const answer = await http.call('getPaymentRequestDetails', { paymentRequestId });
        await storeRequest(db, answer, clock.now());
        return ok(answer);
      } catch (err) {
        return failure('getPaymentRequestDetails', err);
      }
    },
    async declinePayment(paymentRequestId) {
      try {
        // spec §4: DECLINED only once the decline call answered 200 (the answer says so)
        const answer = await http.call('declinePayment', { paymentRequestId });
        await storeRequest(db, answer, clock.now());
        return ok();
      } catch (err) {
        return failure('declinePayment', err);
      }
    },
    async clearPaymentFlow() {
      const stale = await db.payments.find({ selector: { kind: { $in: ['latest', 'method'] } } }).exec();
      if (stale.length > 0) await db.payments.bulkRemove(stale.map((d) => d.id));
      await flows.loadPaymentMethods();
      return ok();
    },
  };

  // The network came back: every request that was started and not final is asked again, so a
  // payment begun before the network went shows the server's truth, whatever screen is open.
  const reconnect = observeLocalDoc$(db, 'sync-status').pipe(map((s) => s?.online !== false), distinctUntilChanged(), skip(1), filter(Boolean)).subscribe(() => {
    void (async () => {
      // the flow's latest request too when its initiate answer was lost (stored type still null)
      const latest = (await db.payments.findOne(paymentsDocId.latest).exec())?.toMutableJSON() as PaymentsDoc<'latest'> | undefined;
      const open = (await db.payments.find({ selector: { kind: 'request' }, sort: [{ kind: 'asc' }, { sort: 'desc' }], limit: 20 }).exec())
        .map((d) => (d.toMutableJSON() as PaymentsDoc<'request'>).data.payment_request)
        .filter((r) => (r.type !== null || r.payment_request_id === latest?.data.payment_request_id) && !isFinalPaymentStatus(r.status));
      for (const r of open) await flows.checkPaymentRequest(r.payment_request_id);
    })().catch(() => undefined);
  });

  return { flows, close: () => reconnect.unsubscribe() };
}
