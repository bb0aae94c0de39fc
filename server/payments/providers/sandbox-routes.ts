// The sandbox card provider's own pages, on its own paths (not /api): the hosted card form, as a
// Stripe-style redirect flow. GET /sandbox/card/checkout?client_secret=…&return_url=/… shows the
// amount and a form; POST /sandbox/card/confirm takes the card (urlencoded, no script on the
// page) and redirects back to return_url with payment_intent and redirect_status. The number is
// handed to the sandbox and dropped; nothing logs bodies. return_url must be a path of this site
// (no open redirect).
import type { FastifyInstance } from 'fastify';
import { formatMoney } from '../../../src/domain/money';
import type { Money } from '../../../src/api/messages';
import type { CardIntent } from './provider';
import type { PaymentSandbox } from './sandbox';

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const safeReturn = (url: string | undefined) => (url && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') ? url : '/');

function page(intent: CardIntent, returnUrl: string, error?: string): string {
  const amount = formatMoney({ price: intent.amountMinor, currency: intent.currency as Money['currency'] });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox card payment</title>
<style>body{font:16px system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem;color:#1b1b1f}label{display:block;margin:.8rem 0 .3rem}input{width:100%;box-sizing:border-box;font-size:1.1rem;padding:.6rem;border:1px solid #888;border-radius:.4rem}button{margin-top:1.2rem;width:100%;padding:.8rem;font-size:1.1rem;border:0;border-radius:.4rem;background:#3949ab;color:#fff}.err{color:#b00020}.note{color:#555;font-size:.85rem}</style></head>
<body><h1>Pay ${escapeHtml(amount)}</h1><p class="note">Sandbox card provider: test cards only. 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.</p>
${error ? `<p class="err" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/sandbox/card/confirm">
<input type="hidden" name="client_secret" value="${escapeHtml(intent.clientSecret)}"><input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}">
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required>
<label for="exp">Expiry (MM/YY)</label><input id="exp" name="exp" autocomplete="cc-exp" required>
<label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
<button type="submit">Pay ${escapeHtml(amount)}</button></form>
<form method="get" action="${escapeHtml(returnUrl.split('?')[0] ?? '/')}">${[...new URLSearchParams(returnUrl.split('?')[1] ?? '')].map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('')}<input type="hidden" name="redirect_status" value="abandoned"><button type="submit" style="background:#eee;color:#1b1b1f">Cancel</button></form>
</body></html>`;
}

function back(returnUrl: string, intent: CardIntent): string {
  const [path = '/', query = ''] = returnUrl.split('?');
  const params = new URLSearchParams(query);
  params.set('payment_intent', intent.id);
  params.set('redirect_status', intent.status === 'succeeded' || intent.status === 'processing' ? intent.status : 'failed');
  return `${path}?${params.toString()}`;
}

export async function registerSandboxCardPages(app: FastifyInstance, sandbox: PaymentSandbox): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.get<{ Querystring: { client_secret?: string; return_url?: string } }>('/sandbox/card/checkout', async (request, reply) => {
      const intent = request.query.client_secret ? await sandbox.intentBySecret(request.query.client_secret) : undefined;
      reply.header('content-security-policy', PAGE_CSP).header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!intent) return reply.code(404).send('<!doctype html><title>Not found</title><p>This payment does not exist.</p>');
      const returnUrl = safeReturn(request.query.return_url);
      if (intent.status !== 'requires_payment_method' || intent.lastError) return reply.redirect(back(returnUrl, intent), 303);
      return reply.send(page(intent, returnUrl));
    });
    scope.post<{ Body: Record<string, string> }>('/sandbox/card/confirm', async (request, reply) => {
      const body = request.body ?? {};
      const returnUrl = safeReturn(body.return_url);
      const result = await sandbox.confirmCard(body.client_secret ?? '', body.number ?? '');
      reply.header('content-security-policy', PAGE_CSP).header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (result.kind === 'not-found') return reply.code(404).send('<!doctype html><title>Not found</title><p>This payment does not exist.</p>');
      if (result.kind === 'form-error') {
        const intent = await sandbox.intentBySecret(body.client_secret ?? '');
        return intent ? reply.code(400).send(page(intent, returnUrl, result.message)) : reply.code(404).send('');
      }
      return reply.redirect(back(returnUrl, result.intent), 303);
    });
  });
}
