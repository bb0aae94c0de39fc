import { useEffect, useRef } from 'react';
import './file-toast.css';

export interface FileToastProps {
  text: string;
  dismissLabel: string;
  onDismiss: () => void;
  /** Hides itself after this long. */
  hideAfterMs?: number;
}

/** A brief notice at the bottom of the screen (attachment errors of spec part 1 §8), read out politely. */
export function FileToast({ text, dismissLabel, onDismiss, hideAfterMs = 4000 }: FileToastProps) {
  // the latest callback, so a re-render of the parent does not restart the timer
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    const t = setTimeout(() => dismiss.current(), hideAfterMs);
    return () => clearTimeout(t);
  }, [text, hideAfterMs]);
  return (
    <div className="file-toast" role="status" data-testid="file-toast">
      <span className="file-toast__text">{text}</span>
      <button type="button" className="file-toast__close" onClick={onDismiss} aria-label={dismissLabel}>×</button>
    </div>
  );
}
