import { useIntl } from 'react-intl';
import type { DialogAction, DialogImage, DialogSpec } from '../domain/error-types';
import { dismissActionOf } from './dialog-priority';
import { Dialog } from '../ui/dialog';

const IMAGES: Record<DialogImage, string | undefined> = {
  'no-internet': '/images/no-internet.svg',
  'something-went-wrong': '/images/something-went-wrong.svg',
  'server-error': '/images/server-error.svg',
  update: '/images/update.svg',
  none: undefined,
};

export interface DialogSpecViewProps {
  spec: DialogSpec;
  onAction: (action: DialogAction) => void;
  pending?: DialogAction | null;
}

/** A catalogue dialog (DialogSpec): its image, texts and buttons, in the user's language. */
export function DialogSpecView({ spec, onAction, pending }: DialogSpecViewProps) {
  const intl = useIntl();
  const dismiss = dismissActionOf(spec);
  const image = IMAGES[spec.image];
  return (
    <Dialog
      role={spec.kind === 'confirm' || spec.kind === 'error' ? 'alertdialog' : 'dialog'}
      testId={`dialog-${spec.kind}`}
      title={intl.formatMessage({ id: spec.titleId }, spec.values)}
      body={<p>{intl.formatMessage({ id: spec.bodyId }, spec.values)}</p>}
      image={image}
      onDismiss={dismiss ? () => onAction(dismiss) : undefined}
      actions={spec.actions.map((a, i) => ({
        label: intl.formatMessage({ id: a.labelId }),
        onClick: () => onAction(a.action),
        variant: i === spec.actions.length - 1 ? 'primary' : 'secondary',
        pending: pending === a.action,
      }))}
    />
  );
}
