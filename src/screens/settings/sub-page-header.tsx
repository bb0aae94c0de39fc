// The header of the pages settings opens (feedback, FAQs, terms): a back button to settings and
// the page title, styled as the settings header.
import { useIntl } from 'react-intl';
import { useNavigate } from '@tanstack/react-router';
import './settings.css';

export function SubPageHeader({ title }: { title: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const back = intl.formatMessage({ id: 'settings.back' });
  return (
    <header className="settings-header">
      <div className="settings-header__inner">
        <button type="button" className="settings-header__back" onClick={() => void navigate({ to: '/settings' })} aria-label={back} title={back}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" /></svg>
        </button>
        <h1 className="settings-header__title">{title}</h1>
      </div>
    </header>
  );
}
