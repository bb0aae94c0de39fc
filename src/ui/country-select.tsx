import { Flag } from './flag';

export interface CountryOption {
  iso: string;
  dialCode: string;
  /** Shown in the open list, e.g. 'India (+91)' in the user's language. */
  label: string;
}

export interface CountrySelectProps {
  /** Accessible name, e.g. 'Country code'. */
  label: string;
  countries: readonly CountryOption[];
  value: string;
  onChange: (iso: string) => void;
  disabled?: boolean;
}

/** Country picker that shows the flag and dial code; the phone's native list opens on tap.
 *  Styled by phone-field.css, where it sits. */
export function CountrySelect({ label, countries, value, onChange, disabled }: CountrySelectProps) {
  const selected = countries.find((c) => c.iso === value) ?? countries[0];
  return (
    <div className="phone-field__country">
      <span className="phone-field__country-face" aria-hidden="true">
        {selected && <Flag iso={selected.iso} />}
        <span className="phone-field__dial">{selected?.dialCode}</span>
        <svg className="phone-field__chevron" viewBox="0 0 12 8" width="12" height="8">
          <path d="M1 1.5 6 6.5 11 1.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <select className="phone-field__select" aria-label={label} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {countries.map((c) => (
          <option key={c.iso} value={c.iso}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}
