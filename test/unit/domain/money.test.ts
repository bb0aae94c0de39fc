import { describe, expect, it } from 'vitest';
import { currencyDivisor, formatMoney, sumMoney } from '../../../src/domain/money';

describe('formatMoney (spec part 2 §5)', () => {
  it.each([
    [{ price: 18900, currency: 'INR' }, '₹ 189'],
    [{ price: 18950, currency: 'INR' }, '₹ 189.50'],
    [{ price: 12345600, currency: 'INR' }, '₹ 1,23,456'],
    [{ price: 999, currency: 'USD' }, '$ 9.99'],
    [{ price: 500, currency: 'SGD' }, 'S$ 5'],
    [{ price: 1250, currency: 'EUR' }, '12,50 €'],
    [{ price: 25000, currency: 'VND' }, '25.000 ₫'],
    [{ price: 0, currency: 'INR' }, '₹ 0'],
  ] as const)('%j → %s', (money, text) => expect(formatMoney(money)).toBe(text));

  it('divides by 100 except VND', () => {
    expect(currencyDivisor('INR')).toBe(100);
    expect(currencyDivisor('VND')).toBe(1);
  });

  it('sums in the first currency, INR when empty', () => {
    expect(sumMoney([{ price: 100, currency: 'SGD' }, { price: 250, currency: 'SGD' }])).toEqual({ price: 350, currency: 'SGD' });
    expect(sumMoney([])).toEqual({ price: 0, currency: 'INR' });
  });
});
