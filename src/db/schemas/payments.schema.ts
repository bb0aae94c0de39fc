// The payments area's documents (issue 15; DESIGN.md §3 allows this one collection): the saved
// methods as the server last answered them, payment requests with their orders, the latest
// request of the checkout flow and the area's notice. Queued method edits are NOT written here:
// they wait in the one action queue (kind 'payment-method') and the screen lays them over these
// documents (src/db/payments-view.ts), so a refusal needs no undo here: the action leaves the
// queue and the server's list shows again. The user's data: cleared on sign-out.
import type { RxCollection, RxJsonSchema } from 'rxdb/plugins/core';
import type { InitiateAnswer, Order, PaymentMethod, PaymentRequest } from '../../api/payments-contract';

export interface PaymentsDocData {
  method: PaymentMethod;
  request: { payment_request: PaymentRequest; order: Order; card: InitiateAnswer['card'] };
  /** the payment request of the checkout flow on screen (cleared 2 s after its result) */
  latest: { payment_request_id: string; origin?: PaymentOrigin };
  /** the last refusal of a queued method edit (a message id the screen translates) */
  notice: { textId: string; at: number };
}

/** Where the checkout was opened from, so the result returns there: the cart, or a bot's bill in chat. */
export type PaymentOrigin = 'cart' | 'chat';

export type PaymentsDocKind = keyof PaymentsDocData;

export interface PaymentsDoc<K extends PaymentsDocKind = PaymentsDocKind> {
  /** method:<uuid>, request:<id>, 'latest', 'notice' */
  id: string;
  kind: K;
  /** the list order: a method's place in the server's list, a request's created_at */
  sort: number;
  data: PaymentsDocData[K];
  updated_at: number;
}

export type PaymentsCollection = RxCollection<PaymentsDoc>;

export const paymentsDocId = {
  method: (uuid: string) => `method:${uuid}`,
  request: (id: string) => `request:${id}`,
  latest: 'latest',
  notice: 'notice',
};

export const paymentsSchema: RxJsonSchema<PaymentsDoc> = {
  title: 'payments',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 100 },
    kind: { type: 'string', enum: ['method', 'request', 'latest', 'notice'], maxLength: 10 },
    sort: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
    data: { type: 'object' },
    updated_at: { type: 'number' },
  },
  required: ['id', 'kind', 'sort', 'data', 'updated_at'],
  // screens list one kind in its order
  indexes: [['kind', 'sort']],
};
