// Bodies and answers of the payment routes (spec part 2 §3 Payment, §7 Payments), as zod schemas
// with the answer types inferred. Merged into `routes` (contract.ts). Amounts are minor units with
// their currency (divisor 100, VND 1: src/domain/money.ts).
import { z } from 'zod';
import { route } from './route-def';
import { PAYMENTS_ROUTE_TABLE as T } from './payments-routes';
import { moneySchema } from './messages';
import { STANDALONE_BOT_ID_PATTERN } from '../domain/constants';
import { CARD_INTENT_STATUSES, isValidVpa, PAYMENT_REQUEST_STATUSES, PAYMENT_TYPES, VPA_INVALID_KEY } from '../domain/payments';

const uuid = (field: string) => z.string().uuid(`${field} must be a UUID`);
const empty = z.object({}).strict();
/** The address as typed, trimmed; the message is the spec's key (the app shows its text). */
export const vpaSchema = z.string().trim().refine(isValidVpa, VPA_INVALID_KEY);

export const paymentMethodSchema = z.object({
  payment_method_uuid: z.string(),
  type: z.literal('upi'),
  details: z.object({ vpa: z.string(), holder_name: z.string().nullable() }),
  is_primary: z.boolean(),
  created_at: z.number(),
});
export type PaymentMethod = z.output<typeof paymentMethodSchema>;

export const payoutSchema = z.object({
  entry_id: z.string(),
  amount: moneySchema,
  vpa: z.string(),
  status: z.enum(['paid', 'failed']),
  payout_ref: z.string(),
});
export type Payout = z.output<typeof payoutSchema>;

export const methodListAnswerSchema = z.object({
  saved_payment_method_list: z.array(paymentMethodSchema),
  /** Payouts made by this call (process_pending_payouts); empty otherwise. */
  payouts: z.array(payoutSchema),
});
export type MethodListAnswer = z.output<typeof methodListAnswerSchema>;

export const paymentRequestSchema = z.object({
  payment_request_id: z.string(),
  order_id: z.string(),
  bot_uuid: z.string(),
  amount: moneySchema,
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  /** upi or card once initiated. */
  type: z.enum(PAYMENT_TYPES).nullable(),
  vpa: z.string().nullable(),
  /** Set when the request reached a final state with the provider (spec §4). */
  transaction_time: z.number().nullable(),
  failure_reason: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type PaymentRequest = z.output<typeof paymentRequestSchema>;

export const orderLineSchema = z.object({
  catalog_id: z.string(), product_id: z.string(), name: z.string(), quantity: z.number().int(),
  /** One unit with its customisations, priced by the server. */
  unit_price: moneySchema,
});
export const orderSchema = z.object({
  order_id: z.string(),
  bot_uuid: z.string(),
  lines: z.array(orderLineSchema),
  total: moneySchema,
  status: z.enum(['awaiting_payment', 'paid', 'payment_failed', 'canceled']),
  created_at: z.number(),
  paid_at: z.number().nullable(),
});
export type Order = z.output<typeof orderSchema>;

export const requestAnswerSchema = z.object({ payment_request: paymentRequestSchema, order: orderSchema });
export type PaymentRequestAnswer = z.output<typeof requestAnswerSchema>;

export const initiateAnswerSchema = requestAnswerSchema.extend({
  /** upi: collect (the payer approves in their UPI app); card: the provider's hosted card page. */
  method: z.enum(PAYMENT_TYPES),
  flow: z.enum(['collect', 'card_redirect']),
  /** card only: the intent's client secret and the provider's page that takes the card. */
  card: z.object({ client_secret: z.string(), checkout_url: z.string(), intent_status: z.enum(CARD_INTENT_STATUSES) }).nullable(),
});
export type InitiateAnswer = z.output<typeof initiateAnswerSchema>;

const paymentRequestBody = z.object({ paymentRequestId: uuid('paymentRequestId') }).strict();

export const paymentsRoutes = {
  /** Asks the UPI provider whether the address exists; valid false for unknown handles. 400 vpaInvalid when it is not text@text. */
  verifyVpa: route({ ...T.verifyVpa,
    response: z.object({ vpa: z.string(), valid: z.boolean(), holder_name: z.string().nullable() }),
    body: z.object({ vpa: vpaSchema }).strict(),
  }),
  /**
   * Saves a verified UPI address (422 when the provider does not verify it; the same address
   * again updates it). is_primary, or the first method, makes it the only primary one;
   * process_pending_payouts pays the unclaimed cash rewards to the primary address.
   */
  saveMethod: route({ ...T.saveMethod,
    response: methodListAnswerSchema.extend({ payment_method: paymentMethodSchema }),
    body: z.object({
      type: z.literal('upi', { error: 'type must be upi' }),
      details: z.object({ vpa: vpaSchema }).strict(),
      is_primary: z.boolean({ error: 'is_primary must be true or false' }).default(false),
      process_pending_payouts: z.boolean({ error: 'process_pending_payouts must be true or false' }).default(false),
    }).strict(),
  }),
  getSavedMethodList: route({ ...T.getSavedMethodList, response: methodListAnswerSchema, body: empty }),
  /** 404 for a method that is not the caller's; a deleted primary hands primary to the oldest one left. */
  deleteSavedMethod: route({ ...T.deleteSavedMethod, response: methodListAnswerSchema,
    body: z.object({ payment_method_uuid: uuid('payment_method_uuid') }).strict(),
  }),
  /** Makes the method primary and every other one not (spec §4). */
  setMethodPrimary: route({ ...T.setMethodPrimary, response: methodListAnswerSchema,
    body: z.object({
      payment_method_uuid: uuid('payment_method_uuid'),
      process_pending_payouts: z.boolean({ error: 'process_pending_payouts must be true or false' }).default(false),
    }).strict(),
  }),
  /**
   * Prices the caller's stored cart with the bot from the catalogue (never the client's prices)
   * and opens an order with its payment request. The same cart version answers the same open
   * order (two tabs, a retry). 422 for an empty cart or a stale cart_version.
   */
  placeOrder: route({ ...T.placeOrder, response: requestAnswerSchema,
    body: z.object({
      bot_uuid: z.string().regex(STANDALONE_BOT_ID_PATTERN, 'bot_uuid must be a 16-digit number'),
      /** The cart version the user saw; a newer cart on the server is a 409. */
      cart_version: z.number().int().min(0).optional(),
    }).strict(),
  }),
  /**
   * Starts paying a request, once: a repeat (double tap, two tabs, a lost answer) answers the
   * same collect or intent. upi needs a vpa (or uses the primary method).
   */
  initiatePayment: route({ ...T.initiatePayment, response: initiateAnswerSchema,
    body: z.object({ paymentRequestId: uuid('paymentRequestId'), type: z.enum(PAYMENT_TYPES, { error: 'type must be upi or card' }), vpa: vpaSchema.optional() }).strict(),
  }),
  /** The payer declines: DECLINED (409 once the money is moving or settled). */
  declinePayment: route({ ...T.declinePayment, response: requestAnswerSchema, body: paymentRequestBody }),
  /** The request's true status; a pending one is checked with its provider first. */
  getPaymentRequestDetails: route({ ...T.getPaymentRequestDetails, response: requestAnswerSchema, body: paymentRequestBody }),
} as const;
