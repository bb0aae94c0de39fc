// Payments (issue 15): method edits (queued, shown at once) and the online-only payment calls.
// The engine does the work (src/sync/payments-sync.ts); screens observe the `payments` collection.
import type { InitiateAnswer, PaymentRequestAnswer } from '../../api/payments-contract';
import type { PaymentType } from '../../domain/payments';
import type { NewMethod } from '../../sync/payments-sync';
import type { CommandResult } from '../command-result';
import type { PaymentOrigin } from '../schemas';
import { runEngine } from './run-engine';

export const loadPaymentMethods = (): Promise<CommandResult> => runEngine('loadPaymentMethods');
export const savePaymentMethod = (method: NewMethod): Promise<CommandResult> => runEngine('savePaymentMethod', method);
export const deletePaymentMethod = (uuid: string): Promise<CommandResult> => runEngine('deletePaymentMethod', uuid);
export const setPrimaryPaymentMethod = (uuid: string, processPendingPayouts = true): Promise<CommandResult> => runEngine('setPrimaryPaymentMethod', uuid, processPendingPayouts);
export const dismissPaymentsNotice = (): Promise<CommandResult> => runEngine('dismissPaymentsNotice');
export const verifyVpa = (vpa: string): Promise<CommandResult<{ valid: boolean; holder_name: string | null }>> => runEngine('verifyVpa', vpa);
export const placeOrder = (botUuid: string, cartVersion?: number): Promise<CommandResult<{ paymentRequestId: string }>> =>
  cartVersion === undefined ? runEngine('placeOrder', botUuid) : runEngine('placeOrder', botUuid, cartVersion);
export const initiatePayment = (id: string, type: PaymentType, vpa: string | undefined, origin: PaymentOrigin): Promise<CommandResult<InitiateAnswer>> =>
  runEngine('initiatePayment', id, type, vpa, origin);
export const checkPaymentRequest = (id: string): Promise<CommandResult<PaymentRequestAnswer>> => runEngine('checkPaymentRequest', id);
export const declinePayment = (id: string): Promise<CommandResult> => runEngine('declinePayment', id);
export const clearPaymentFlow = (): Promise<CommandResult> => runEngine('clearPaymentFlow');
