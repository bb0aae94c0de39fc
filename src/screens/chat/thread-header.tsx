// The thread's app bar: back to home, the bot, and a small line on the live connection.
import { useIntl } from 'react-intl';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSyncStatus } from '../../db/ui-surface';
import { SOCKET_STATE } from '../../domain/constants';
import { Avatar } from '../../ui/avatar';
import { useOnline } from '../shared/use-online';

export function ThreadHeader({ name, icon, botUuid }: { name: string; icon: string; botUuid?: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const sync = useSyncStatus();
  const online = useOnline();
  const connection = !online ? 'waiting' : sync.loaded && sync.doc.socketState === SOCKET_STATE.open ? 'online' : 'connecting';
  const back = intl.formatMessage({ id: 'chat.back' });
  return (
    <header className="chat-header">
      <div className="chat-header__inner">
        <button type="button" className="chat-header__back" onClick={() => void navigate({ to: '/home' })} aria-label={back} title={back}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <Avatar name={name || '?'} src={icon} size="small" />
        <div className="chat-header__text">
          <h1 className="chat-header__name">{name || intl.formatMessage({ id: 'chat.title.fallback' })}</h1>
          <p className={`chat-header__connection chat-header__connection--${connection}`}>
            <span className="chat-header__dot" aria-hidden="true" />
            {intl.formatMessage({ id: `chat.connection.${connection}` })}
          </p>
        </div>
        {botUuid && (
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
