import { createPortal } from 'react-dom';
import './notice-toast.css';

/** A brief notice near the bottom of the screen (role=status: read out, never takes focus). */
export function NoticeToast({ text }: { text: string | null }) {
  return createPortal(
    <div className="notice-toast-region" role="status" aria-live="polite">
      {text && <div className="notice-toast">{text}</div>}
    </div>,
    document.body,
  );
}
