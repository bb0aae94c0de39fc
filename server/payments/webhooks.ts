// The receivers of the providers' webhooks: POST /webhooks/payments/upi and /webhooks/payments/card.
// Not contract routes: the body is read RAW, because the signature (webhook-signature.ts) is over
// the exact bytes sent. Order of checks: signature (401 unsigned or bad, 400 too old = replay),
// then the event's shape (400), then once per event id (a redelivery answers 200 duplicate and
// does nothing), then the amount and currency must be the request's (422: never mark an order
// paid for another sum), then the state machine (requests.ts) takes it; an event that arrives
// after a final state (out of order) is recorded and changes nothing.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/db';
import { errorBody } from '../http/errors';
import { applyCardIntent, type Providers } from './checkout';
import type { ProviderEvent } from './providers/provider';
import { moveRequest, requestByProviderRef } from './requests';
import { checkSignature, SIGNATURE_HEADER } from './webhook-signature';

const upiEvent = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['collect.pending', 'collect.succeeded', 'collect.failed']),
  created: z.number().int(),
  data: z.object({ collect_id: z.string().min(1), merchant_ref: z.string(), status: z.enum(['pending', 'success', 'failure']), amount_minor: z.number().int(), currency: z.string() }),
});

const cardEvent = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['payment_intent.processing', 'payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']),
  created: z.number().int(),
  data: z.object({ object: z.object({
    id: z.string().min(1), status: z.enum(['requires_payment_method', 'processing', 'succeeded', 'canceled']),
    amount: z.number().int(), currency: z.string(), last_payment_error: z.object({ code: z.string() }).nullable(),
  }) }),
});

function parseEvent(provider: 'upi' | 'card', json: unknown): ProviderEvent | undefined {
  if (provider === 'upi') {
    const e = upiEvent.safeParse(json);
    if (!e.success) return undefined;
    const outcome = e.data.type === 'collect.succeeded' ? 'success' : e.data.type === 'collect.failed' ? 'failure' : 'pending';
    return { provider, eventId: e.data.id, type: e.data.type, ref: e.data.data.collect_id, outcome, amountMinor: e.data.data.amount_minor, currency: e.data.data.currency.toUpperCase(), created: e.data.created };
  }
  const e = cardEvent.safeParse(json);
  if (!e.success) return undefined;
  const o = e.data.data.object;
  const outcome = e.data.type === 'payment_intent.succeeded' ? 'success' : e.data.type === 'payment_intent.processing' ? 'pending' : e.data.type === 'payment_intent.canceled' ? 'canceled' : 'failure';
  return { provider, eventId: e.data.id, type: e.data.type, ref: o.id, outcome, amountMinor: o.amount, currency: o.currency.toUpperCase(), created: e.data.created };
}

export interface WebhookDeps { db: Db; now: () => number; secret: Buffer; providers: Providers }

export type WebhookResult = { status: number; body: object };

/** Handles one delivery; exported so the sandbox's in-process deliveries and HTTP ones share it. */
export async function receiveWebhook(deps: WebhookDeps, provider: 'upi' | 'card', raw: Buffer, signature: string | undefined): Promise<WebhookResult> {
  const { db, now, secret, providers } = deps;
  const check = checkSignature(secret, raw, signature, now());
  if (!check.ok) return { status: check.reason.includes('too old') ? 400 : 401, body: errorBody(check.reason.includes('too old') ? 400 : 401, check.reason) };
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    return { status: 400, body: errorBody(400, 'The webhook body is not JSON') };
  }
  const event = parseEvent(provider, json);
  if (!event) return { status: 400, body: errorBody(400, 'The webhook is not an event this receiver knows') };
  const request = await requestByProviderRef(db, event.ref);
  if (request && (event.amountMinor !== Number(request.amount_minor) || event.currency !== request.currency)) {
    return { status: 422, body: errorBody(422, 'The webhook amount or currency is not the payment request\'s') };
  }
  const fresh = await db.query(
    `INSERT INTO payment_webhook_events (provider, event_id, type, provider_ref, outcome, received_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (provider, event_id) DO NOTHING RETURNING event_id`,
    [provider, event.eventId, event.type, event.ref, request ? 'received' : 'unknown_ref', now()],
  );
  if (fresh.length === 0) return { status: 200, body: { received: true, duplicate: true } };
  if (!request) return { status: 200, body: { received: true, applied: false } };
  let applied: boolean;
  if (provider === 'card' && event.outcome === 'failure') {
    // A decline: cancel the intent first (applyCardIntent), so it cannot succeed after we fail it.
    const intent = await providers.card.retrieveIntent(event.ref);
    const before = request.status;
    if (intent) await applyCardIntent(db, providers.card, request.payment_request_id, intent, now());
    applied = before !== (await requestByProviderRef(db, event.ref))?.status;
  } else {
    const outcome = event.outcome === 'canceled' ? 'failure' : event.outcome;
    applied = await moveRequest(db, request.payment_request_id, outcome, now(), event.outcome === 'canceled' ? 'canceled' : null);
  }
  await db.query('UPDATE payment_webhook_events SET outcome = $3 WHERE provider = $1 AND event_id = $2', [provider, event.eventId, applied ? 'applied' : 'ignored']);
  return { status: 200, body: { received: true, applied } };
}

export const WEBHOOK_PATH = '/webhooks/payments/';

export async function registerWebhooks(app: FastifyInstance, deps: WebhookDeps): Promise<void> {
  await app.register(async (scope) => {
    // Raw bytes for the signature: this scope's JSON parser keeps the Buffer.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { provider: string } }>(`${WEBHOOK_PATH}:provider`, async (request, reply) => {
      const provider = request.params.provider;
      if (provider !== 'upi' && provider !== 'card') return reply.code(404).send(errorBody(404, 'No such webhook receiver'));
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers[SIGNATURE_HEADER];
      const result = await receiveWebhook(deps, provider, raw, Array.isArray(header) ? header[0] : header);
      return reply.code(result.status).send(result.body);
    });
  });
}
