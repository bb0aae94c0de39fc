import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner';
import './button.css';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  children: ReactNode;
  variant?: 'primary' | 'secondary' | 'text' | 'danger';
  /** Shows a spinner and blocks clicks while a request runs; the label stays for screen readers. */
  pending?: boolean;
  /** Takes the full width of its container, up to the spec's 287 px. */
  block?: boolean;
  icon?: ReactNode;
}

/** The app's button: 50 px high and at most 287 px wide (spec part 1 §9). */
export function Button({ children, variant = 'primary', pending = false, block = false, icon, className, disabled, type, ...rest }: ButtonProps) {
  const classes = ['btn', `btn--${variant}`, block ? 'btn--block' : '', pending ? 'btn--pending' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button
      {...rest}
      type={type ?? 'button'}
      className={classes}
      disabled={disabled}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={pending ? (e) => e.preventDefault() : rest.onClick}
    >
      {pending ? <Spinner size="small" tone={variant === 'primary' || variant === 'danger' ? 'on-brand' : 'brand'} /> : icon}
      <span className="btn__label">{children}</span>
    </button>
  );
}
