// Prices in minor units (spec part 2 §5 "Currency display"): the divisor is 100 except VND (1);
// INR '₹ x', USD '$ x', SGD 'S$ x', EUR 'x €', VND 'x ₫'. x keeps two decimals when the amount
// has a fractional part and none when it is whole ('₹ 120', '₹ 120.50'), so a catalogue of
// whole rupees reads cleanly and paise are never hidden.
import type { Money } from '../api/messages';

export type Currency = Money['currency'];

const DIVISOR: Record<Currency, number> = { INR: 100, USD: 100, SGD: 100, EUR: 100, VND: 1 };

export function minorUnitDivisor(currency: Currency): number {
  return DIVISOR[currency];
}

function amountText(price: number, currency: Currency): string {
  const divisor = DIVISOR[currency];
  const negative = price < 0;
  const minor = Math.round(Math.abs(price));
  const whole = Math.floor(minor / divisor);
  const rest = minor % divisor;
  const text = divisor === 1 || rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(String(divisor - 1).length, '0')}`;
  return negative ? `-${text}` : text;
}

/** '₹ 120.50' for formatPrice(12050, 'INR'). An unknown currency code shows 'x CODE'. */
export function formatPrice(price: number, currency: Currency | string): string {
  if (!Number.isFinite(price)) return '';
  switch (currency) {
    case 'INR': return `₹ ${amountText(price, currency)}`;
    case 'USD': return `$ ${amountText(price, currency)}`;
    case 'SGD': return `S$ ${amountText(price, currency)}`;
    case 'EUR': return `${amountText(price, currency)} €`;
    case 'VND': return `${amountText(price, currency)} ₫`;
    default: return `${amountText(price, 'USD')} ${currency}`;
  }
}
