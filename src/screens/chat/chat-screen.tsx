// The chat thread (spec part 1 §2 "Chat thread", §4 "Sending a message", "Message loading"):
// the bot's messages from RxDB, newest at the bottom, and the input. The thread reads a window
// of the newest `limit` stored messages (one [pk, rsk] index range read); the limit grows as the
// user nears the top, and when everything stored is shown an older page is fetched
// (thread-window.ts olderStep). Opening tells the engine the conversation is on screen (it
// loads the first page, marks read); the unread count is read just before, for the marker.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from '@tanstack/react-router';
import {
  closeConversation,
  loadNewerMessages,
  loadOlderMessages,
  openConversation,
  readUnreadCount,
  useBot,
  useConversation,
  useThread,
  type MessageDoc,
} from '../../db/ui-surface';
import { MESSAGES_PAGE_SIZE } from '../../domain/constants';
import { ThreadHeader } from './thread-header';
import { MessageList } from './message-list';
import { ChatComposer } from './chat-composer';
import { firstUnreadId, olderStep } from './thread-window';
import { activeMenu } from './thread-items';
import { useOnline } from '../shared/use-online';
import './chat.css';

export default function ChatScreen() {
  const { botUuid } = useParams({ from: '/chat/$botUuid' });
  // A new bot is a new screen: its own limit, scroll position and draft.
  return <ChatThread key={botUuid} botUuid={botUuid} />;
}

function ChatThread({ botUuid }: { botUuid: string }) {
  const conversation = useConversation(botUuid);
  const bot = useBot(botUuid);
  const [limit, setLimit] = useState(MESSAGES_PAGE_SIZE);
  const [fetching, setFetching] = useState(false);
  const [unreadAtOpen, setUnreadAtOpen] = useState<number | null>(null);
  const thread = useThread(botUuid, limit);

  useEffect(() => {
    let live = true;
    void readUnreadCount(botUuid)
      .catch(() => 0)
      .then((n) => {
        if (live) setUnreadAtOpen(n);
        return openConversation(botUuid);
      });
    return () => {
      live = false;
      void closeConversation(botUuid);
    };
  }, [botUuid]);

  const name = conversation.value?.name || bot.value?.name || '';
  const icon = conversation.value?.icon || bot.value?.icon || '';
  // A raised limit is a new query that starts unloaded: keep showing the messages read before
  // (no flash of an empty list, and the scroll position survives).
  const shown = useRef<MessageDoc[] | null>(null);
  if (thread.loaded) shown.current = thread.value;
  const messages = shown.current ?? thread.value;
  const loaded = shown.current !== null && unreadAtOpen !== null;

  // The marker's place is decided once, on the first window that holds messages.
  const anchor = useRef<string | null | undefined>(undefined);
  if (anchor.current === undefined && loaded && messages.length > 0) anchor.current = firstUnreadId(messages, unreadAtOpen ?? 0);
  const unreadAnchorId = anchor.current ?? null;

  const state = useRef({ limit, shown: messages.length, historyComplete: false, fetching, queryLoaded: thread.loaded });
  state.current = { limit, shown: messages.length, historyComplete: conversation.value?.history_complete ?? false, fetching, queryLoaded: thread.loaded };
  // A failed page (offline, server error) is not retried in a loop while the user stays at the
  // top: the next try waits for the network to come back (or the thread to change).
  const online = useOnline();
  const olderFailed = useRef(false);
  useEffect(() => {
    olderFailed.current = false;
  }, [online, messages.length]);
  const onNearTop = useCallback(() => {
    const s = state.current;
    if (!s.queryLoaded) return; // the raised limit is still being read
    const step = olderStep(s);
    if (!step || (step.fetch && olderFailed.current)) return;
    setLimit(step.limit);
    if (step.fetch) {
      setFetching(true);
      void loadOlderMessages(botUuid)
        .then((r) => {
          if (!r.ok) olderFailed.current = true;
        })
        .finally(() => setFetching(false));
    }
  }, [botUuid]);
  const forwardToken = conversation.value?.forward_token ?? null;
  const fetchingNewer = useRef(false);
  const onNearBottom = useCallback(() => {
    if (!forwardToken || fetchingNewer.current) return;
    fetchingNewer.current = true;
    void loadNewerMessages(botUuid).finally(() => {
      fetchingNewer.current = false;
    });
  }, [botUuid, forwardToken]);

  const menu = useMemo(() => activeMenu(messages), [messages]);

  return (
    <div className="chat">
      <ThreadHeader name={name} icon={icon} botUuid={botUuid} />
      <main className="chat__main">
        <MessageList
          botUuid={botUuid}
          botName={name}
          botIcon={icon}
          messages={messages}
          loaded={loaded}
          unreadAnchorId={unreadAnchorId}
          loadingOlder={fetching}
          reading={!thread.loaded}
          onNearTop={onNearTop}
          onNearBottom={onNearBottom}
        />
        <ChatComposer botUuid={botUuid} botName={name} lastMessage={messages.at(-1) ?? null} menu={menu} />
      </main>
    </div>
  );
}
