// The sandbox payment provider: a UPI gateway (verify address, collect, payout) and a card
// gateway modelled on Stripe PaymentIntents, with the books a real provider keeps on its side
// (the sandbox_* tables of migration 017) and signed webhooks delivered at least once from an
// outbox. Its rules are sandbox-rules.ts. The app reaches it through the UpiProvider and
// CardProvider interfaces in-process; the browser reaches its card page over HTTP
// (sandbox-routes.ts), so card numbers only ever meet this module, which keeps the last four.
//
// Time: a collect settles settleAfterMs after it was sent, a confirmed card settleAfterMs after
// confirm: lazily on any read (so "check status" answers the truth even with no timer, after a
// restart) and by settleDue() (the server's timer, which also sends the webhooks).
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db';
import type { CardIntentStatus } from '../../../src/domain/payments';
import { signPayload } from '../webhook-signature';
import type { CardIntent, CardProvider, UpiCollectStatus, UpiProvider } from './provider';
import { ProviderRefusal } from './provider';
import { cardBrand, cardOutcome, luhnOk, sandboxHolderName, upiOutcome } from './sandbox-rules';

export interface SandboxOptions {
  db: Queryable;
  now: () => number;
  secret: Buffer;
  /** How long a collect waits for the payer, and a confirmed card for the network (ms). */
  settleAfterMs: number;
}

/** A webhook waiting to be delivered: the raw JSON text and which receiver it is for. */
export interface OutgoingWebhook { eventId: string; provider: 'upi' | 'card'; payload: string; attempts: number }

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
/** Redelivery backoff of a webhook the receiver did not take: 1 s, 2 s, 4 s … at most 5 min. */
const backoffMs = (attempts: number) => Math.min(300_000, 1000 * 2 ** Math.max(0, attempts - 1));

interface CollectRow { collect_id: string; merchant_ref: string; vpa: string; amount_minor: number; currency: string; status: UpiCollectStatus; created_at: number }
interface IntentRow { intent_id: string; merchant_ref: string; client_secret: string; amount_minor: number; currency: string; status: CardIntentStatus; last_error: string | null; confirmed_at: number | null }

const toIntent = (r: IntentRow): CardIntent => ({ id: r.intent_id, clientSecret: r.client_secret, status: r.status, lastError: r.last_error, amountMinor: Number(r.amount_minor), currency: r.currency });

export type ConfirmResult = { kind: 'done'; intent: CardIntent } | { kind: 'form-error'; message: string } | { kind: 'not-found' };

export class PaymentSandbox implements UpiProvider, CardProvider {
  constructor(private readonly opts: SandboxOptions) {}

  private get db() { return this.opts.db; }

  // ---- UPI ----

  async verifyVpa(vpa: string) {
    const outcome = upiOutcome(vpa);
    return outcome === 'unknown' ? { valid: false, holderName: null } : { valid: true, holderName: sandboxHolderName(vpa) };
  }

  async collect(req: { merchantRef: string; vpa: string; amountMinor: number; currency: string }) {
    if (upiOutcome(req.vpa) === 'unknown') throw new ProviderRefusal('This UPI address could not be verified');
    const now = this.opts.now();
    const inserted = await this.db.query<CollectRow>(
      `INSERT INTO sandbox_upi_collects (collect_id, merchant_ref, vpa, amount_minor, currency, status, created_at)
       VALUES ($1, $2, $3, $4, $5, 'pending', $6) ON CONFLICT (merchant_ref) DO NOTHING RETURNING *`,
      [id('col'), req.merchantRef, req.vpa, req.amountMinor, req.currency, now],
    );
    if (inserted[0]) await this.enqueueUpi(inserted[0], 'collect.pending');
    const row = (await this.db.query<CollectRow>('SELECT * FROM sandbox_upi_collects WHERE merchant_ref = $1', [req.merchantRef]))[0];
    if (!row) throw new Error('sandbox collect vanished');
    const settled = await this.settleCollect(row);
    return { collectId: settled.collect_id, status: settled.status };
  }

  async collectStatus(collectId: string) {
    const row = (await this.db.query<CollectRow>('SELECT * FROM sandbox_upi_collects WHERE collect_id = $1', [collectId]))[0];
    if (!row) return undefined;
    const settled = await this.settleCollect(row);
    return { status: settled.status, amountMinor: Number(settled.amount_minor), currency: settled.currency };
  }

  async payout(req: { merchantRef: string; vpa: string; amountMinor: number; currency: string }) {
    const status = upiOutcome(req.vpa) === 'success' ? 'success' : 'failure';
    await this.db.query(
      `INSERT INTO sandbox_upi_payouts (payout_id, merchant_ref, vpa, amount_minor, currency, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (merchant_ref) DO NOTHING`,
      [id('pout'), req.merchantRef, req.vpa, req.amountMinor, req.currency, status, this.opts.now()],
    );
    const row = (await this.db.query<{ payout_id: string; status: 'success' | 'failure' }>('SELECT payout_id, status FROM sandbox_upi_payouts WHERE merchant_ref = $1', [req.merchantRef]))[0];
    if (!row) throw new Error('sandbox payout vanished');
    return { payoutId: row.payout_id, status: row.status };
  }

  private async settleCollect(row: CollectRow): Promise<CollectRow> {
    if (row.status !== 'pending' || this.opts.now() < Number(row.created_at) + this.opts.settleAfterMs) return row;
    const status: UpiCollectStatus = upiOutcome(row.vpa) === 'success' ? 'success' : 'failure';
    const moved = await this.db.query<CollectRow>(
      `UPDATE sandbox_upi_collects SET status = $2, settled_at = $3 WHERE collect_id = $1 AND status = 'pending' RETURNING *`,
      [row.collect_id, status, this.opts.now()],
    );
    if (moved[0]) {
      await this.enqueueUpi(moved[0], status === 'success' ? 'collect.succeeded' : 'collect.failed');
      return moved[0];
    }
    return (await this.db.query<CollectRow>('SELECT * FROM sandbox_upi_collects WHERE collect_id = $1', [row.collect_id]))[0] ?? row;
  }

  private enqueueUpi(row: CollectRow, type: string) {
    return this.enqueue('upi', { id: id('evt'), type, created: this.opts.now(), data: { collect_id: row.collect_id, merchant_ref: row.merchant_ref, status: row.status, amount_minor: Number(row.amount_minor), currency: row.currency } });
  }

  // ---- Cards (PaymentIntents) ----

  async createIntent(req: { merchantRef: string; amountMinor: number; currency: string }) {
    const intentId = id('pi');
    await this.db.query(
      `INSERT INTO sandbox_card_intents (intent_id, merchant_ref, client_secret, amount_minor, currency, status, created_at)
       VALUES ($1, $2, $3, $4, $5, 'requires_payment_method', $6) ON CONFLICT (merchant_ref) DO NOTHING`,
      [intentId, req.merchantRef, `${intentId}_secret_${randomBytes(16).toString('hex')}`, req.amountMinor, req.currency, this.opts.now()],
    );
    const row = (await this.db.query<IntentRow>('SELECT * FROM sandbox_card_intents WHERE merchant_ref = $1', [req.merchantRef]))[0];
    if (!row) throw new Error('sandbox intent vanished');
    return toIntent(await this.settleIntent(row));
  }

  async retrieveIntent(intentId: string) {
    const row = (await this.db.query<IntentRow>('SELECT * FROM sandbox_card_intents WHERE intent_id = $1', [intentId]))[0];
    return row ? toIntent(await this.settleIntent(row)) : undefined;
  }

  async intentBySecret(clientSecret: string) {
    const row = (await this.db.query<IntentRow>('SELECT * FROM sandbox_card_intents WHERE client_secret = $1', [clientSecret]))[0];
    return row ? toIntent(await this.settleIntent(row)) : undefined;
  }

  async cancelIntent(intentId: string) {
    const moved = await this.db.query<IntentRow>(
      `UPDATE sandbox_card_intents SET status = 'canceled' WHERE intent_id = $1 AND status = 'requires_payment_method' RETURNING *`,
      [intentId],
    );
    if (moved[0]) await this.enqueueCard(moved[0], 'payment_intent.canceled');
    return this.retrieveIntent(intentId);
  }

  checkoutUrl(clientSecret: string, returnUrl: string): string {
    return `/sandbox/card/checkout?${new URLSearchParams({ client_secret: clientSecret, return_url: returnUrl }).toString()}`;
  }

  /**
   * The card form's submit: checks the number (Luhn), then charges by the test-card rules. The
   * number lives only in this call: the row keeps its last four digits and brand.
   */
  async confirmCard(clientSecret: string, rawNumber: string): Promise<ConfirmResult> {
    const row = (await this.db.query<IntentRow>('SELECT * FROM sandbox_card_intents WHERE client_secret = $1', [clientSecret]))[0];
    if (!row) return { kind: 'not-found' };
    const digits = rawNumber.replace(/[\s-]/g, '');
    if (!luhnOk(digits)) return { kind: 'form-error', message: 'Your card number is invalid.' };
    if (row.status !== 'requires_payment_method') return { kind: 'done', intent: toIntent(row) };
    const outcome = cardOutcome(digits);
    const moved = outcome.ok
      ? await this.db.query<IntentRow>(
        `UPDATE sandbox_card_intents SET status = 'processing', last_error = NULL, card_last4 = $2, card_brand = $3, confirmed_at = $4
         WHERE intent_id = $1 AND status = 'requires_payment_method' RETURNING *`,
        [row.intent_id, digits.slice(-4), cardBrand(digits), this.opts.now()])
      : await this.db.query<IntentRow>(
        `UPDATE sandbox_card_intents SET last_error = $2, card_last4 = $3, card_brand = $4
         WHERE intent_id = $1 AND status = 'requires_payment_method' RETURNING *`,
        [row.intent_id, outcome.code, digits.slice(-4), cardBrand(digits)]);
    const after = moved[0];
    if (!after) return { kind: 'done', intent: toIntent(row) };
    await this.enqueueCard(after, outcome.ok ? 'payment_intent.processing' : 'payment_intent.payment_failed');
    return { kind: 'done', intent: toIntent(await this.settleIntent(after)) };
  }

  private async settleIntent(row: IntentRow): Promise<IntentRow> {
    if (row.status !== 'processing' || row.confirmed_at === null || this.opts.now() < Number(row.confirmed_at) + this.opts.settleAfterMs) return row;
    const moved = await this.db.query<IntentRow>(
      `UPDATE sandbox_card_intents SET status = 'succeeded' WHERE intent_id = $1 AND status = 'processing' RETURNING *`,
      [row.intent_id],
    );
    if (moved[0]) {
      await this.enqueueCard(moved[0], 'payment_intent.succeeded');
      return moved[0];
    }
    return (await this.db.query<IntentRow>('SELECT * FROM sandbox_card_intents WHERE intent_id = $1', [row.intent_id]))[0] ?? row;
  }

  private enqueueCard(row: IntentRow, type: string) {
    return this.enqueue('card', {
      id: id('evt'), type, created: this.opts.now(),
      data: { object: { id: row.intent_id, object: 'payment_intent', status: row.status, amount: Number(row.amount_minor), currency: row.currency.toLowerCase(), last_payment_error: row.last_error ? { code: row.last_error } : null, metadata: { merchant_ref: row.merchant_ref } } },
    });
  }

  // ---- Settling and webhooks ----

  /** Settles every collect and intent whose time has come (each emits its webhook once). */
  async settleDue(): Promise<void> {
    const now = this.opts.now();
    const collects = await this.db.query<CollectRow>(`SELECT * FROM sandbox_upi_collects WHERE status = 'pending' AND created_at <= $1 LIMIT 100`, [now - this.opts.settleAfterMs]);
    for (const c of collects) await this.settleCollect(c);
    const intents = await this.db.query<IntentRow>(`SELECT * FROM sandbox_card_intents WHERE status = 'processing' AND confirmed_at <= $1 LIMIT 100`, [now - this.opts.settleAfterMs]);
    for (const i of intents) await this.settleIntent(i);
  }

  private async enqueue(provider: 'upi' | 'card', event: { id: string; [k: string]: unknown }) {
    const now = this.opts.now();
    await this.db.query(
      'INSERT INTO sandbox_webhook_outbox (event_id, provider, payload, next_at, created_at) VALUES ($1, $2, $3, $4, $4)',
      [event.id, provider, JSON.stringify(event), now],
    );
  }

  /** Webhooks due now, oldest first. */
  async dueWebhooks(limit = 50): Promise<OutgoingWebhook[]> {
    const rows = await this.db.query<{ event_id: string; provider: 'upi' | 'card'; payload: string; attempts: number }>(
      'SELECT event_id, provider, payload, attempts FROM sandbox_webhook_outbox WHERE delivered_at IS NULL AND next_at <= $1 ORDER BY seq LIMIT $2',
      [this.opts.now(), limit],
    );
    return rows.map((r) => ({ eventId: r.event_id, provider: r.provider, payload: r.payload, attempts: r.attempts }));
  }

  /** The signature header for a payload, signed now. */
  sign(payload: string, time = this.opts.now()): string {
    return signPayload(this.opts.secret, payload, time);
  }

  async markDelivered(eventId: string): Promise<void> {
    await this.db.query('UPDATE sandbox_webhook_outbox SET delivered_at = $2, attempts = attempts + 1 WHERE event_id = $1', [eventId, this.opts.now()]);
  }

  async markUndelivered(eventId: string, attempts: number): Promise<void> {
    await this.db.query('UPDATE sandbox_webhook_outbox SET attempts = $2, next_at = $3 WHERE event_id = $1', [eventId, attempts + 1, this.opts.now() + backoffMs(attempts + 1)]);
  }

  /** Sends every due webhook through `send` (answers the HTTP status); retried later unless 2xx. */
  async deliverDue(send: (hook: OutgoingWebhook, signature: string) => Promise<number>): Promise<number> {
    let delivered = 0;
    for (const hook of await this.dueWebhooks()) {
      let status = 0;
      try {
        status = await send(hook, this.sign(hook.payload));
      } catch {
        status = 0;
      }
      if (status >= 200 && status < 300) {
        await this.markDelivered(hook.eventId);
        delivered++;
      } else {
        await this.markUndelivered(hook.eventId, hook.attempts);
      }
    }
    return delivered;
  }
}
