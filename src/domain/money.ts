// Money as the app shows it (spec part 2 §5): amounts travel in minor units (divisor 100, VND 1)
// and read '₹ x', '$ x', 'S$ x', 'x €', 'x ₫'. Whole amounts show no decimals; others two.
import type { Money } from '../api/messages';

const FORMATS: Record<Money['currency'], { divisor: number; symbol: string; after: boolean; grouping: string }> = {
  INR: { divisor: 100, symbol: '₹', after: false, grouping: 'en-IN' },
  USD: { divisor: 100, symbol: '$', after: false, grouping: 'en-US' },
  SGD: { divisor: 100, symbol: 'S$', after: false, grouping: 'en-US' },
  EUR: { divisor: 100, symbol: '€', after: true, grouping: 'de-DE' },
  VND: { divisor: 1, symbol: '₫', after: true, grouping: 'vi-VN' },
};

export const DEFAULT_CURRENCY: Money['currency'] = 'INR';

/** The minor-unit divisor of a currency: 100, or 1 for VND. */
export function currencyDivisor(currency: Money['currency']): number {
  return FORMATS[currency].divisor;
}

export function formatMoney(money: Money): string {
  const format = FORMATS[money.currency] ?? FORMATS[DEFAULT_CURRENCY];
  const amount = money.price / format.divisor;
  const whole = Number.isInteger(amount);
  const number = new Intl.NumberFormat(format.grouping, {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
  return format.after ? `${number} ${format.symbol}` : `${format.symbol} ${number}`;
}

/** Sum of amounts in one currency (a cart's total); the currency of the first, INR when empty. */
export function sumMoney(amounts: readonly Money[]): Money {
  const currency = amounts[0]?.currency ?? DEFAULT_CURRENCY;
  return { price: amounts.reduce((sum, m) => sum + m.price, 0), currency };
}
