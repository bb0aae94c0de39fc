import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from './focus-trap';
import './button.css';
import './dialog.css';

export interface DialogAction {
  label: string;
  onClick: () => void;
  variant?: 'primary' | 'secondary' | 'text' | 'danger';
  /** Gets focus when the dialog opens (otherwise the first button does). */
  autoFocus?: boolean;
  pending?: boolean;
}

export interface DialogProps {
  title: string;
  body?: ReactNode;
  /** URL of an illustration shown above the title (decorative). */
  image?: string;
  actions: DialogAction[];
  /** Escape and a tap on the backdrop call this; without it the dialog can only be left by its buttons. */
  onDismiss?: () => void;
  /** alertdialog for errors and confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  /** For tests and e2e selectors. */
  testId?: string;
  /** The body is read as the dialog's description (aria-describedby); turn off when it holds controls. */
  describeWithBody?: boolean;
}

/** A modal dialog: role=dialog, aria-modal, labelled by its title, focus kept inside and
 *  returned on close, the page behind inert. Rendered while mounted. */
export function Dialog({ title, body, image, actions, onDismiss, role = 'dialog', testId, describeWithBody = true }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  useModalFocus(ref, onDismiss);
  const layout = actions.length > 2 ? 'stack' : 'row';
  return createPortal(
    <div className="dialog-layer">
      <div className="dialog-backdrop" aria-hidden="true" onClick={onDismiss} />
      <div
        ref={ref}
        className="dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={body && describeWithBody ? `${id}-body` : undefined}
        tabIndex={-1}
        data-testid={testId}
      >
        {image && <img className="dialog__image" src={image} alt="" width={120} height={120} />}
        <h2 id={`${id}-title`} className="dialog__title">
          {title}
        </h2>
        {body && (
          <div id={`${id}-body`} className="dialog__body">
            {body}
          </div>
        )}
        <div className={`dialog__actions dialog__actions--${layout}`}>
          {actions.map((a, i) => (
            <button
              key={i}
              type="button"
              className={`btn btn--${a.variant ?? (i === actions.length - 1 ? 'primary' : 'secondary')} dialog__button`}
              onClick={a.pending ? undefined : a.onClick}
              aria-busy={a.pending || undefined}
              data-autofocus={a.autoFocus ? '' : undefined}
            >
              <span className="btn__label">{a.label}</span>
            </button>
          ))}
        </div>
      </div>
    </div>,
    document.body,
  );
}
