// The payment processing screen (spec part 2 §4, §9): 'Your payment is being processed, please
// wait...' while the request is open, then 'Transaction Processed and was successful' or
// 'Transaction  Failed'; after 2 seconds the flow's state is cleared and the user goes back to
// the cart. The status shown is only ever the server's (the request document written from its
// answers): offline, the screen says it waits, and asks again when the network is back. A card
// payment comes back here from the provider's page (redirect_status); "abandoned" declines it.
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useRouter, useSearch } from '@tanstack/react-router';
import { checkPaymentRequest, clearPaymentFlow, declinePayment } from '../../db/commands';
import { useLatestPaymentRequest, usePaymentRequest } from '../../db/hooks';
import { formatMoney } from '../../domain/money';
import { PAYMENT_RESULT_SCREEN_MS, paymentScreenState } from '../../domain/payments';
import { OfflineBanner } from '../../ui/offline-banner';
import { Spinner } from '../../ui/spinner';
import { useOnline } from '../shared/use-online';
import './payments.css';

const POLL_MS = 1500;

export default function PaymentProcessingScreen() {
  const { pr, failed, redirect_status: redirect } = useSearch({ from: '/payment-processing' });
  const intl = useIntl();
  const router = useRouter();
  const online = useOnline();
  const request = usePaymentRequest(pr);
  const status = request.data?.payment_request.status;
  const state = failed ? 'failure' : status ? paymentScreenState(status) : 'processing';
  const bot = request.data?.order.bot_uuid;
  // a bill a bot sent in chat returns to that chat (opened afresh: at its newest message)
  const latest = useLatestPaymentRequest().data;
  const toChat = latest?.payment_request_id === pr && latest.origin === 'chat';
  const declined = useRef(false);

  // the payer left the card page: the request is declined (if the card had not gone through)
  useEffect(() => {
    if (redirect === 'abandoned' && !declined.current && online) {
      declined.current = true;
      void declinePayment(pr).then(() => checkPaymentRequest(pr));
    }
  }, [redirect, pr, online]);

  // ask the server until the request is final (and at once when the network comes back)
  useEffect(() => {
    if (state !== 'processing' || !online || failed) return;
    void checkPaymentRequest(pr);
    const timer = setInterval(() => void checkPaymentRequest(pr), POLL_MS);
    return () => clearInterval(timer);
  }, [state, online, pr, failed]);

  // the result shows 2 s (§9), then the flow's state is cleared
  useEffect(() => {
    if (state === 'processing') return;
    const timer = setTimeout(() => {
      const back = bot && toChat ? router.navigate({ to: '/chat/$botUuid', params: { botUuid: bot }, replace: true })
        : router.navigate({ to: bot ? '/cart' : '/home', ...(bot ? { search: { bot } } : {}), replace: true });
      void back.then(() => clearPaymentFlow());
    }, PAYMENT_RESULT_SCREEN_MS);
    return () => clearTimeout(timer);
  }, [state, bot, toChat, router]);

  const amount = request.data ? formatMoney(request.data.payment_request.amount) : null;
  return (
    <div className="payments payments--processing">
      <main className="payment-result" aria-labelledby="payment-result-title">
        {!online && state === 'processing' && <OfflineBanner message={intl.formatMessage({ id: 'payments.processing.offline' })} />}
        {state === 'processing' && (
          <>
            <Spinner />
            <h1 id="payment-result-title" className="payment-result__title" role="status">{intl.formatMessage({ id: 'payments.processing.text' })}</h1>
            {request.data?.payment_request.type === 'upi' && <p className="payment-result__hint">{intl.formatMessage({ id: 'payments.processing.collectHint' })}</p>}
          </>
        )}
        {state !== 'processing' && (
          <>
            <div className={`payment-result__icon payment-result__icon--${state}`} aria-hidden="true">{state === 'success' ? '✓' : '✕'}</div>
            <h1 id="payment-result-title" className="payment-result__title" role="alert" data-testid="payment-result">
              {intl.formatMessage({ id: state === 'success' ? 'payments.result.success' : 'payments.result.failure' })}
            </h1>
          </>
        )}
        {amount && <p className="payment-result__amount">{amount}</p>}
      </main>
    </div>
  );
}
