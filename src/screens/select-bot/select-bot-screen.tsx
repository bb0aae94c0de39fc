// /select-bot (spec part 1 §2): a chooser of the bots the user subscribed to; a tap opens the
// bot's chat. It needs no call of its own: the subscribed bots are the conversations the chat
// lists and recent activity keep in RxDB, less those the Chat tab leaves out too
// (use-listed-conversations.ts), so it works offline too.
import { useIntl } from 'react-intl';
import { useNavigate } from '@tanstack/react-router';
import { Avatar } from '../../ui/avatar';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { useListedConversations } from '../shared/use-listed-conversations';
import './select-bot.css';

export default function SelectBotScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const conversations = useListedConversations();
  const back = intl.formatMessage({ id: 'common.back' });
  const bots = conversations.shown;
  return (
    <div className="select-bot">
      <header className="select-bot__header">
        <button type="button" className="select-bot__back" onClick={() => void navigate({ to: '/home' })} aria-label={back} title={back}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <h1 className="select-bot__title">{intl.formatMessage({ id: 'selectBot.title' })}</h1>
      </header>
      <main className="select-bot__main">
        {!conversations.loaded ? (
          <Spinner label={intl.formatMessage({ id: 'common.loading' })} />
        ) : bots.length === 0 ? (
          <EmptyState
            title={intl.formatMessage({ id: 'selectBot.empty.title' })}
            body={intl.formatMessage({ id: 'selectBot.empty.body' })}
            action={
              <button type="button" className="select-bot__discover" onClick={() => void navigate({ to: '/home' })}>
                {intl.formatMessage({ id: 'selectBot.discover' })}
              </button>
            }
          />
        ) : (
          <ul className="select-bot__list">
            {bots.map((c) => (
              <li key={c.bot_uuid}>
                <button
                  type="button"
                  className="select-bot__item"
                  aria-label={intl.formatMessage({ id: 'selectBot.open' }, { name: c.name })}
                  onClick={() => void navigate({ to: '/chat/$botUuid', params: { botUuid: c.bot_uuid } })}
                >
                  <Avatar name={c.name || '?'} src={c.icon} />
                  <span className="select-bot__name">{c.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
