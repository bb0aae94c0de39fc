// The thread's app bar: back to home, the bot, and a small line on the live connection. In the
// standalone (single-bot) app there is nowhere else to go: no back button, no profile link, and
// the language switcher instead (there is no settings screen in that mode), and, outside an
// embedding page's frame, a way out to the full app's sign-in.
import { useIntl } from 'react-intl';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSyncStatus } from '../../db/ui-surface';
import { SOCKET_STATE } from '../../domain/constants';
import { Avatar } from '../../ui/avatar';
import { useOnline } from '../shared/use-online';
import { LanguageSwitcher } from '../shared/language-switcher';

export function ThreadHeader({ name, icon, botUuid, standalone = false, onLeave }: { name: string; icon: string; botUuid?: string; standalone?: boolean; onLeave?: (() => void) | undefined }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const sync = useSyncStatus();
  const online = useOnline();
  const connection = !online ? 'waiting' : sync.loaded && sync.doc.socketState === SOCKET_STATE.open ? 'online' : 'connecting';
  const back = intl.formatMessage({ id: 'chat.back' });
  return (
    <header className="chat-header">
      <div className={`chat-header__inner${standalone ? ' chat-header__inner--standalone' : ''}`}>
        {!standalone && <button type="button" className="chat-header__back" onClick={() => void navigate({ to: '/home' })} aria-label={back} title={back}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>}
        <Avatar name={name || '?'} src={icon} size="small" />
        <div className="chat-header__text">
          <h1 className="chat-header__name">{name || intl.formatMessage({ id: 'chat.title.fallback' })}</h1>
          <p className={`chat-header__connection chat-header__connection--${connection}`}>
            <span className="chat-header__dot" aria-hidden="true" />
            {intl.formatMessage({ id: `chat.connection.${connection}` })}
          </p>
        </div>
        {/* standalone: no settings screen to reach, so the language is chosen here */}
        {standalone && <LanguageSwitcher tone="on-brand" />}
        {/* standalone: this bot's saved items (the member app has them in its menu) */}
        {standalone && (
          <Link to="/saved-items" className="chat-header__back" aria-label={intl.formatMessage({ id: 'savedItems.title' })} title={intl.formatMessage({ id: 'savedItems.title' })}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M7 4h10a1 1 0 0 1 1 1v15l-6-4-6 4V5a1 1 0 0 1 1-1z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
            </svg>
          </Link>
        )}
        {standalone && onLeave && (
          <button type="button" className="chat-header__back" onClick={onLeave}
            aria-label={intl.formatMessage({ id: 'standalone.leave' })} title={intl.formatMessage({ id: 'standalone.leave' })}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M9 16l-4-4 4-4M5 12h10" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        )}
        {botUuid && !standalone && (
          <Link to="/bot-info" search={{ bot: botUuid }} className="chat-header__back" aria-label={intl.formatMessage({ id: 'chat.header.info' })} title={intl.formatMessage({ id: 'chat.header.info' })}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </Link>
        )}
      </div>
    </header>
  );
}
