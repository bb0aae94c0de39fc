import { useId, type FormEvent } from 'react';
import './search-field.css';

export interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (value: string) => void;
  submitLabel: string;
  clearLabel: string;
  autoFocus?: boolean;
  onFocus?: () => void;
}

/** A search box: the label is its accessible name (and placeholder), Enter or the magnifier button searches, × clears. */
export function SearchField({ label, value, onChange, onSubmit, submitLabel, clearLabel, autoFocus, onFocus }: SearchFieldProps) {
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(value);
  };
  return (
    <form className="search-field" role="search" onSubmit={submit}>
      <label className="search-field__label" htmlFor={id}>{label}</label>
      <div className="search-field__box">
      <input
        id={id}
        className="search-field__input"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder={label}
        value={value}
        maxLength={100}
        autoFocus={autoFocus}
        onFocus={onFocus}
        onChange={(e) => onChange(e.target.value)}
      />
      {value !== '' && (
        <button type="button" className="search-field__clear" aria-label={clearLabel} title={clearLabel} onClick={() => onChange('')}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M7 7l10 10M17 7L7 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      )}
      </div>
      <button type="submit" className="search-field__submit" aria-label={submitLabel} title={submitLabel}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
