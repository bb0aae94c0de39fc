// The payment rules of spec part 2 (§3 Payment, §4 UPI dialog and payment processing screen, §5
// validation, §8 errors, §9 constants), in one place for the app and the reference server.

/** §5: a UPI address is text@text (no spaces, exactly one @, something on both sides). */
export const VPA_PATTERN = /^[^\s@]+@[^\s@]+$/;
/** §5 / §8: the message key shown inline for an address that breaks the rule. */
export const VPA_INVALID_KEY = 'vpaInvalid';
export const VPA_MAX_CHARS = 100;

export function isValidVpa(vpa: string): boolean {
  return vpa.length <= VPA_MAX_CHARS && VPA_PATTERN.test(vpa);
}

/** §4 processing screen texts, verbatim (the failure title has TWO spaces, as the spec gives it). */
export const PAYMENT_PROCESSING_TEXT = 'Your payment is being processed, please wait...';
export const PAYMENT_SUCCESS_TITLE = 'Transaction Processed and was successful';
export const PAYMENT_FAILURE_TITLE = 'Transaction  Failed';
/** §9: the result screen is shown 2 seconds, then the flow's state is cleared. */
export const PAYMENT_RESULT_SCREEN_MS = 2000;

/** Payment request statuses (§4: DECLINED after the decline call answers 200). */
export const PAYMENT_REQUEST_STATUSES = ['CREATED', 'PENDING', 'SUCCESS', 'FAILED', 'DECLINED'] as const;
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];
export const FINAL_PAYMENT_STATUSES: readonly PaymentRequestStatus[] = ['SUCCESS', 'FAILED', 'DECLINED'];

export function isFinalPaymentStatus(status: PaymentRequestStatus): boolean {
  return FINAL_PAYMENT_STATUSES.includes(status);
}

/**
 * The one state machine of a payment request: CREATED → PENDING → SUCCESS | FAILED, and DECLINED
 * from CREATED or PENDING. A final state never changes, so a duplicated, late or reordered event
 * (a "pending" after "success") changes nothing: the transition is simply not allowed.
 */
const ALLOWED: Record<PaymentRequestStatus, readonly PaymentRequestStatus[]> = {
  CREATED: ['PENDING', 'SUCCESS', 'FAILED', 'DECLINED'],
  PENDING: ['SUCCESS', 'FAILED', 'DECLINED'],
  SUCCESS: [],
  FAILED: [],
  DECLINED: [],
};

export function canMovePayment(from: PaymentRequestStatus, to: PaymentRequestStatus): boolean {
  return ALLOWED[from].includes(to);
}

/** The two ways to pay (spec §7: "initiate payment {paymentRequestId, type} for two providers"). */
export const PAYMENT_TYPES = ['upi', 'card'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Card intents, modelled on Stripe PaymentIntents. */
export const CARD_INTENT_STATUSES = ['requires_payment_method', 'processing', 'succeeded', 'canceled'] as const;
export type CardIntentStatus = (typeof CARD_INTENT_STATUSES)[number];

/** §4: a card payment succeeds only when there is no error and the intent status is succeeded. */
export function cardPaymentSucceeded(intent: { status: CardIntentStatus; error?: string | null | undefined }): boolean {
  return !intent.error && intent.status === 'succeeded';
}

/** What the processing screen shows for a request in a status (§4). */
export type PaymentScreenState = 'processing' | 'success' | 'failure';
export function paymentScreenState(status: PaymentRequestStatus): PaymentScreenState {
  if (status === 'SUCCESS') return 'success';
  if (status === 'FAILED' || status === 'DECLINED') return 'failure';
  return 'processing';
}
