// The seam between the payments module and a payment provider. The sandbox (sandbox.ts) behaves
// like the real ones behind these interfaces, so a real gateway (a UPI PSP, Stripe) plugs in by
// implementing them: every create call is idempotent per merchant reference (the payment
// request id, the ledger entry id), which is what makes "charged once" hold whatever the retries.
import type { CardIntentStatus } from '../../../src/domain/payments';

export interface Amount { amountMinor: number; currency: string }

export type UpiCollectStatus = 'pending' | 'success' | 'failure';

export interface UpiProvider {
  /** Does the address exist? The holder's name when it does. */
  verifyVpa(vpa: string): Promise<{ valid: boolean; holderName: string | null }>;
  /** Sends a collect request to the payer's UPI app; the same merchantRef answers the same collect. */
  collect(req: Amount & { merchantRef: string; vpa: string }): Promise<{ collectId: string; status: UpiCollectStatus }>;
  /** The collect's status now (the "check status" call every gateway offers; used when a webhook is late or lost). */
  collectStatus(collectId: string): Promise<{ status: UpiCollectStatus; amountMinor: number; currency: string } | undefined>;
  /** Pays money out to an address; the same merchantRef answers the same payout. */
  payout(req: Amount & { merchantRef: string; vpa: string }): Promise<{ payoutId: string; status: 'success' | 'failure' }>;
}

export interface CardIntent extends Amount {
  id: string;
  clientSecret: string;
  status: CardIntentStatus;
  /** Stripe's last_payment_error code (card_declined ...), or null. */
  lastError: string | null;
}

export interface CardProvider {
  /** A PaymentIntent for the amount; the same merchantRef answers the same intent. */
  createIntent(req: Amount & { merchantRef: string }): Promise<CardIntent>;
  retrieveIntent(intentId: string): Promise<CardIntent | undefined>;
  /** Cancels an intent not yet succeeded; answers it as it is now (a succeeded one stays succeeded). */
  cancelIntent(intentId: string): Promise<CardIntent | undefined>;
  /** The provider's own page that takes the card (card numbers never pass through the app). */
  checkoutUrl(clientSecret: string, returnUrl: string): string;
}

/** A provider's webhook, once its signature is checked: what happened to which charge. */
export interface ProviderEvent {
  provider: 'upi' | 'card';
  eventId: string;
  type: string;
  /** The collect id or intent id. */
  ref: string;
  outcome: 'pending' | 'success' | 'failure' | 'canceled';
  amountMinor: number;
  currency: string;
  /** Epoch ms the provider made the event. */
  created: number;
}

/** A provider refusing a request (unknown address ...): a 422 for the caller, nothing charged. */
export class ProviderRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderRefusal';
  }
}
