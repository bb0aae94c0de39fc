import './status-mark.css';

export type StatusMarkStatus = 'pending' | 'sent' | 'delivered' | 'failed';

export interface StatusMarkProps {
  status: StatusMarkStatus;
  /** Accessible text of each status ('Waiting to send', 'Sent', 'Delivered', 'Not sent. Tap to retry'). */
  labels: Record<StatusMarkStatus, string>;
  /** Called by the failed mark's button. */
  onRetry: () => void;
}

const TICK = 'M4 12.5l4.5 4.5L19 6.5';

/** The delivery mark of a message the user sent (DESIGN.md §4): clock, one tick, two ticks, or a retry button. */
export function StatusMark({ status, labels, onRetry }: StatusMarkProps) {
  if (status === 'failed') {
    return (
      <button type="button" className="status-mark status-mark--failed" onClick={onRetry}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
        <span>{labels.failed}</span>
      </button>
    );
  }
  return (
    <span className={`status-mark status-mark--${status}`} role="img" aria-label={labels[status]} title={labels[status]}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        {status === 'pending' && (
          <>
            <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M12 7.5V12l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </>
        )}
        {status === 'sent' && <path d={TICK} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />}
        {status === 'delivered' && (
          <>
            <path d="M1.5 12.5L6 17 16.5 6.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            <path d="M10.5 15.5L12 17 22.5 6.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </>
        )}
      </svg>
    </span>
  );
}
