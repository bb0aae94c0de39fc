// The app bar of the bot screens: back (to where the user came from, else home) and a title.
import { useIntl } from 'react-intl';
import { useNavigate, useRouter } from '@tanstack/react-router';

export function PageHeader({ title, fallback = '/home' }: { title: string; fallback?: '/home' }) {
  const intl = useIntl();
  const router = useRouter();
  const navigate = useNavigate();
  const back = intl.formatMessage({ id: 'botInfo.back' });
  const goBack = () => {
    if (window.history.length > 1) router.history.back();
    else void navigate({ to: fallback });
  };
  return (
    <header className="bots-header">
      <div className="bots-header__inner">
        <button type="button" className="bots-header__back" onClick={goBack} aria-label={back} title={back}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <h1 className="bots-header__title">{title}</h1>
      </div>
    </header>
  );
}
