// The bot's persistent menu, as a button in the input area that opens a list of its choices;
// a choice is sent as a persistent_menu_response (solid: repeats within 300 ms are ignored).
// Escape or a second tap closes it; while open the input is read-only (spec part 1 §4).
import { useEffect, useId, useRef } from 'react';
import { useSolidPress } from '../use-button-press';
import './messages.css';

export interface PersistentMenuProps {
  options: readonly { index: number; label: string }[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (index: number) => void;
  labels: { button: string; menu: string };
}

export function PersistentMenu({ options, open, onOpenChange, onChoose, labels }: PersistentMenuProps) {
  const listId = useId();
  const first = useRef<HTMLButtonElement>(null);
  const choose = useRef<(i: number) => void>(() => {});
  const pressed = useRef(-1);
  const guarded = useSolidPress(() => choose.current(pressed.current));
  choose.current = (i) => {
    onOpenChange(false);
    onChoose(i);
  };
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);
  return (
    <div className="msg-menu" onKeyDown={(e) => { if (e.key === 'Escape' && open) { e.stopPropagation(); onOpenChange(false); } }}>
      <button type="button" className="msg-menu__button" aria-expanded={open} aria-controls={listId} onClick={() => onOpenChange(!open)} aria-label={labels.button} title={labels.button}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
      </button>
      {open && (
        <ul className="msg-menu__list" id={listId} aria-label={labels.menu}>
          {options.map((o, i) => (
            <li key={o.index}>
              <button ref={i === 0 ? first : undefined} type="button" className="msg-menu__item" onClick={() => { pressed.current = o.index; guarded(); }}>
                {o.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
