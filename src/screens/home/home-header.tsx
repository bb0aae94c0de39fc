import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@tanstack/react-router';
import { logout } from '../../db/ui-surface';
import { MSG } from '../../domain/errors';
import { useConfirm } from '../../app/confirm';
import { Brand } from '../shared/brand';
import { LanguageSwitcher } from '../shared/language-switcher';
import { useOnline } from '../shared/use-online';
import { HamburgerMenu } from './hamburger-menu';

/** The app bar: name, language switcher, the menu, and logout (confirmed first). */
export function HomeHeader({ onTour = null }: { onTour?: (() => void) | null }) {
  const intl = useIntl();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const onLogout = async () => {
    const ok = await confirm({
      title: intl.formatMessage({ id: MSG.logout.title }),
      body: intl.formatMessage({ id: MSG.logout.body }),
      denyLabel: intl.formatMessage({ id: MSG.logout.decline }),
      allowLabel: intl.formatMessage({ id: MSG.logout.accept }),
      destructive: true,
    });
    if (!ok) return;
    setBusy(true);
    // Signed out even when the call fails (spec part 1 §4); the route guard then shows login.
    await logout();
    setBusy(false);
  };
  const label = intl.formatMessage({ id: 'home.logout' });
  const online = useOnline();
  return (
    <header className="home-header">
      <div className="home-header__inner">
        <Brand tone="on-brand" />
        <div className="home-header__actions">
          {!online && (
            <span className="home-header__offline" data-testid="home-offline-indicator">
              <span className="home-header__offline-dot" aria-hidden="true" />
              <span className="home-header__offline-text">{intl.formatMessage({ id: 'home.offline.indicator' })}</span>
            </span>
          )}
          <LanguageSwitcher tone="on-brand" />
          <HamburgerMenu onTour={onTour} />
          <Link to="/settings" className="home-header__logout" aria-label={intl.formatMessage({ id: 'settings.title' })} title={intl.formatMessage({ id: 'settings.title' })}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M12 15.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" fill="none" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          </Link>
          <button type="button" className="home-header__logout" onClick={() => void onLogout()} disabled={busy} aria-label={label} title={label}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span className="home-header__logout-text" aria-hidden="true">
              {label}
            </span>
          </button>
        </div>
      </div>
    </header>
  );
}
