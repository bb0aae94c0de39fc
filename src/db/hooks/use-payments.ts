// The payments area's documents as the screens see them: the saved methods with the queued edits
// laid over them (src/db/payments-view.ts), a payment request with its order, the flow's latest
// request and the area's notice.
import { useMemo } from 'react';
import { map } from 'rxjs';
import { queuedActions$ } from '../action-queue';
import { visibleMethods, type PaymentMethodAction, type VisibleMethod } from '../payments-view';
import { paymentsDocId, type PaymentsDoc, type PaymentsDocData } from '../schemas';
import { useRxQuery } from './use-rx-query';

const NO_METHODS: PaymentsDocData['method'][] = [];
const NO_ACTIONS: PaymentMethodAction[] = [];

export function usePaymentMethods(): { loaded: boolean; methods: VisibleMethod[]; pendingEdits: number } {
  const stored = useRxQuery('payment-methods', (db) => db.payments.find({ selector: { kind: 'method' }, sort: [{ kind: 'asc' }, { sort: 'asc' }], limit: 50 }).$.pipe(
    map((docs) => docs.map((d) => (d.toMutableJSON() as PaymentsDoc<'method'>).data)),
  ), NO_METHODS);
  const queued = useRxQuery('payment-method-edits', (db) => queuedActions$(db, 'payment-method').pipe(map((list) => list.map((a) => a.payload))), NO_ACTIONS);
  return useMemo(() => ({
    loaded: stored.loaded && queued.loaded,
    methods: visibleMethods(stored.value, queued.value),
    pendingEdits: queued.value.length,
  }), [stored, queued]);
}

function useDoc<K extends keyof PaymentsDocData>(id: string): { loaded: boolean; data: PaymentsDocData[K] | null } {
  const snap = useRxQuery(`payments:${id}`, (db) => db.payments.findOne(id).$.pipe(
    map((d) => (d ? (d.toMutableJSON() as PaymentsDoc<K>).data : null)),
  ), null as PaymentsDocData[K] | null);
  return { loaded: snap.loaded, data: snap.value };
}

export function usePaymentRequest(paymentRequestId: string) {
  return useDoc<'request'>(paymentsDocId.request(paymentRequestId));
}

export function useLatestPaymentRequest() {
  return useDoc<'latest'>(paymentsDocId.latest);
}

export function usePaymentsNotice() {
  return useDoc<'notice'>(paymentsDocId.notice);
}
