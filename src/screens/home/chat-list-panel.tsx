// Chat tab, the recent activity (spec part 1 §2, §7 get-recent-activity-page): the conversations
// (RxDB `conversations`, which recent activity and the chat lists fill), pinned first, then by last
// activity, archived, blocked and remotely hidden bots left out, each with its last message, a
// relative time, the unread count and a mark while muted; then the user's mini apps from the
// stored recent activity (unless the remote flag support_bot_mini_apps_hidden hides them); and,
// with in_app_review_flag on, a one-time ask to rate a bot the user has talked with.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from '@tanstack/react-router';
import { CHAT_LIST_FIRST_ROWS, isScreenPainted, markBoot, prefetchThread, useFeatureGate, useRecentActivity, useScreenPainted, type ConversationDoc } from '../../db/ui-surface';
import { isMuted } from '../../domain/bot-rules';
import { MiniAppRow } from './mini-app-row';
import { ReviewPrompt } from './review-prompt';
import { ConversationRow } from '../../ui/conversation-row';
import { ChatRows } from './chat-rows';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { previewOf } from './conversation-preview';
import { useListedConversations } from '../shared/use-listed-conversations';
import { listTime, previewText } from './list-format';
import { ChatArt } from './home-art';
import { ActionToast } from '../bots/action-toast';


function timeOf(c: ConversationDoc): number {
  return c.last_message?.timestamp ?? c.last_activity;
}

export function ChatListPanel() {
  const intl = useIntl();
  const navigate = useNavigate();
  markBoot('chat-list-mount');
  // Only a cold start's first screen reads its first screenful of rows alone; a later showing (back
  // from a chat, a tab switch) reads every row at once, so the list is already as tall as it will
  // be when the router restores the scroll position (with 20 rows first, it clamped to them).
  const [first] = useState(() => (isScreenPainted() ? undefined : CHAT_LIST_FIRST_ROWS));
  const conversations = useListedConversations(first);
  const activity = useRecentActivity();
  const gate = useFeatureGate();
  useScreenPainted(conversations.loaded);
  // (the first rows may all be remotely hidden bots: no empty state until every row is read)
  if (!conversations.loaded || (conversations.shown.length === 0 && !conversations.complete)) return <Spinner label={intl.formatMessage({ id: 'common.loading' })} />;
  const shown = conversations.shown;
  // support_bot_mini_apps_hidden: the Chat tab keeps to the bots (the mini apps stay in Discover)
  const miniApps = gate.supportBotMiniAppsHidden ? [] : activity.value?.payload.mini_app_subscription_list ?? [];
  // the blocked and archived lists, shown when there is something in them
  const hasArchived = conversations.all.some((c) => c.archive_time !== null && c.block_time === null);
  const hasBlocked = conversations.all.some((c) => c.block_time !== null);
  const lists = (hasArchived || hasBlocked) && (
    <p className="home-list__more">
      {hasArchived && <Link to="/archived" className="home-list__more-link">{intl.formatMessage({ id: 'lists.archived.title' })}</Link>}
      {hasBlocked && <Link to="/blocked" className="home-list__more-link">{intl.formatMessage({ id: 'lists.blocked.title' })}</Link>}
    </p>
  );
  if (shown.length === 0 && miniApps.length === 0) {
    return (
      <>
        <EmptyState illustration={<ChatArt />} title={intl.formatMessage({ id: 'home.chat.empty.title' })} body={intl.formatMessage({ id: 'home.chat.empty.body' })} />
        {lists}
        <ActionToast />
      </>
    );
  }
  markBoot('chat-list-render');
  const now = Date.now();
  return (
    <section className="home-list" aria-labelledby="home-chat-heading">
      <h2 className="home-list__heading" id="home-chat-heading">
        {intl.formatMessage({ id: 'home.chat.heading' })}
      </h2>
      <ReviewPrompt conversations={shown} />
      <ChatRows
        rows={shown}
        keyOf={(c) => c.bot_uuid}
        render={(c) => {
          const at = timeOf(c);
          return (
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
              muted={isMuted(c, now)}
              mutedLabel={intl.formatMessage({ id: 'home.chat.muted' })}
              onOpen={() => void navigate({ to: '/chat/$botUuid', params: { botUuid: c.bot_uuid } })}
              onIntent={() => prefetchThread(c.bot_uuid)}
            />
          );
        }}
      />
      <MiniAppRow apps={miniApps} headingId="home-chat-mini-apps" heading={intl.formatMessage({ id: 'home.chat.miniApps' })} />
      {lists}
      <ActionToast />
    </section>
  );
}
