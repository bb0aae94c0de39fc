// The payments area assembled: the sandbox providers, the contract routes, the webhook receivers,
// the sandbox's card pages and its timer (settle due charges, deliver due webhooks). app.ts
// creates it once; tests reach the sandbox through Server.payments.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { loadServerSecret } from '../db/server-secret';
import type { RouteModule } from '../context';
import type { Providers } from './checkout';
import { EMPTY_PAYOUT_SOURCE, type PayoutSource } from './payout-source';
import { PaymentSandbox } from './providers/sandbox';
import { registerSandboxCardPages } from './providers/sandbox-routes';
import { paymentRoutes } from './routes';
import { receiveWebhook, registerWebhooks, WEBHOOK_PATH } from './webhooks';
import { SIGNATURE_HEADER } from './webhook-signature';

export interface PaymentsOptions {
  /** 'auto' (default): a timer settles due charges and delivers webhooks; 'manual': tests do (Server.payments). */
  sandboxDelivery?: 'auto' | 'manual';
  /** How long the sandbox's collects and confirmed cards take to settle (ms); default PAYMENTS_SETTLE_MS or 3000. */
  settleAfterMs?: number;
  /** How often the timer runs (ms); default 500. */
  tickMs?: number;
}

export interface PaymentsArea {
  sandbox: PaymentSandbox;
  providers: Providers;
  routes: RouteModule;
  /** Registers the webhook receivers and the sandbox card pages on the Fastify app. */
  register(app: FastifyInstance): Promise<void>;
  /** One round of the sandbox: settle what is due, deliver due webhooks to this app. */
  tick(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

export async function createPayments(db: Db, now: () => number, log: { error: (obj: object, msg: string) => void }, opts: PaymentsOptions = {}, payoutSource: PayoutSource = EMPTY_PAYOUT_SOURCE): Promise<PaymentsArea> {
  const secret = await loadServerSecret(db, 'payments_webhook_hmac', now());
  const envSettle = Number(process.env.PAYMENTS_SETTLE_MS);
  const settleAfterMs = opts.settleAfterMs ?? (Number.isFinite(envSettle) && envSettle >= 0 && process.env.PAYMENTS_SETTLE_MS ? envSettle : 3000);
  const sandbox = new PaymentSandbox({ db, now, secret, settleAfterMs });
  const providers: Providers = { upi: sandbox, card: sandbox };
  let app: FastifyInstance | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    await sandbox.settleDue();
    // Delivered over HTTP to this very server (inject: Fastify's full request path, no socket).
    await sandbox.deliverDue(async (hook, signature) => {
      if (!app) return 0;
      const answer = await app.inject({ method: 'POST', url: `${WEBHOOK_PATH}${hook.provider}`, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature }, payload: hook.payload });
      return answer.statusCode;
    });
  };

  return {
    sandbox,
    providers,
    routes: paymentRoutes(providers, payoutSource),
    async register(fastify) {
      app = fastify;
      await registerWebhooks(fastify, { db, now, secret, providers });
      await registerSandboxCardPages(fastify, sandbox);
    },
    tick,
    start() {
      if ((opts.sandboxDelivery ?? 'auto') !== 'auto' || timer) return;
      timer = setInterval(() => {
        running = running.then(tick).catch((err: unknown) => log.error({ err }, 'payments sandbox round failed'));
      }, opts.tickMs ?? 500);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export { receiveWebhook };
