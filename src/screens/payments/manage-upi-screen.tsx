// /manage-upi (spec part 2 §2): the saved UPI addresses, add (bottom sheet, two modes), delete and
// set primary. The list is read from the device (shown offline); edits show at once and wait in
// the action queue for the network (a line says so); a refused edit comes back undone with its text.
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useRouter } from '@tanstack/react-router';
import { deletePaymentMethod, dismissPaymentsNotice, loadPaymentMethods, savePaymentMethod, setPrimaryPaymentMethod } from '../../db/commands';
import { usePaymentMethods, usePaymentsNotice } from '../../db/hooks';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { OfflineBanner } from '../../ui/offline-banner';
import { Toast } from '../../ui/toast';
import { PageHeader } from '../shared/page-header';
import { useOnline } from '../shared/use-online';
import { AddUpiSheet } from './add-upi-sheet';
import '../shop/shop.css';
import './payments.css';

export default function ManageUpiScreen() {
  const intl = useIntl();
  const router = useRouter();
  const online = useOnline();
  const { methods, loaded } = usePaymentMethods();
  const notice = usePaymentsNotice();
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    if (online) void loadPaymentMethods();
  }, [online]);

  return (
    <div className="shop payments">
      <PageHeader title={intl.formatMessage({ id: 'payments.manage.title' })} onFallback={() => void router.navigate({ to: '/settings' })} />
      <main className="shop__main">
        {!online && <OfflineBanner message={intl.formatMessage({ id: 'payments.manage.offline' })} />}
        {loaded && methods.length === 0 && (
          <EmptyState title={intl.formatMessage({ id: 'payments.manage.empty' })} body={intl.formatMessage({ id: 'payments.manage.emptyBody' })} />
        )}
        {methods.length > 0 && (
          <ul className="upi-list" aria-label={intl.formatMessage({ id: 'payments.manage.list' })}>
            {methods.map((m) => (
              <li key={m.payment_method_uuid} className={`upi-row${m.pending ? ' upi-row--pending' : ''}`}>
                <div className="upi-row__text">
                  <p className="upi-row__vpa">{m.details.vpa}</p>
                  {m.details.holder_name && <p className="upi-row__name">{m.details.holder_name}</p>}
                  <p className="upi-row__marks">
                    {m.is_primary && <span className="upi-row__primary">{intl.formatMessage({ id: 'payments.manage.primary' })}</span>}
                    {m.pending && <span className="upi-row__pending">{intl.formatMessage({ id: 'payments.manage.pending' })}</span>}
                  </p>
                </div>
                <div className="upi-row__actions">
                  {!m.is_primary && !m.payment_method_uuid.startsWith('local:') && (
                    <button type="button" className="upi-row__action" aria-label={intl.formatMessage({ id: 'payments.manage.setPrimary' }, { vpa: m.details.vpa })}
                      onClick={() => void setPrimaryPaymentMethod(m.payment_method_uuid, true)}>
                      {intl.formatMessage({ id: 'payments.manage.setPrimaryShort' })}
                    </button>
                  )}
                  {!m.payment_method_uuid.startsWith('local:') && (
                    <button type="button" className="upi-row__action upi-row__action--danger" aria-label={intl.formatMessage({ id: 'payments.manage.delete' }, { vpa: m.details.vpa })}
                      onClick={() => void deletePaymentMethod(m.payment_method_uuid)}>
                      {intl.formatMessage({ id: 'payments.manage.deleteShort' })}
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="payments__footer">
          <Button block onClick={() => setAdding(true)}>{intl.formatMessage({ id: 'payments.manage.add' })}</Button>
        </div>
      </main>
      {adding && (
        <AddUpiSheet savedCount={methods.length} online={online} onClose={() => setAdding(false)}
          onAdd={(v, mode) => {
            setAdding(false);
            void savePaymentMethod({ vpa: v.vpa, holder_name: v.holderName, is_primary: mode === 'rewards' || methods.length === 0, process_pending_payouts: mode === 'rewards' });
          }} />
      )}
      {notice.data && (
        <Toast key={notice.data.at} tone="error" message={intl.formatMessage({ id: notice.data.textId })} onDone={() => void dismissPaymentsNotice()} />
      )}
    </div>
  );
}
