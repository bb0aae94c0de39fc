import { Avatar } from './avatar';
import './conversation-row.css';

export interface ConversationRowProps {
  name: string;
  icon: string;
  /** The last message, already worded (text, or a word for its type). */
  preview: string;
  /** The last activity, already worded ('10:42', 'Yesterday', '12/03/26'). */
  time: string;
  /** Machine-readable time for <time dateTime>. */
  dateTime?: string;
  unreadCount: number;
  /** Accessible text of the unread badge, e.g. '3 unread messages'. */
  unreadLabel: string;
  pinned: boolean;
  /** Accessible text of the pin mark. */
  pinnedLabel: string;
  /** Notifications of this chat are muted now. */
  muted?: boolean;
  /** Accessible text of the muted mark. */
  mutedLabel?: string;
  onOpen: () => void;
  /** A finger or pointer is down on the row: a click may follow (the thread's reads can start). */
  onIntent?: () => void;
}

/** One conversation of the Chat tab: a single button whose name reads name, preview, time and unread count. */
export function ConversationRow({ name, icon, preview, time, dateTime, unreadCount, unreadLabel, pinned, pinnedLabel, muted = false, mutedLabel, onOpen, onIntent }: ConversationRowProps) {
  const unread = unreadCount > 0;
  return (
    <button type="button" className={`conversation-row${unread ? ' conversation-row--unread' : ''}`} onClick={onOpen} onPointerDown={onIntent}>
      <Avatar name={name} src={icon} />
      <span className="conversation-row__body">
        <span className="conversation-row__top">
          <span className="conversation-row__name">{name}</span>
          <time className="conversation-row__time" dateTime={dateTime}>
            {time}
          </time>
        </span>
        <span className="conversation-row__bottom">
          <span className="conversation-row__preview">{preview}</span>
          {muted && <RowMark className="conversation-row__mark" label={mutedLabel} path={MUTED_PATH} />}
          {pinned && <RowMark className="conversation-row__pin" label={pinnedLabel} path={PINNED_PATH} />}
          {unread && (
            <span className="conversation-row__badge">
              <span aria-hidden="true">{unreadCount > 99 ? '99+' : unreadCount}</span>
              <span className="visually-hidden">{unreadLabel}</span>
            </span>
          )}
        </span>
      </span>
    </button>
  );
}

const MUTED_PATH = 'M9 5.5A5 5 0 0 1 17 9.5v3.5l2 3H8M6.6 8.2 6 9.5V13l-2 3h4M10 19a2 2 0 0 0 4 0M4 3l16 18';
const PINNED_PATH = 'M9 3h6l-1 6 4 4H6l4-4zM12 13v8';

/** A small outlined mark with an accessible name (muted, pinned). */
function RowMark({ className, label, path }: { className: string; label: string | undefined; path: string }) {
  return (
    <span className={className} role="img" aria-label={label}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
      </svg>
    </span>
  );
}
