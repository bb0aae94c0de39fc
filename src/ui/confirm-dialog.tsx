import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  title: string;
  body?: string;
  denyLabel: string;
  allowLabel: string;
  onDeny: () => void;
  onAllow: () => void;
  /** The allow button is styled as a destructive action (e.g. log out, delete). */
  destructive?: boolean;
  pending?: boolean;
}

/** The spec's confirm modal: deny and allow. Escape and the backdrop deny; deny gets focus first,
 *  so a stray Enter never confirms something destructive. */
export function ConfirmDialog({ title, body, denyLabel, allowLabel, onDeny, onAllow, destructive, pending }: ConfirmDialogProps) {
  return (
    <Dialog
      role="alertdialog"
      title={title}
      body={body}
      onDismiss={onDeny}
      testId="confirm-dialog"
      actions={[
        { label: denyLabel, onClick: onDeny, variant: 'secondary', autoFocus: true },
        { label: allowLabel, onClick: onAllow, variant: destructive ? 'danger' : 'primary', pending },
      ]}
    />
  );
}
