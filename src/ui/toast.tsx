// A short notice at the bottom of the screen ('Max quantity reached', 'Cart updated'): a polite
// live region, so screen readers read it without moving focus; it hides itself.
import { useEffect } from 'react';
import './toast.css';

export interface ToastProps {
  message: string;
  /** Called when it has been shown long enough; the owner then removes it. */
  onDone: () => void;
  durationMs?: number;
  tone?: 'info' | 'error';
}

export function Toast({ message, onDone, durationMs = 2500, tone = 'info' }: ToastProps) {
  useEffect(() => {
    const timer = setTimeout(onDone, durationMs);
    return () => clearTimeout(timer);
  }, [message, onDone, durationMs]);
  return (
    <div className={`toast toast--${tone}`} role="status" aria-live="polite">
      {message}
    </div>
  );
}
