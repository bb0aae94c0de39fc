import { Avatar } from './avatar';
import './notification-toast.css';

export interface NotificationToastProps {
  name: string;
  icon: string;
  body: string;
  /** tooltip of the toast's main button, e.g. 'Open chat with Echo' (its accessible name is the visible name and text) */
  openLabel: string;
  closeLabel: string;
  onOpen(): void;
  onClose(): void;
}

/** A small banner at the top: a message of another bot (icon, name, text); a tap opens that chat. */
export function NotificationToast({ name, icon, body, openLabel, closeLabel, onOpen, onClose }: NotificationToastProps) {
  return (
    <div className="notification-toast" role="status" aria-live="polite">
      <button type="button" className="notification-toast__open" onClick={onOpen} title={openLabel}>
        <Avatar name={name || '?'} src={icon} size="small" />
        <span className="notification-toast__text">
          <strong className="notification-toast__name">{name}</strong>
          <span className="notification-toast__body">{body}</span>
        </span>
      </button>
      <button type="button" className="notification-toast__close" onClick={onClose} aria-label={closeLabel} title={closeLabel}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
