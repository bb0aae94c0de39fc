// The saved-items toast: "Item removed" with Undo after an unsave, or the text of a refusal with
// Dismiss. A polite live region that stays in the page, so screen readers read what appears.
import { useEffect } from 'react';

const SHOW_MS = 6000;

export interface UndoToastProps {
  undo: { text: string; label: string; onUndo: () => void } | null;
  notice: { text: string; label: string; onDismiss: () => void } | null;
  /** the undo offer timed out */
  onExpire: () => void;
}

export function UndoToast({ undo, notice, onExpire }: UndoToastProps) {
  const undoText = undo?.text;
  useEffect(() => {
    if (!undoText) return;
    const timer = window.setTimeout(onExpire, SHOW_MS);
    return () => window.clearTimeout(timer);
  }, [undoText, onExpire]);
  const noticeText = notice?.text;
  const dismiss = notice?.onDismiss;
  useEffect(() => {
    if (!noticeText || !dismiss) return;
    const timer = window.setTimeout(dismiss, SHOW_MS);
    return () => window.clearTimeout(timer);
  }, [noticeText, dismiss]);
  const shown = notice ? { text: notice.text, label: notice.label, act: notice.onDismiss, testId: 'saved-items-notice' } : undo ? { text: undo.text, label: undo.label, act: undo.onUndo, testId: 'saved-items-undo' } : null;
  return (
    <div className="bots-toast-region" role="status" aria-live="polite">
      {shown && (
        <div className="bots-toast" data-testid={shown.testId}>
          <span className="bots-toast__text">{shown.text}</span>
          <button type="button" className="bots-toast__close" onClick={shown.act}>{shown.label}</button>
        </div>
      )}
    </div>
  );
}
