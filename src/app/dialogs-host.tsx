// Shows at most one catalogue dialog at a time, most urgent first: the auto-logout prompt (a 401
// with a usable login token), the session-expired notice, dialogs raised by screens, then the
// server-error and no-internet dialogs (sync-status), then update-available. Buttons run the
// spec's actions (runDialogAction); the outcome may ask for a reload or the login route.
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { DialogAction } from '../domain/error-types';
import { runDialogAction } from '../db/commands/run-dialog-action';
import { useSyncStatus } from '../db/hooks/use-sync-status';
import { pickDialog } from './dialog-priority';
import { DialogSpecView } from './dialog-spec-view';
import { useDialogQueue } from './dialog-queue';

export function DialogsHost() {
  const sync = useSyncStatus();
  const navigate = useNavigate();
  const { queue, shift, show } = useDialogQueue();
  const [pending, setPending] = useState<DialogAction | null>(null);
  const picked = pickDialog(sync.loaded ? sync.doc : null, queue);
  if (!picked) return null;

  const onAction = async (action: DialogAction) => {
    if (pending) return;
    // A screen's dialog closes at once; a sync-status dialog stays (with a spinner on the
    // button) until the action clears its flag.
    if (picked.source === 'queue') shift();
    setPending(action);
    try {
      const result = await runDialogAction(action);
      if (!result.ok) {
        // A retry that fails again shows its own dialog.
        if (result.error.dialog) show(result.error.dialog);
        return;
      }
      if (result.value.reload) {
        // an accepted update reloads into the new version only once the outbox is empty
        if (action === 'update-app-version') void import('./service-worker').then((m) => m.applyUpdateWhenIdle());
        else window.location.reload();
        return;
      }
      if (result.value.navigateTo === 'login') void navigate({ to: '/', replace: true });
    } finally {
      setPending(null);
    }
  };

  return <DialogSpecView key={`${picked.spec.kind}:${picked.spec.titleId}`} spec={picked.spec} onAction={(a) => void onAction(a)} pending={pending} />;
}
