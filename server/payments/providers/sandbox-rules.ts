// The sandbox's test data, as the providers document theirs:
// - UPI: an address whose name contains "success" on the handle @upi (success@upi,
//   asha.success@upi) verifies and pays; failure@upi verifies but every collect and payout to it
//   fails; any other address does not verify.
// - Cards (Stripe's public test numbers): 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
//   declined (card_declined); any other number that passes the Luhn check is declined too
//   (card_not_supported: only test cards work in a sandbox); a number failing Luhn is refused on
//   the form and changes nothing.

export type UpiSandboxOutcome = 'success' | 'failure' | 'unknown';

export function upiOutcome(vpa: string): UpiSandboxOutcome {
  const [name = '', handle = ''] = vpa.toLowerCase().split('@');
  if (handle !== 'upi') return 'unknown';
  if (name === 'failure') return 'failure';
  if (name.includes('success')) return 'success';
  return 'unknown';
}

/** The holder name the sandbox answers for a verified address: its name part, words capitalised. */
export function sandboxHolderName(vpa: string): string {
  const name = vpa.split('@')[0] ?? '';
  const words = name.split(/[._-]+/).filter((w) => w && w.toLowerCase() !== 'success' && w.toLowerCase() !== 'failure');
  if (words.length === 0) return 'UPI Sandbox Payer';
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase()).join(' ');
}

export const CARD_SUCCEEDS = '4242424242424242';
export const CARD_DECLINED = '4000000000000002';

export function luhnOk(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardOutcome = { ok: true } | { ok: false; code: 'card_declined' | 'card_not_supported' };

export function cardOutcome(digits: string): CardOutcome {
  if (digits === CARD_SUCCEEDS) return { ok: true };
  if (digits === CARD_DECLINED) return { ok: false, code: 'card_declined' };
  return { ok: false, code: 'card_not_supported' };
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits)) return 'mastercard';
  if (/^6/.test(digits)) return 'rupay';
  return 'unknown';
}
