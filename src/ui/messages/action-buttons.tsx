// The buttons of an action message or a card (spec part 1 §3 action types): website opens an
// https address in a new tab (any other scheme is not followed: the button is left out), email a
// mailto: link, phone_number a tel: link, view_cart the bot's cart screen (through onViewCart).
// A website ("web") button can also tell the bot it was tapped (onWebTap): the screens pass it
// when the remote flag web_button_tap_to_send_flag (action messages) or its _2 (cards) is on.
import type { ActionButton } from '../../api/messages';
import { useSolidPress } from '../use-button-press';
import './messages.css';

export function actionHref(action: ActionButton['action']): string | null {
  const value = (action.value ?? '').trim();
  switch (action.type) {
    case 'website': {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' ? url.href : null;
      } catch {
        return null;
      }
    }
    case 'email':
      return /^[^\s@/?#:]+@[^\s@/?#:]+$/.test(value) ? `mailto:${value}` : null;
    case 'phone_number':
      return /^\+?[0-9 ()-]{3,20}$/.test(value) ? `tel:${value.replace(/[ ()-]/g, '')}` : null;
    default:
      return null;
  }
}

function ViewCartButton({ label, onViewCart }: { label: string; onViewCart: () => void }) {
  const press = useSolidPress(onViewCart);
  return (
    <button type="button" className="msg-solid" onClick={press}>
      {label}
    </button>
  );
}

export interface ActionButtonsProps {
  buttons: readonly ActionButton[];
  onViewCart: () => void;
  /** Accessible name of the group. */
  label: string;
  /** Spoken after a link that opens a new tab. */
  newTabHint: string;
  /** Called when a website button is tapped (the link opens as well). */
  onWebTap?: ((button: ActionButton) => void) | undefined;
}

export function ActionButtons({ buttons, onViewCart, label, newTabHint, onWebTap }: ActionButtonsProps) {
  return (
    <div className="msg-actions" role="group" aria-label={label}>
      {buttons.map((b, i) => {
        if (b.action.type === 'view_cart') return <ViewCartButton key={i} label={b.body} onViewCart={onViewCart} />;
        const href = actionHref(b.action);
        if (href === null) return null;
        const external = b.action.type === 'website';
        return (
          <a key={i} className="msg-solid msg-solid--link" href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            {...(external && onWebTap ? { onClick: () => onWebTap(b) } : {})}>
            {b.body}
            {external ? <span className="visually-hidden"> ({newTabHint})</span> : null}
          </a>
        );
      })}
    </div>
  );
}
