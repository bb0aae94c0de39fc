// Placing an order: the caller's stored cart with a bot, priced from the bot's catalogue by the
// server (the client sends no price), becomes an order awaiting payment with one payment request.
// The open order of one cart version is unique (migration 017), so a double tap or a second tab
// gets the same order and request back.
import { randomUUID } from 'node:crypto';
import type { Order } from '../../src/api/payments-contract';
import type { Db } from '../db/db';
import { HttpError } from '../http/errors';
import { readCart, toLines } from '../shop/cart';
import type { OrderRow, RequestRow } from './requests';

export const EMPTY_CART_MESSAGE = 'The cart is empty';
export const STALE_CART_MESSAGE = 'The cart has changed; check it and place the order again';

export async function placeOrder(db: Db, userUuid: string, botUuid: string, cartVersion: number | undefined, now: number): Promise<{ order: OrderRow; request: RequestRow }> {
  const { items, version } = await readCart(db, userUuid, botUuid);
  if (cartVersion !== undefined && cartVersion !== version) throw new HttpError(409, STALE_CART_MESSAGE);
  if (items.length === 0) throw new HttpError(422, EMPTY_CART_MESSAGE);
  const lines: Order['lines'] = [];
  let currency: string | undefined;
  let total = 0;
  for (const line of toLines(botUuid, items, true)) {
    if (!line.price || !line.name) throw new HttpError(422, 'A product of the cart is no longer sold; update the cart');
    const unit = line.price.price + (line.customization_price?.price ?? 0);
    currency ??= line.price.currency;
    if (line.price.currency !== currency) throw new HttpError(422, 'The cart mixes currencies');
    total += unit * line.quantity;
    lines.push({ catalog_id: line.catalog_id, product_id: line.product_id, name: line.name, quantity: line.quantity, unit_price: { price: unit, currency: line.price.currency } });
  }
  if (!currency || !Number.isSafeInteger(total) || total <= 0) throw new HttpError(422, 'The order has nothing to pay');
  return db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO orders (order_uuid, user_uuid, bot_uuid, cart_version, lines, amount_minor, currency, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'awaiting_payment', $8)
       ON CONFLICT (user_uuid, bot_uuid, cart_version) WHERE status = 'awaiting_payment' DO NOTHING`,
      [randomUUID(), userUuid, botUuid, version, JSON.stringify(lines), total, currency, now],
    );
    const order = (await tx.query<OrderRow>(
      `SELECT * FROM orders WHERE user_uuid = $1 AND bot_uuid = $2 AND cart_version = $3 AND status = 'awaiting_payment'`,
      [userUuid, botUuid, version],
    ))[0];
    if (!order) throw new HttpError(409, STALE_CART_MESSAGE);
    await tx.query(
      `INSERT INTO payment_requests (payment_request_id, user_uuid, order_uuid, amount_minor, currency, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'CREATED', $6, $6) ON CONFLICT (order_uuid) DO NOTHING`,
      [randomUUID(), userUuid, order.order_uuid, order.amount_minor, order.currency, now],
    );
    const request = (await tx.query<RequestRow>('SELECT * FROM payment_requests WHERE order_uuid = $1', [order.order_uuid]))[0];
    if (!request) throw new Error('payment request vanished');
    return { order, request };
  });
}
