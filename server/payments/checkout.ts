// Paying a payment request, once (issue 15 "never charged twice"):
// - initiate calls the provider with the payment request id as its merchant reference, which the
//   provider answers idempotently (one collect, one intent), then records the reference with a
//   compare-and-set UPDATE: a double tap, two tabs or a retry after a lost answer all end on the
//   same charge, and no database transaction is held across a provider call.
// - the outcome arrives by signed webhook (webhooks.ts) or by asking the provider (reconcile, on
//   get-payment-request-details): both go through moveRequest, whose state machine takes the
//   first final outcome and ignores the rest.
import type { InitiateAnswer } from '../../src/api/payments-contract';
import { cardPaymentSucceeded, type PaymentType } from '../../src/domain/payments';
import type { Db } from '../db/db';
import { HttpError } from '../http/errors';
import { primaryVpa } from './methods';
import type { CardIntent, CardProvider, UpiProvider } from './providers/provider';
import { ProviderRefusal } from './providers/provider';
import { moveRequest, readRequest, toOrder, toRequest, type OrderRow, type RequestRow } from './requests';

export interface Providers { upi: UpiProvider; card: CardProvider }

/** Where the card page sends the payer back to (the app's processing screen). */
export const cardReturnUrl = (requestId: string) => `/payment-processing?${new URLSearchParams({ pr: requestId }).toString()}`;

function answer(request: RequestRow, order: OrderRow, card: CardProvider, intent?: CardIntent): InitiateAnswer {
  const method = request.type ?? 'upi';
  return {
    payment_request: toRequest(request, order),
    order: toOrder(order),
    method,
    flow: method === 'upi' ? 'collect' : 'card_redirect',
    card: method === 'card' && request.client_secret
      ? { client_secret: request.client_secret, checkout_url: card.checkoutUrl(request.client_secret, cardReturnUrl(request.payment_request_id)), intent_status: intent?.status ?? 'requires_payment_method' }
      : null,
  };
}

export async function initiate(db: Db, providers: Providers, userUuid: string, requestId: string, type: PaymentType, vpaGiven: string | undefined, now: number): Promise<InitiateAnswer> {
  let { request, order } = await readRequest(db, userUuid, requestId);
  // The payer opened the card page, came back and chose UPI: the intent is cancelled (only while
  // no card was confirmed on it) and forgotten, so its cancel event no longer names this request.
  if (type === 'upi' && request.type === 'card' && request.status === 'CREATED' && request.provider_ref) {
    const intent = await providers.card.cancelIntent(request.provider_ref);
    if (intent?.status === 'canceled') {
      await db.query(
        `UPDATE payment_requests SET type = NULL, provider_ref = NULL, client_secret = NULL, updated_at = $3
         WHERE payment_request_id = $1 AND provider_ref = $2 AND status = 'CREATED'`,
        [request.payment_request_id, request.provider_ref, now],
      );
      ({ request, order } = await readRequest(db, userUuid, requestId));
    }
  }
  if (request.provider_ref === null && request.status === 'CREATED') {
    if (type === 'upi') {
      const vpa = vpaGiven ?? await primaryVpa(db, userUuid);
      if (!vpa) throw new HttpError(422, 'Add a UPI address to pay with');
      let collect;
      try {
        collect = await providers.upi.collect({ merchantRef: request.payment_request_id, vpa, amountMinor: Number(request.amount_minor), currency: request.currency });
      } catch (error) {
        if (error instanceof ProviderRefusal) throw new HttpError(422, error.message);
        throw error;
      }
      await db.query(
        `UPDATE payment_requests SET type = 'upi', vpa = $2, provider_ref = $3, updated_at = $4
         WHERE payment_request_id = $1 AND provider_ref IS NULL`,
        [request.payment_request_id, vpa, collect.collectId, now],
      );
      await moveRequest(db, request.payment_request_id, 'pending', now);
      if (collect.status !== 'pending') await moveRequest(db, request.payment_request_id, collect.status === 'success' ? 'success' : 'failure', now);
    } else {
      const intent = await providers.card.createIntent({ merchantRef: request.payment_request_id, amountMinor: Number(request.amount_minor), currency: request.currency });
      await db.query(
        `UPDATE payment_requests SET type = 'card', provider_ref = $2, client_secret = $3, updated_at = $4
         WHERE payment_request_id = $1 AND provider_ref IS NULL`,
        [request.payment_request_id, intent.id, intent.clientSecret, now],
      );
    }
    ({ request, order } = await readRequest(db, userUuid, requestId));
  }
  if (request.type !== null && request.type !== type && request.status !== 'SUCCESS' && request.status !== 'FAILED' && request.status !== 'DECLINED') {
    throw new HttpError(409, `This payment was already started by ${request.type === 'upi' ? 'UPI' : 'card'}`);
  }
  const intent = request.type === 'card' && request.provider_ref ? await providers.card.retrieveIntent(request.provider_ref) : undefined;
  return answer(request, order, providers.card, intent);
}

/**
 * Asks the provider how a started payment stands and applies it (a late or lost webhook changes
 * nothing: the truth is read). A card counts as paid only with no error and status succeeded; a
 * declined card's intent is cancelled before the request is failed, so it can never succeed later.
 */
export async function reconcile(db: Db, providers: Providers, request: RequestRow, now: number): Promise<void> {
  if (request.provider_ref === null || request.status === 'SUCCESS' || request.status === 'FAILED' || request.status === 'DECLINED') return;
  if (request.type === 'upi') {
    const status = await providers.upi.collectStatus(request.provider_ref);
    if (!status || status.amountMinor !== Number(request.amount_minor) || status.currency !== request.currency) return;
    await moveRequest(db, request.payment_request_id, status.status === 'pending' ? 'pending' : status.status === 'success' ? 'success' : 'failure', now);
    return;
  }
  const intent = await providers.card.retrieveIntent(request.provider_ref);
  if (intent) await applyCardIntent(db, providers.card, request.payment_request_id, intent, now);
}

export async function applyCardIntent(db: Db, card: CardProvider, requestId: string, intent: CardIntent, now: number): Promise<void> {
  if (cardPaymentSucceeded({ status: intent.status, error: intent.lastError })) {
    await moveRequest(db, requestId, 'success', now);
  } else if (intent.status === 'processing') {
    await moveRequest(db, requestId, 'pending', now);
  } else if (intent.status === 'canceled') {
    await moveRequest(db, requestId, 'failure', now, 'canceled');
  } else if (intent.lastError) {
    const after = await card.cancelIntent(intent.id);
    if (after && cardPaymentSucceeded({ status: after.status, error: after.lastError })) await moveRequest(db, requestId, 'success', now);
    else if (after?.status === 'canceled') await moveRequest(db, requestId, 'failure', now, intent.lastError);
  }
}

/** The payer declines (spec §4: DECLINED once this answers 200). Money in flight cannot be declined. */
export async function decline(db: Db, providers: Providers, userUuid: string, requestId: string, now: number): Promise<void> {
  const { request } = await readRequest(db, userUuid, requestId);
  if (request.status === 'DECLINED') return;
  if (request.status !== 'CREATED') throw new HttpError(409, `The payment is ${request.status === 'PENDING' ? 'being processed' : 'already finished'} and cannot be declined`);
  if (request.type === 'card' && request.provider_ref) {
    const intent = await providers.card.cancelIntent(request.provider_ref);
    if (intent && intent.status !== 'canceled') {
      await applyCardIntent(db, providers.card, requestId, intent, now);
      throw new HttpError(409, 'The card payment has already gone through and cannot be declined');
    }
  }
  const moved = await moveRequest(db, requestId, 'declined', now);
  if (!moved) {
    const again = await readRequest(db, userUuid, requestId);
    if (again.request.status !== 'DECLINED') throw new HttpError(409, 'The payment is already finished and cannot be declined');
  }
}
