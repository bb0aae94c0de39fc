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
  /** Raw text as typed or pasted; the caller sanitises it (digits only, cut to the country's length). */
  onValueChange: (raw: string) => void;
  onClear: () => void;
  /** Enter pressed in the number input. */
  onEnter?: () => void;
  hint?: string;
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
  const { label, countryLabel, clearLabel, countries, country, onCountryChange, value, onValueChange, onClear, onEnter, hint, invalid, disabled, readOnly, inputRef, autoFocus } = props;
  const id = useId();
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
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          pattern="[0-9]*"
          value={value}
          disabled={disabled}
          readOnly={readOnly}
          autoFocus={autoFocus}
          aria-invalid={invalid || undefined}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => onValueChange(e.target.value)}
          onPaste={(e) => {
            // Pasted numbers often carry spaces or the dial code: hand the whole text to the sanitiser.
            const text = e.clipboardData.getData('text');
            if (text) {
              e.preventDefault();
              onValueChange(text);
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
      {hint && (
        <p id={`${id}-hint`} className="phone-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
