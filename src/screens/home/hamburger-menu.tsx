// The hamburger menu of home (issue 18; its visibility toggle is hamburger_menu_enable): the
// places that have no tab. The QR scanner is new, so it carries a feature highlight (a dot on
// the button, "New" on the item) until the menu has been opened once on this device.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { screenToggleOn } from '../../api/remote-flags';
import { markGuideSeen, useGuide, useRemoteFlags } from '../../db/ui-surface';
import { useT } from '../shared/use-t';
import type { MessageId } from '../../i18n/load-messages';

type MenuPath = '/qr-code-scan' | '/saved-items' | '/my-activity' | '/blocked' | '/archived' | '/settings' | '/faqs';
const ITEMS: readonly { to: MenuPath; label: MessageId }[] = [
  { to: '/qr-code-scan', label: 'menu.qr' },
  { to: '/saved-items', label: 'settings.items.saved' },
  { to: '/my-activity', label: 'menu.activity' },
  { to: '/blocked', label: 'menu.blocked' },
  { to: '/archived', label: 'menu.archived' },
  { to: '/settings', label: 'settings.title' },
  { to: '/faqs', label: 'settings.help.faqs' },
];

export function HamburgerMenu({ onTour }: { onTour: (() => void) | null }) {
  const t = useT();
  const on = screenToggleOn(useRemoteFlags(), 'hamburger_menu');
  const highlight = useGuide('highlight-qr-scan');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // seen once the menu that showed it closes (marking at once would hide "New" as it opens)
    if (wasOpen.current && !open && highlight) void markGuideSeen('highlight-qr-scan');
    wasOpen.current = open;
  }, [open, highlight]);
  useEffect(() => {
    if (!open) return;
    // closes on Escape anywhere and on a press outside it, as menus do
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPress = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [open]);
  if (!on) return null;
  return (
    <div className="hamburger" ref={root}>
      <button ref={button} type="button" className="home-header__logout hamburger__button" aria-haspopup="true" aria-expanded={open} aria-controls={open ? menuId : undefined}
        aria-label={t(highlight ? 'menu.open.new' : 'menu.open')} title={t('menu.open')} onClick={() => setOpen((o) => !o)} data-testid="hamburger-button">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
        {highlight && <span className="hamburger__dot" aria-hidden="true" data-testid="highlight-dot" />}
      </button>
      {open && (
        <nav id={menuId} className="hamburger__panel" aria-label={t('menu.label')}>
          <ul className="hamburger__list">
            {ITEMS.map((item, i) => (
              <li key={item.to}>
                <Link to={item.to} className="hamburger__item" autoFocus={i === 0} onClick={() => setOpen(false)}>
                  {t(item.label)}
                  {item.to === '/qr-code-scan' && highlight && <span className="hamburger__new">{t('menu.new')}</span>}
                </Link>
              </li>
            ))}
            {onTour && (
              <li>
                <button type="button" className="hamburger__item" onClick={() => { setOpen(false); onTour(); }}>{t('menu.tour')}</button>
              </li>
            )}
          </ul>
        </nav>
      )}
    </div>
  );
}
