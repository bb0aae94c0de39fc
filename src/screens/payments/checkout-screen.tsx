// Checkout (issue 15), from the cart or from a bot's payment request message in chat (?pr=): from
// the cart the server prices the order (place-order); from chat the bot's request is paid as it is.
// Then the user pays by UPI collect or by card on the provider's own page (a redirect, so card
// numbers never touch the app). Paying needs the network, and the screen says so before anything
// starts; nothing about a payment is queued.
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useRouter, useSearch } from '@tanstack/react-router';
import { checkPaymentRequest, initiatePayment, loadPaymentMethods, placeOrder, savePaymentMethod } from '../../db/commands';
import { useCart, usePaymentMethods, usePaymentRequest } from '../../db/hooks';
import { formatMoney } from '../../domain/money';
import type { PaymentType } from '../../domain/payments';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { OfflineBanner } from '../../ui/offline-banner';
import { PageHeader } from '../shared/page-header';
import { useOnline } from '../shared/use-online';
import { UpiForm, type VerifiedVpa } from './upi-form';
import '../shop/shop.css';
import './payments.css';

export default function CheckoutScreen() {
  const { bot, pr } = useSearch({ from: '/checkout' });
  const intl = useIntl();
  const router = useRouter();
  const online = useOnline();
  const cart = useCart(bot);
  // a bot's bill (?pr=): the request as the server last said (asked again below when online)
  const bill = usePaymentRequest(pr ?? '');
  const { methods } = usePaymentMethods();
  const primary = methods.find((m) => m.is_primary && !m.pending);
  const [type, setType] = useState<PaymentType>('upi');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // the saved methods decide the save checkbox and the address offered: read them fresh
  useEffect(() => {
    if (online) void loadPaymentMethods();
  }, [online]);
  useEffect(() => {
    if (online && pr) void checkPaymentRequest(pr);
  }, [online, pr]);
  // a bill already under way or settled: the processing screen shows its true state
  const billStatus = bill.data?.payment_request.status;
  useEffect(() => {
    if (pr && billStatus && billStatus !== 'CREATED' && !busy) void router.navigate({ to: '/payment-processing', search: { pr }, replace: true });
  }, [pr, billStatus, busy, router]);

  const pay = async (upi?: VerifiedVpa) => {
    setBusy(true);
    setProblem(null);
    const placed = pr ? { ok: true as const, value: { paymentRequestId: pr } } : await placeOrder(bot);
    if (!placed.ok) {
      setBusy(false);
      setProblem(intl.formatMessage({ id: placed.error.key === 'noResponse' ? 'checkout.offline' : 'payments.error.refused' }));
      return;
    }
    const id = placed.value.paymentRequestId;
    if (upi?.save && !methods.some((m) => m.details.vpa === upi.vpa)) {
      void savePaymentMethod({ vpa: upi.vpa, holder_name: upi.holderName, is_primary: methods.length === 0, process_pending_payouts: false });
    }
    const started = await initiatePayment(id, type, upi?.vpa, pr ? 'chat' : 'cart');
    if (!started.ok && (started.error.key === 'noResponse' || started.error.status === 409)) {
      // the answer was lost, or a payment of this order is already under way: the processing
      // screen asks the server what became of it (never a failure it does not know of)
      void router.navigate({ to: '/payment-processing', search: { pr: id } });
      return;
    }
    if (!started.ok) {
      // spec §8: a failed initiate shows the failure screen
      void router.navigate({ to: '/payment-processing', search: { pr: id, failed: '1' } });
      return;
    }
    if (started.value.card) {
      window.location.assign(started.value.card.checkout_url);
      return;
    }
    void router.navigate({ to: '/payment-processing', search: { pr: id } });
  };

  const total = formatMoney(pr ? bill.data?.payment_request.amount ?? { price: 0, currency: cart.total.currency } : cart.total);
  // a bill is paid as the bot sent it; the cart's edits still on their way would change the order
  const waiting = pr ? !bill.data : cart.pendingEdits > 0;
  const empty = pr ? bill.loaded && !bill.data && !online : cart.loaded && cart.lines.length === 0;
  return (
    <div className="shop payments">
      <PageHeader title={intl.formatMessage({ id: 'checkout.title' })} onFallback={() => void (pr && bot ? router.navigate({ to: '/chat/$botUuid', params: { botUuid: bot } }) : router.navigate({ to: '/cart', search: { bot } }))} />
      <main className="shop__main">
        {!online && <OfflineBanner message={intl.formatMessage({ id: 'checkout.offline' })} />}
        {empty ? (
          <EmptyState title={intl.formatMessage({ id: 'checkout.empty' })} />
        ) : (
          <>
            <section className="cart-summary" aria-label={intl.formatMessage({ id: 'checkout.total' })}>
              <p className="cart-summary__row">
                <span>{intl.formatMessage({ id: 'checkout.total' })}</span>
                <strong className="cart-summary__total" data-testid="checkout-total">{total}</strong>
              </p>
            </section>
            <fieldset className="pay-modes">
              <legend className="pay-modes__legend">{intl.formatMessage({ id: 'checkout.method.label' })}</legend>
              {(['upi', 'card'] as const).map((m) => (
                <label key={m} className={`pay-mode${type === m ? ' pay-mode--on' : ''}`}>
                  <input type="radio" name="pay-type" checked={type === m} onChange={() => setType(m)} />
                  <span>{intl.formatMessage({ id: m === 'upi' ? 'checkout.method.upi' : 'checkout.method.card' })}</span>
                </label>
              ))}
            </fieldset>
            {problem && <p className="upi-form__error" role="alert">{problem}</p>}
            {type === 'upi' ? (
              <UpiForm key={primary?.details.vpa ?? ''} savedCount={methods.length} offerSave online={online} continueDisabled={!online || busy || waiting} initialVpa={primary?.details.vpa ?? ''}
                continueLabel={intl.formatMessage({ id: 'checkout.pay' }, { amount: total })} onContinue={(v) => void pay(v)} />
            ) : (
              <div className="payments__card">
                <p className="payments__note">{intl.formatMessage({ id: 'checkout.cardNote' })}</p>
                <Button block pending={busy} disabled={!online || waiting} onClick={() => void pay()}>{intl.formatMessage({ id: 'checkout.pay' }, { amount: total })}</Button>
              </div>
            )}
          </>
        )}
      </main>
    </div>
  );
}
