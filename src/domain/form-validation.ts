// Checks of a bot's form (FormSpec) before its form_response is sent: required fields, max_length,
// and the shape of e-mail, number, phone, select and date answers; a number field's min and max
// ('Score from 1 to 10' must not take 11). Values are trimmed text, as the wire carries
// them. Errors are i18n ids (the screen words them with formErrorValues).
import type { FormField } from '../api/messages';

export type FormFieldError = 'required' | 'tooLong' | 'email' | 'number' | 'range' | 'min' | 'max' | 'phone' | 'option' | 'date';

export const FORM_ERROR_IDS: Record<FormFieldError, string> = {
  required: 'chat.form.error.required',
  tooLong: 'chat.form.error.tooLong',
  email: 'chat.form.error.email',
  number: 'chat.form.error.number',
  range: 'chat.form.error.range',
  min: 'chat.form.error.min',
  max: 'chat.form.error.max',
  phone: 'chat.form.error.phone',
  option: 'chat.form.error.option',
  date: 'chat.form.error.date',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
/** Digits with an optional leading +, spaces and dashes between: 6 to 15 digits. */
const PHONE = /^\+?[\d\s-]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function fieldError(field: FormField, raw: string): FormFieldError | null {
  const value = raw.trim();
  if (value === '') return field.required ? 'required' : null;
  if (field.max_length !== undefined && [...value].length > field.max_length) return 'tooLong';
  switch (field.type) {
    case 'email':
      return EMAIL.test(value) ? null : 'email';
    case 'number':
      return NUMBER.test(value) ? rangeError(field, Number(value)) : 'number';
    case 'phone': {
      const digits = value.replace(/\D/g, '').length;
      return PHONE.test(value) && digits >= 6 && digits <= 15 ? null : 'phone';
    }
    case 'select':
      return (field.options ?? []).includes(value) ? null : 'option';
    case 'date':
      return DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? null : 'date';
    default:
      return null;
  }
}

const isLimit = (v: number | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** A number outside the field's min..max: 'range' when it has both limits, else the one it broke. */
function rangeError(field: FormField, n: number): FormFieldError | null {
  const { min, max } = field;
  const low = isLimit(min) && n < min;
  const high = isLimit(max) && n > max;
  if (!low && !high) return null;
  if (isLimit(min) && isLimit(max)) return 'range';
  return low ? 'min' : 'max';
}

/** The values an error's text takes: {max} is the length limit for tooLong, the largest number for range and max. */
export function formErrorValues(field: FormField, error: FormFieldError): Record<string, number> {
  if (error === 'tooLong') return { max: field.max_length ?? 0 };
  if (error === 'range' || error === 'min' || error === 'max') return { min: field.min ?? 0, max: field.max ?? 0 };
  return {};
}

/** Every field's error (only fields with one), and the trimmed values to send when there is none. */
export function validateForm(fields: readonly FormField[], values: Readonly<Record<string, string>>): { errors: Record<string, FormFieldError>; values: Record<string, string> } {
  const errors: Record<string, FormFieldError> = {};
  const clean: Record<string, string> = {};
  for (const f of fields) {
    const v = (values[f.id] ?? '').trim();
    const e = fieldError(f, v);
    if (e) errors[f.id] = e;
    if (v !== '') clean[f.id] = v;
  }
  return { errors, values: clean };
}
