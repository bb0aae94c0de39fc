import { useIntl } from 'react-intl';
import type { DialogAction, DialogImage, DialogSpec } from '../domain/error-types';
import { dismissActionOf, orderActions } from './dialog-priority';
import { Dialog } from '../ui/dialog';
import noInternetImage from './images/no-internet.svg?inline';
import somethingWentWrongImage from './images/something-went-wrong.svg?inline';
import serverErrorImage from './images/server-error.svg?inline';
import updateImage from './images/update.svg?inline';

// Inlined into the bundle as data URLs (each under 1 KB): the no-internet dialog shows exactly
// when nothing can be fetched, so its picture must not need the network.
const IMAGES: Record<DialogImage, string | undefined> = {
  'no-internet': noInternetImage,
  'something-went-wrong': somethingWentWrongImage,
  'server-error': serverErrorImage,
  update: updateImage,
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
  const actions = orderActions(spec);
  return (
    <Dialog
      role={spec.kind === 'confirm' || spec.kind === 'error' ? 'alertdialog' : 'dialog'}
      testId={`dialog-${spec.kind}`}
      title={intl.formatMessage({ id: spec.titleId }, spec.values)}
      body={<p>{intl.formatMessage({ id: spec.bodyId }, spec.values)}</p>}
      image={image}
      onDismiss={dismiss ? () => onAction(dismiss) : undefined}
      actions={actions.map((a, i) => ({
        label: intl.formatMessage({ id: a.labelId }),
        onClick: () => onAction(a.action),
        variant: i === actions.length - 1 ? 'primary' : 'secondary',
        pending: pending === a.action,
      }))}
    />
  );
}
