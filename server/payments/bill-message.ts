// A bot's payment request in chat (issue 15: "bots can also send a payment request message in chat
// that opens the same flow"). The user's stored cart with the bot becomes an order priced by the
// server from its catalogue (placeOrder, exactly as the cart's "Place order"), and the bot's reply
// carries that order's payment request; the app opens the same checkout for it (/checkout?pr=).
// The same cart version answers the same open order, so a bot job retried after a crash sends the
// same bill, never a second one.
import type { Money } from '../../src/api/messages';
import type { Db } from '../db/db';
import { HttpError } from '../http/errors';
import type { BotReply } from '../bots/bot-types';
import { placeOrder } from './orders';
import { toOrder } from './requests';

/** The payment_request message for the user's cart with the bot; undefined when there is nothing to pay. */
export async function billReply(db: Db, userUuid: string, botUuid: string, now: number, body: (total: Money) => string): Promise<BotReply | undefined> {
  let placed;
  try {
    placed = await placeOrder(db, userUuid, botUuid, undefined, now);
  } catch (error) {
    // an empty cart, a product no longer sold: the bot says so instead of billing
    if (error instanceof HttpError && error.statusCode === 422) return undefined;
    throw error;
  }
  const order = toOrder(placed.order);
  return {
    type: 'payment_request',
    text: { body: body(order.total) },
    payment_request: { payment_request_id: placed.request.payment_request_id, order_id: order.order_id, amount: order.total },
  };
}
