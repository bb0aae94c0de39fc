import { useId } from 'react';
import './select-field.css';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  label: string;
  /** First, empty choice, e.g. 'Select your state'. */
  placeholder: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Shows a 'loading' line and marks the field busy. */
  loading?: boolean;
  loadingText?: string;
  error?: string;
}

/** A labelled native select (the phone's own picker; works with screen readers and font scaling). */
export function SelectField({ label, placeholder, options, value, onChange, disabled, loading, loadingText, error }: SelectFieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : loading ? `${id}-loading` : undefined;
  return (
    <div className={`select-field${error ? ' select-field--invalid' : ''}`}>
      <label className="select-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="select-field__box">
        <select
          id={id}
          className="select-field__select"
          value={value}
          disabled={disabled || loading}
          aria-busy={loading || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <svg className="select-field__chevron" viewBox="0 0 12 8" width="12" height="8" aria-hidden="true">
          <path d="M1 1.5 6 6.5 11 1.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      {loading && loadingText && (
        <p id={`${id}-loading`} className="select-field__note">
          {loadingText}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="select-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
