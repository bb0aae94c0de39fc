// The payment rules of spec part 2 (src/domain/payments.ts), the method view of the client
// (src/db/payments-view.ts) and the sandbox's test data (server/payments/providers/sandbox-rules.ts).
import { describe, expect, it } from 'vitest';
import { canMovePayment, cardPaymentSucceeded, isValidVpa, PAYMENT_FAILURE_TITLE, PAYMENT_PROCESSING_TEXT, PAYMENT_REQUEST_STATUSES, PAYMENT_RESULT_SCREEN_MS, PAYMENT_SUCCESS_TITLE, paymentScreenState, VPA_INVALID_KEY } from '../../../src/domain/payments';
import { visibleMethods } from '../../../src/db/payments-view';
import { cardOutcome, luhnOk, sandboxHolderName, upiOutcome } from '../../../server/payments/providers/sandbox-rules';
import en from '../../../src/i18n/messages/en.json';

describe('spec texts and constants', () => {
  it('are verbatim', () => {
    expect(PAYMENT_PROCESSING_TEXT).toBe('Your payment is being processed, please wait...');
    expect(PAYMENT_SUCCESS_TITLE).toBe('Transaction Processed and was successful');
    expect(PAYMENT_FAILURE_TITLE).toBe('Transaction  Failed');
    expect(PAYMENT_RESULT_SCREEN_MS).toBe(2000);
    expect(VPA_INVALID_KEY).toBe('vpaInvalid');
  });
  it('are what the English screens show', () => {
    expect(en['payments.processing.text']).toBe(PAYMENT_PROCESSING_TEXT);
    expect(en['payments.result.success']).toBe(PAYMENT_SUCCESS_TITLE);
    expect(en['payments.result.failure']).toBe(PAYMENT_FAILURE_TITLE);
  });
});

describe('the UPI address rule (text@text)', () => {
  it.each(['a@b', 'asha.k@okaxis', 'success@upi', '9876543210@ybl'])('accepts %s', (v) => expect(isValidVpa(v)).toBe(true));
  it.each(['', 'asha', '@upi', 'asha@', 'a b@upi', 'a@b c', 'a@b@c', `${'a'.repeat(100)}@b`])('refuses %j', (v) => expect(isValidVpa(v)).toBe(false));
});

describe('the payment request state machine', () => {
  it('moves forward only; final states never change', () => {
    expect(canMovePayment('CREATED', 'PENDING')).toBe(true);
    expect(canMovePayment('PENDING', 'SUCCESS')).toBe(true);
    expect(canMovePayment('CREATED', 'DECLINED')).toBe(true);
    expect(canMovePayment('PENDING', 'CREATED')).toBe(false);
    for (const final of ['SUCCESS', 'FAILED', 'DECLINED'] as const) {
      for (const to of PAYMENT_REQUEST_STATUSES) expect(canMovePayment(final, to)).toBe(false);
    }
  });
  it('maps statuses to the processing screen', () => {
    expect(paymentScreenState('PENDING')).toBe('processing');
    expect(paymentScreenState('SUCCESS')).toBe('success');
    expect(paymentScreenState('DECLINED')).toBe('failure');
  });
  it('a card succeeds only with no error and status succeeded', () => {
    expect(cardPaymentSucceeded({ status: 'succeeded' })).toBe(true);
    expect(cardPaymentSucceeded({ status: 'succeeded', error: 'card_declined' })).toBe(false);
    expect(cardPaymentSucceeded({ status: 'processing' })).toBe(false);
  });
});

describe('sandbox test data', () => {
  it('UPI: *success*@upi pays, failure@upi fails, other handles do not verify', () => {
    expect(upiOutcome('success@upi')).toBe('success');
    expect(upiOutcome('Asha.Success@UPI')).toBe('success');
    expect(upiOutcome('failure@upi')).toBe('failure');
    expect(upiOutcome('success@okaxis')).toBe('unknown');
    expect(upiOutcome('ravi@upi')).toBe('unknown');
    expect(sandboxHolderName('asha.k.success@upi')).toBe('Asha K');
  });
  it('cards: Luhn and the public test numbers', () => {
    expect(luhnOk('4242424242424242')).toBe(true);
    expect(luhnOk('4000000000000002')).toBe(true);
    expect(luhnOk('4242424242424241')).toBe(false);
    expect(cardOutcome('4242424242424242')).toEqual({ ok: true });
    expect(cardOutcome('4000000000000002')).toEqual({ ok: false, code: 'card_declined' });
    expect(cardOutcome('5555555555554444')).toEqual({ ok: false, code: 'card_not_supported' });
  });
});

describe('the saved methods as shown', () => {
  const m = (uuid: string, vpa: string, primary: boolean) => ({ payment_method_uuid: uuid, type: 'upi' as const, details: { vpa, holder_name: null }, is_primary: primary, created_at: 1 });
  const show = (list: ReturnType<typeof visibleMethods>) => list.map((x) => `${x.details.vpa}${x.is_primary ? '*' : ''}${x.pending ? '?' : ''}`);
  it('lays queued edits over the server list in order', () => {
    const server = [m('a', 'a@upi', true), m('b', 'b@upi', false)];
    expect(show(visibleMethods(server, [{ op: 'primary', action_id: '1', payment_method_uuid: 'b', process_pending_payouts: false, at: 1 }]))).toEqual(['a@upi', 'b@upi*?']);
    expect(show(visibleMethods(server, [{ op: 'delete', action_id: '1', payment_method_uuid: 'a', at: 1 }]))).toEqual(['b@upi*']);
    expect(show(visibleMethods(server, [{ op: 'save', action_id: '1', vpa: 'c@upi', holder_name: null, is_primary: true, process_pending_payouts: false, at: 2 }]))).toEqual(['a@upi', 'b@upi', 'c@upi*?']);
    expect(show(visibleMethods([], [{ op: 'save', action_id: '1', vpa: 'c@upi', holder_name: null, is_primary: false, process_pending_payouts: false, at: 2 }]))).toEqual(['c@upi*?']);
  });
});
