import { useIntl } from 'react-intl';
import type { DialogAction, DialogImage, DialogSpec } from '../domain/error-types';
import { dismissActionOf, orderActions } from './dialog-priority';
import { Dialog } from '../ui/dialog';

const IMAGES: Record<DialogImage, string | undefined> = {
  'no-internet': '/images/no-internet.svg',
  'something-went-wrong': '/images/something-went-wrong.svg',
  'server-error': '/images/server-error.svg',
  update: '/images/update.svg',
  none: undefined,
};

/** Blob URLs of the images, read while the network is up: the no-internet dialog is shown
 *  exactly when /images/no-internet.svg cannot be fetched (until the service worker caches it). */
const inMemory = new Map<string, string>();

export function preloadDialogImages(): void {
  for (const url of Object.values(IMAGES)) {
    if (!url || inMemory.has(url)) continue;
    fetch(url)
      .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(String(r.status)))))
      .then((blob) => inMemory.set(url, URL.createObjectURL(blob)))
      .catch(() => undefined);
  }
}

export interface DialogSpecViewProps {
  spec: DialogSpec;
  onAction: (action: DialogAction) => void;
  pending?: DialogAction | null;
}

/** A catalogue dialog (DialogSpec): its image, texts and buttons, in the user's language. */
export function DialogSpecView({ spec, onAction, pending }: DialogSpecViewProps) {
  const intl = useIntl();
  const dismiss = dismissActionOf(spec);
  const path = IMAGES[spec.image];
  const image = path ? (inMemory.get(path) ?? path) : undefined;
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
