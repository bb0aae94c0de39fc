import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyMaxLength, counterText, isBlank, shouldShowError, textLength } from '../../../src/domain/text-field';

describe('isBlank', () => {
  it('blank after trimming is empty', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank('   ')).toBe(true);
    expect(isBlank('\n\t ')).toBe(true);
    expect(isBlank(null)).toBe(true);
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank(' a ')).toBe(false);
    expect(isBlank('नमस्ते')).toBe(false);
  });
});

describe('applyMaxLength', () => {
  it('cuts input at max length', () => {
    expect(applyMaxLength('hello world', 5)).toBe('hello');
    expect(applyMaxLength('hello', 5)).toBe('hello');
    expect(applyMaxLength('hi', 5)).toBe('hi');
    expect(applyMaxLength('hello', 0)).toBe('');
  });

  it('leaves input alone without a max', () => {
    expect(applyMaxLength('hello world', undefined)).toBe('hello world');
    expect(applyMaxLength('hello world', null)).toBe('hello world');
  });

  it('never splits an emoji', () => {
    expect(applyMaxLength('ab😀cd', 3)).toBe('ab😀');
    expect(textLength('ab😀')).toBe(3);
  });

  it('property: result is a prefix within the limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.nat({ max: 40 }), (value, max) => {
        const out = applyMaxLength(value, max);
        expect(value.startsWith(out)).toBe(true);
        expect(textLength(out)).toBe(Math.min(max, textLength(value)));
      }),
    );
  });
});

describe('counterText', () => {
  it("reads 'n/max'", () => {
    expect(counterText('', 50)).toBe('0/50');
    expect(counterText('hello', 50)).toBe('5/50');
    expect(counterText('😀😀', 10)).toBe('2/10');
  });
});

describe('shouldShowError', () => {
  it('shows only when the field has content or the no-value error is set', () => {
    expect(shouldShowError({ value: 'abc', error: 'too short' })).toBe(true);
    expect(shouldShowError({ value: '', error: 'required' })).toBe(false);
    expect(shouldShowError({ value: '   ', error: 'required' })).toBe(false);
    expect(shouldShowError({ value: '', error: 'required', noValueError: true })).toBe(true);
    expect(shouldShowError({ value: null, error: 'required', noValueError: true })).toBe(true);
  });

  it('never shows without an error', () => {
    expect(shouldShowError({ value: 'abc' })).toBe(false);
    expect(shouldShowError({ value: 'abc', error: '' })).toBe(false);
    expect(shouldShowError({ value: '', error: null, noValueError: true })).toBe(false);
  });
});
