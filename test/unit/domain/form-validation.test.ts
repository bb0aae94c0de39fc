import { describe, expect, it } from 'vitest';
import type { FormField } from '../../../src/api/messages';
import { FORM_ERROR_IDS, fieldError, formErrorValues, validateForm } from '../../../src/domain/form-validation';

const f = (type: FormField['type'], extra: Partial<FormField> = {}): FormField => ({ id: 'x', label: 'X', type, ...extra });

describe('form validation', () => {
  it('required: blank or spaces only fails; optional blank passes', () => {
    expect(fieldError(f('text', { required: true }), '')).toBe('required');
    expect(fieldError(f('text', { required: true }), '   ')).toBe('required');
    expect(fieldError(f('email'), '')).toBeNull();
  });
  it('max_length counts characters of the trimmed value', () => {
    expect(fieldError(f('text', { max_length: 3 }), 'abc')).toBeNull();
    expect(fieldError(f('text', { max_length: 3 }), ' abc ')).toBeNull();
    expect(fieldError(f('text', { max_length: 3 }), 'abcd')).toBe('tooLong');
    expect(fieldError(f('text', { max_length: 2 }), 'తె')).toBeNull();
  });
  it('email shape', () => {
    for (const ok of ['a@b.co', 'asha.k@example.in']) expect(fieldError(f('email'), ok)).toBeNull();
    for (const bad of ['a@b', 'ab.co', 'a b@c.de', '@b.co', 'a@.']) expect(fieldError(f('email'), bad)).toBe('email');
  });
  it('number, phone, select, date', () => {
    expect(fieldError(f('number'), '42')).toBeNull();
    expect(fieldError(f('number'), '-4.5')).toBeNull();
    expect(fieldError(f('number'), '4e5')).toBe('number');
    expect(fieldError(f('phone'), '+91 98765 43210')).toBeNull();
    expect(fieldError(f('phone'), '12345')).toBe('phone');
    expect(fieldError(f('phone'), 'call me')).toBe('phone');
    expect(fieldError(f('select', { options: ['Red', 'Blue'] }), 'Red')).toBeNull();
    expect(fieldError(f('select', { options: ['Red', 'Blue'] }), 'Green')).toBe('option');
    expect(fieldError(f('date'), '2024-02-29')).toBeNull();
    expect(fieldError(f('date'), '29/02/2024')).toBe('date');
  });
  it('number limits (issue 11: Score from 1 to 10 does not take 11)', () => {
    const score = f('number', { min: 1, max: 10 });
    for (const ok of ['1', '10', '7.5', ' 3 ']) expect(fieldError(score, ok)).toBeNull();
    for (const bad of ['11', '0', '-1', '10.01']) expect(fieldError(score, bad)).toBe('range');
    expect(fieldError(score, 'ten')).toBe('number');
    expect(fieldError(f('number', { min: 0 }), '-1')).toBe('min');
    expect(fieldError(f('number', { min: 0 }), '1000000000')).toBeNull();
    expect(fieldError(f('number', { max: 5 }), '6')).toBe('max');
    expect(fieldError(f('number', { max: 5 }), '-600')).toBeNull();
    // a blank optional field is not checked; a required one is required first
    expect(fieldError(score, '')).toBeNull();
    expect(fieldError({ ...score, required: true }, ' ')).toBe('required');
  });
  it('formErrorValues: the limits each error names', () => {
    const score = f('number', { min: 1, max: 10 });
    expect(formErrorValues(score, 'range')).toEqual({ min: 1, max: 10 });
    expect(formErrorValues(f('number', { min: 0 }), 'min')).toEqual({ min: 0, max: 0 });
    expect(formErrorValues(f('text', { max_length: 30 }), 'tooLong')).toEqual({ max: 30 });
    expect(formErrorValues(score, 'number')).toEqual({});
    for (const e of ['range', 'min', 'max'] as const) expect(FORM_ERROR_IDS[e]).toBe(`chat.form.error.${e}`);
  });
  it('validateForm: errors per field and trimmed values without blanks', () => {
    const fields: FormField[] = [
      { id: 'name', label: 'Name', type: 'text', required: true, max_length: 10 },
      { id: 'mail', label: 'Mail', type: 'email' },
      { id: 'note', label: 'Note', type: 'text' },
    ];
    expect(validateForm(fields, { name: '', mail: 'bad' }).errors).toEqual({ name: 'required', mail: 'email' });
    expect(validateForm(fields, { name: ' Asha ', mail: 'a@b.in', note: ' ' })).toEqual({ errors: {}, values: { name: 'Asha', mail: 'a@b.in' } });
  });
});
