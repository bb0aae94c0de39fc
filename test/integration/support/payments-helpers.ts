// Helpers of the payments tests: deliver the sandbox's webhooks by real HTTP (as a provider does),
// raw body and signature header, and read the sandbox's books.
import { SHOP_BOT_ID } from '../../../server/bots/registry';
import type { OutgoingWebhook } from '../../../server/payments/providers/sandbox';
import { SIGNATURE_HEADER } from '../../../server/payments/webhook-signature';
import type { TestServer, TestSession } from '../helpers/server';

export const PARLE_G = { catalog_id: 'saathi-grocery', product_id: 'parle-g-800g' } as const;
/** Parle-G 800 g costs ₹90 in the catalogue (server/shop/catalog.ts). */
export const PARLE_G_PAISE = 9000;

export async function orderFor(t: TestServer, me: TestSession, quantity = 2) {
  await t.ok('updateCart', { bot_uuid: SHOP_BOT_ID, cart: [{ ...PARLE_G, quantity }] }, { session: me });
  return t.ok('placeOrder', { bot_uuid: SHOP_BOT_ID }, { session: me });
}

/** POSTs a webhook body to this server's receiver with the given signature header (or none). */
export function postWebhook(t: TestServer, provider: 'upi' | 'card', payload: string, signature: string | undefined) {
  return t.fetch(`/webhooks/payments/${provider}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { [SIGNATURE_HEADER]: signature }) },
    body: payload,
  });
}

/** Every webhook the sandbox has not delivered yet (marks none delivered). */
export async function pendingWebhooks(t: TestServer): Promise<OutgoingWebhook[]> {
  return t.server.payments.sandbox.dueWebhooks(1000);
}

/** Delivers one sandbox webhook over HTTP, signed now; answers the status. */
export async function deliver(t: TestServer, hook: OutgoingWebhook): Promise<number> {
  const res = await postWebhook(t, hook.provider, hook.payload, t.server.payments.sandbox.sign(hook.payload));
  if (res.ok) await t.server.payments.sandbox.markDelivered(hook.eventId);
  return res.status;
}

export async function count(t: TestServer, sql: string, params: unknown[] = []): Promise<number> {
  const rows = await t.server.db.query<{ n: number }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}
