import { useId, type KeyboardEvent, type Ref } from 'react';
import { CountrySelect, type CountryOption } from './country-select';
import './phone-field.css';

export type PhoneCountryOption = CountryOption;

export interface PhoneFieldProps {
  label: string;
  countryLabel: string;
  clearLabel: string;
  countries: readonly PhoneCountryOption[];
  country: string;
  onCountryChange: (iso: string) => void;
  value: string;
  /** Raw text as typed or pasted (with a dial code, spaces, dashes…); the caller reads and normalises it. */
  onValueChange: (raw: string) => void;
  onClear: () => void;
  /** Enter pressed in the number input. */
  onEnter?: () => void;
  hint?: string;
  /** Why the number is wrong: shown in red under the field instead of the hint (and the field is marked invalid). */
  error?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** Keeps focus and the text but takes no edits (while a request runs). */
  readOnly?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
}

/** Mobile number input: a country selector showing the flag and dial code, the number
 *  (50 px high, spec part 1 §9) and a clear button. */
export function PhoneField(props: PhoneFieldProps) {
  const { label, countryLabel, clearLabel, countries, country, onCountryChange, value, onValueChange, onClear, onEnter, hint, error, disabled, readOnly, inputRef, autoFocus } = props;
  const invalid = props.invalid || !!error;
  const id = useId();
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onEnter?.();
    }
  };
  return (
    <div className={`phone-field${invalid ? ' phone-field--invalid' : ''}`}>
      <label className="phone-field__label" htmlFor={`${id}-number`}>
        {label}
      </label>
      <div className="phone-field__box">
        <CountrySelect label={countryLabel} countries={countries} value={country} onChange={onCountryChange} disabled={disabled || readOnly} />
        <input
          ref={inputRef}
          id={`${id}-number`}
          className="phone-field__input"
          // tel: the phone keypad with + (people type and paste numbers with their dial code)
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={value}
          disabled={disabled}
          readOnly={readOnly}
          autoFocus={autoFocus}
          aria-invalid={invalid || undefined}
          aria-describedby={described}
          onChange={(e) => onValueChange(e.target.value)}
          onPaste={(e) => {
            // Pasted numbers often carry spaces, brackets or the dial code, which the field's own
            // paste would keep as they are: hand the text, put where the selection was, to the caller.
            const text = e.clipboardData.getData('text');
            if (text) {
              e.preventDefault();
              const el = e.currentTarget;
              const start = el.selectionStart ?? el.value.length;
              const end = el.selectionEnd ?? start;
              onValueChange(el.value.slice(0, start) + text + el.value.slice(end));
            }
          }}
          onKeyDown={onKeyDown}
        />
        {value.length > 0 && !disabled && !readOnly && (
          <button type="button" className="phone-field__clear" aria-label={clearLabel} onClick={onClear}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <circle cx="12" cy="12" r="10" fill="currentColor" />
              <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} className="phone-field__error" role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="phone-field__hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
