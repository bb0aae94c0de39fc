// The app bar of the screens below home (bot profile, lists, catalogue, cart, settings): back
// (to where the user came from, else the fallback), a title, and optional actions at the end.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useRouter } from '@tanstack/react-router';
import './page-header.css';

export interface PageHeaderProps {
  title: string;
  /** Where back goes when there is no history to go back to (a link opened in a new tab). */
  onFallback: () => void;
  /** Controls at the end of the bar (e.g. the cart with its count). */
  actions?: ReactNode;
}

export function PageHeader({ title, onFallback, actions }: PageHeaderProps) {
  const intl = useIntl();
  const router = useRouter();
  const back = intl.formatMessage({ id: 'common.back' });
  const goBack = () => {
    if (window.history.length > 1) router.history.back();
    else onFallback();
  };
  return (
    <header className="page-header">
      <div className="page-header__inner">
        <button type="button" className="page-header__icon" onClick={goBack} aria-label={back} title={back}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <h1 className="page-header__title">{title}</h1>
        {actions}
      </div>
    </header>
  );
}
