// Dialogs that screens raise from a command's result (an AppError's DialogSpec). The host shows
// the first one; its buttons run the spec's actions through runDialogAction.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { AppError, DialogSpec } from '../domain/error-types';
import { isShownBySyncStatus } from '../db/command-result';

interface DialogQueue {
  queue: readonly DialogSpec[];
  show: (spec: DialogSpec) => void;
  /** Removes the first dialog of the queue (after its action ran). */
  shift: () => void;
}

const Ctx = createContext<DialogQueue | null>(null);

export function DialogQueueProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<readonly DialogSpec[]>([]);
  const show = useCallback((spec: DialogSpec) => {
    // The same dialog twice in a row (a double tap, two failed calls) shows once.
    setQueue((q) => (q.some((s) => s.titleId === spec.titleId && s.bodyId === spec.bodyId) ? q : [...q, spec]));
  }, []);
  const shift = useCallback(() => setQueue((q) => q.slice(1)), []);
  const value = useMemo(() => ({ queue, show, shift }), [queue, show, shift]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useDialogQueue(): DialogQueue {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('useDialogQueue outside DialogQueueProvider');
  return ctx;
}

/** True when the error's dialog is shown here (not by the sync-status document, not inline). */
export function hasOwnDialog(error: AppError): boolean {
  return !!error.dialog && !isShownBySyncStatus(error);
}

/**
 * Shows a command's error dialog, unless the sync-status document already raises it (no
 * internet, 5xx, auto-logout, session expired: the host shows those once). Returns true when the
 * error is taken care of by a dialog, so the screen need not show it inline.
 */
export function useShowError(): (error: AppError) => boolean {
  const { show } = useDialogQueue();
  return useCallback(
    (error: AppError) => {
      if (isShownBySyncStatus(error)) return true;
      if (error.dialog) {
        show(error.dialog);
        return true;
      }
      return false;
    },
    [show],
  );
}
