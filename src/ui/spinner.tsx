import './spinner.css';

export interface SpinnerProps {
  size?: 'small' | 'large';
  tone?: 'brand' | 'on-brand';
  /** When given, the spinner is announced (role=status) with this text; otherwise it is decorative. */
  label?: string;
}

export function Spinner({ size = 'large', tone = 'brand', label }: SpinnerProps) {
  const svg = (
    <svg className={`spinner spinner--${size} spinner--${tone}`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9.5" fill="none" strokeWidth="3" className="spinner__track" />
      <path d="M12 2.5a9.5 9.5 0 0 1 9.5 9.5" fill="none" strokeWidth="3" strokeLinecap="round" className="spinner__arc" />
    </svg>
  );
  if (!label) return svg;
  return (
    <span role="status" className="spinner-wrap">
      {svg}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
