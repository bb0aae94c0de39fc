// The saved methods as the person sees them: the server's list (the `payments` collection) with
// the method edits still queued laid over it, in queue order. A queued save shows at once (marked
// pending), a queued delete hides the method, a queued set-primary moves the primary mark; when
// the server takes an edit its answer replaces the list, and when it refuses one the edit leaves
// the queue, so the server's list shows again with nothing to undo.
import type { PaymentMethod } from '../api/payments-contract';

export type PaymentMethodAction =
  | { op: 'save'; action_id: string; vpa: string; holder_name: string | null; is_primary: boolean; process_pending_payouts: boolean; at: number }
  | { op: 'delete'; action_id: string; payment_method_uuid: string; at: number }
  | { op: 'primary'; action_id: string; payment_method_uuid: string; process_pending_payouts: boolean; at: number };

export interface VisibleMethod extends PaymentMethod {
  /** an edit of it waits to reach the server */
  pending: boolean;
}

const makePrimary = (list: VisibleMethod[], uuid: string): VisibleMethod[] => list.map((m) => ({ ...m, is_primary: m.payment_method_uuid === uuid }));

export function visibleMethods(server: readonly PaymentMethod[], queued: readonly PaymentMethodAction[]): VisibleMethod[] {
  let list: VisibleMethod[] = server.map((m) => ({ ...m, pending: false }));
  for (const a of queued) {
    if (a.op === 'save') {
      const existing = list.find((m) => m.details.vpa === a.vpa);
      const uuid = existing?.payment_method_uuid ?? `local:${a.action_id}`;
      if (!existing) list.push({ payment_method_uuid: uuid, type: 'upi', details: { vpa: a.vpa, holder_name: a.holder_name }, is_primary: false, created_at: a.at, pending: true });
      // the server makes the first method primary too
      if (a.is_primary || list.length === 1) list = makePrimary(list, uuid);
      list = list.map((m) => (m.payment_method_uuid === uuid ? { ...m, pending: true } : m));
    } else if (a.op === 'delete') {
      const gone = list.find((m) => m.payment_method_uuid === a.payment_method_uuid);
      list = list.filter((m) => m.payment_method_uuid !== a.payment_method_uuid);
      // as the server does: a deleted primary hands primary to the oldest left
      if (gone?.is_primary && list[0]) list = makePrimary(list, list[0].payment_method_uuid);
    } else if (list.some((m) => m.payment_method_uuid === a.payment_method_uuid)) {
      list = makePrimary(list, a.payment_method_uuid).map((m) => (m.payment_method_uuid === a.payment_method_uuid ? { ...m, pending: true } : m));
    }
  }
  return list;
}
