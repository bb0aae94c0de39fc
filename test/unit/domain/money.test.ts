import { describe, expect, it } from 'vitest';
import { formatPrice, minorUnitDivisor } from '../../../src/domain/money';

describe('formatPrice (spec part 2 §5)', () => {
  it.each([
    [12050, 'INR', '₹ 120.50'],
    [12000, 'INR', '₹ 120'],
    [5, 'INR', '₹ 0.05'],
    [0, 'INR', '₹ 0'],
    [199, 'USD', '$ 1.99'],
    [1000, 'SGD', 'S$ 10'],
    [1099, 'EUR', '10.99 €'],
    [25000, 'VND', '25000 ₫'],
    [-250, 'INR', '₹ -2.50'],
    [100, 'JPY', '1 JPY'],
  ])('%d %s → %s', (price, currency, text) => {
    expect(formatPrice(price, currency)).toBe(text);
  });

  it('divides by 100 except VND', () => {
    expect(minorUnitDivisor('INR')).toBe(100);
    expect(minorUnitDivisor('EUR')).toBe(100);
    expect(minorUnitDivisor('VND')).toBe(1);
  });

  it('shows nothing for a non-number', () => {
    expect(formatPrice(Number.NaN, 'INR')).toBe('');
  });
});
