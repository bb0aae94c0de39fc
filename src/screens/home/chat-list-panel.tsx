// Chat tab: the conversations (RxDB `conversations`), pinned first, archived and blocked ones
// left out, each with its last message, a relative time and the unread count.
import { useIntl } from 'react-intl';
import { useNavigate } from '@tanstack/react-router';
import { useConversations, type ConversationDoc } from '../../db/ui-surface';
import { useRemoteFlags } from '../../db/hooks';
import { ConversationRow } from '../../ui/conversation-row';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { previewOf, visibleConversations } from './conversation-preview';
import { listTime, previewText } from './list-format';
import { ChatArt } from './home-art';

function timeOf(c: ConversationDoc): number {
  return c.last_message?.timestamp ?? c.last_activity;
}

export function ChatListPanel() {
  const intl = useIntl();
  const navigate = useNavigate();
  const conversations = useConversations();
  // the remote hidden-bots list (spec part 1 §3) leaves the list too
  const hidden = useRemoteFlags().hidden_bots;
  if (!conversations.loaded) return <Spinner label={intl.formatMessage({ id: 'common.loading' })} />;
  const shown = visibleConversations(conversations.value).filter((c) => !hidden.includes(c.bot_uuid));
  if (shown.length === 0) {
    return <EmptyState illustration={<ChatArt />} title={intl.formatMessage({ id: 'home.chat.empty.title' })} body={intl.formatMessage({ id: 'home.chat.empty.body' })} />;
  }
  const now = Date.now();
  return (
    <section className="home-list" aria-labelledby="home-chat-heading">
      <h2 className="home-list__heading" id="home-chat-heading">
        {intl.formatMessage({ id: 'home.chat.heading' })}
      </h2>
      <ul className="home-list__items home-list__items--rows">
        {shown.map((c) => {
          const at = timeOf(c);
          return (
            <li key={c.bot_uuid}>
              <ConversationRow
                name={c.name}
                icon={c.icon}
                preview={previewText(intl, previewOf(c.last_message))}
                time={at > 0 ? listTime(intl, at, now) : ''}
                dateTime={at > 0 ? new Date(at).toISOString() : undefined}
                unreadCount={c.unread_count}
                unreadLabel={intl.formatMessage({ id: 'home.chat.unread' }, { count: c.unread_count })}
                pinned={c.pinned}
                pinnedLabel={intl.formatMessage({ id: 'home.chat.pinned' })}
                onOpen={() => void navigate({ to: '/chat/$botUuid', params: { botUuid: c.bot_uuid } })}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
