// Orders and payment requests in PostgreSQL, and the one function that moves a request along its
// state machine (src/domain/payments.ts). Every move is a compare-and-set UPDATE (WHERE status is
// one the move is allowed from) in one transaction with its order: two webhooks, a status check
// and a decline racing each other leave exactly one final state, and an order is paid once.
import type { Order, PaymentRequest } from '../../src/api/payments-contract';
import type { Money } from '../../src/api/messages';
import { canMovePayment, PAYMENT_REQUEST_STATUSES, type PaymentRequestStatus, type PaymentType } from '../../src/domain/payments';
import type { Db, Queryable } from '../db/db';
import { notFound } from '../http/errors';
import { writeCart } from '../shop/cart';

export interface RequestRow {
  payment_request_id: string;
  user_uuid: string;
  order_uuid: string;
  amount_minor: number;
  currency: string;
  status: PaymentRequestStatus;
  type: PaymentType | null;
  vpa: string | null;
  provider_ref: string | null;
  client_secret: string | null;
  transaction_time: number | null;
  failure_reason: string | null;
  created_at: number;
  updated_at: number;
}

export interface OrderRow {
  order_uuid: string;
  user_uuid: string;
  bot_uuid: string;
  cart_version: number;
  lines: Order['lines'];
  amount_minor: number;
  currency: string;
  status: Order['status'];
  created_at: number;
  paid_at: number | null;
}

const money = (amountMinor: number, currency: string): Money => ({ price: Number(amountMinor), currency: currency as Money['currency'] });
const num = (v: number | null) => (v === null ? null : Number(v));

export function toOrder(o: OrderRow): Order {
  return { order_id: o.order_uuid, bot_uuid: o.bot_uuid, lines: o.lines, total: money(o.amount_minor, o.currency), status: o.status, created_at: Number(o.created_at), paid_at: num(o.paid_at) };
}

export function toRequest(r: RequestRow, order: OrderRow): PaymentRequest {
  return {
    payment_request_id: r.payment_request_id, order_id: r.order_uuid, bot_uuid: order.bot_uuid,
    amount: money(r.amount_minor, r.currency), status: r.status, type: r.type, vpa: r.vpa,
    transaction_time: num(r.transaction_time), failure_reason: r.failure_reason,
    created_at: Number(r.created_at), updated_at: Number(r.updated_at),
  };
}

export const REQUEST_NOT_FOUND = 'Payment request not found';

/** The caller's request and its order; another user's is a 404 exactly like an unknown one. */
export async function readRequest(q: Queryable, userUuid: string, requestId: string): Promise<{ request: RequestRow; order: OrderRow }> {
  const request = (await q.query<RequestRow>('SELECT * FROM payment_requests WHERE payment_request_id = $1 AND user_uuid = $2', [requestId, userUuid]))[0];
  if (!request) throw notFound(REQUEST_NOT_FOUND);
  const order = (await q.query<OrderRow>('SELECT * FROM orders WHERE order_uuid = $1', [request.order_uuid]))[0];
  if (!order) throw notFound(REQUEST_NOT_FOUND);
  return { request, order };
}

export async function requestByProviderRef(q: Queryable, ref: string): Promise<RequestRow | undefined> {
  return (await q.query<RequestRow>('SELECT * FROM payment_requests WHERE provider_ref = $1', [ref]))[0];
}

export type Outcome = 'pending' | 'success' | 'failure' | 'declined';

const TARGET: Record<Outcome, PaymentRequestStatus> = { pending: 'PENDING', success: 'SUCCESS', failure: 'FAILED', declined: 'DECLINED' };

/**
 * Moves the request to the outcome's status if its state machine allows it from where it is;
 * answers whether it moved. SUCCESS marks the order paid (once: only an order awaiting payment
 * moves) and empties the cart it was placed from; FAILED and DECLINED mark the order as such.
 */
export async function moveRequest(db: Db, requestId: string, outcome: Outcome, now: number, reason: string | null = null): Promise<boolean> {
  const to = TARGET[outcome];
  const from = PAYMENT_REQUEST_STATUSES.filter((s) => canMovePayment(s, to));
  if (from.length === 0) return false;
  return db.transaction(async (tx) => {
    const moved = (await tx.query<RequestRow>(
      `UPDATE payment_requests SET status = $2, updated_at = $3,
         transaction_time = CASE WHEN $2 IN ('SUCCESS', 'FAILED') THEN $3 ELSE transaction_time END,
         failure_reason = COALESCE($4, failure_reason)
       WHERE payment_request_id = $1 AND status = ANY($5::text[]) RETURNING *`,
      [requestId, to, now, reason, from],
    ))[0];
    if (!moved) return false;
    if (to === 'SUCCESS') {
      const paid = (await tx.query<OrderRow>(
        `UPDATE orders SET status = 'paid', paid_at = $2 WHERE order_uuid = $1 AND status = 'awaiting_payment' RETURNING *`,
        [moved.order_uuid, now],
      ))[0];
      // The goods are bought: the cart they came from is emptied (if it is still that cart).
      if (paid) {
        const cart = (await tx.query<{ version: number }>('SELECT version FROM carts WHERE user_uuid = $1 AND bot_uuid = $2', [paid.user_uuid, paid.bot_uuid]))[0];
        if (cart && cart.version === paid.cart_version) await writeCart(tx, paid.user_uuid, paid.bot_uuid, [], now);
      }
    } else if (to === 'FAILED' || to === 'DECLINED') {
      await tx.query(
        `UPDATE orders SET status = $2 WHERE order_uuid = $1 AND status = 'awaiting_payment'`,
        [moved.order_uuid, to === 'FAILED' ? 'payment_failed' : 'canceled'],
      );
    }
    return true;
  });
}
