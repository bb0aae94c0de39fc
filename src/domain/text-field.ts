// Text-field rules (spec part 1 §5): blank after trimming counts as empty; an optional max length
// cuts the input; an optional counter reads 'n/max'; the error text shows only when the field
// has content or a no-value error is set (so an untouched empty field is not shouted at).
//
// Lengths count Unicode code points, so a cut never splits an emoji's surrogate pair. (Indic
// combining marks are code points of their own, as in every input's maxlength.)

export function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === '';
}

export function textLength(value: string): number {
  let n = 0;
  for (const _ of value) n += 1;
  return n;
}

/** The value as the field keeps it: cut to maxLength code points when one is given. */
export function applyMaxLength(value: string, maxLength?: number | null): string {
  if (maxLength == null || maxLength < 0) return value;
  if (value.length <= maxLength) return value; // UTF-16 length bounds the code-point count
  return Array.from(value).slice(0, maxLength).join('');
}

/** The counter under the field, e.g. '12/50'. */
export function counterText(value: string, maxLength: number): string {
  return `${textLength(value)}/${maxLength}`;
}

export interface ErrorVisibility {
  value: string | null | undefined;
  /** The error to show, if the field has one (a message id or text; any non-empty value). */
  error?: string | null;
  /** Set when the form was submitted without a value: show the error on an empty field too. */
  noValueError?: boolean;
}

/** True when the field's error text should be shown. */
export function shouldShowError({ value, error, noValueError }: ErrorVisibility): boolean {
  if (error == null || error === '') return false;
  return !isBlank(value) || noValueError === true;
}
