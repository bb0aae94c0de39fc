import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { applyMaxLength, counterText } from '../domain/text-field';
import './text-field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'maxLength'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Input beyond this length is cut (spec part 1 §5). */
  maxLength?: number;
  /** Shows 'n/max' under the field. */
  counter?: boolean;
  /** The error text to show when `showError` is true (the caller applies the spec's rule). */
  error?: string;
  showError?: boolean;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text field with an optional 'n/max' counter and an error line. */
export function TextField({ label, value, onValueChange, maxLength, counter = false, error, showError = false, hint, id, className, ref, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? `tf-${autoId}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const counterId = `${inputId}-counter`;
  const invalid = showError && !!error;
  const describedBy = [invalid ? errorId : '', hint ? hintId : '', counter && maxLength ? counterId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['text-field', invalid ? 'text-field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="text-field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        {...rest}
        ref={ref}
        id={inputId}
        className="text-field__input"
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          onValueChange(applyMaxLength(e.target.value, maxLength));
        }}
      />
      <div className="text-field__below">
        <div className="text-field__messages">
          {invalid && (
            <p id={errorId} className="text-field__error" role="alert">
              {error}
            </p>
          )}
          {hint && !invalid && (
            <p id={hintId} className="text-field__hint">
              {hint}
            </p>
          )}
        </div>
        {counter && maxLength !== undefined && (
          <p id={counterId} className="text-field__counter">
            {counterText(value, maxLength)}
          </p>
        )}
      </div>
    </div>
  );
}
