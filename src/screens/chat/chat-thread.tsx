// The chat thread (spec part 1 §2 "Chat thread", §4 "Sending a message", "Message loading"):
// the bot's messages from RxDB, newest at the bottom, and the input. The thread reads a window
// of stored messages (useThreadWindow: the newest page live, then one stored page more each time
// the user nears the top), and when everything stored is shown an older page is fetched
// (thread-window.ts olderStep). Opening tells the engine the conversation is on screen (it
// loads the first page, marks read); the unread count is read just before, for the marker. The
// newest bot message seen at the bottom is sent as the read mark (markConversationRead), so other
// devices show the chat as read.
// While the user has blocked the bot, the input gives way to what the block means and Unblock.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  closeConversation,
  loadNewerMessages,
  loadOlderMessages,
  markConversationRead,
  openConversation,
  readUnreadCount,
  useBot,
  useConversation,
  useScreenPainted,
  useThreadWindow,
  markBoot,
} from '../../db/ui-surface';
import { ThreadHeader } from './thread-header';
import { MessageList } from './message-list';
import { ChatComposer } from './chat-composer';
import { BlockedBar } from './blocked-bar';
import { ThreadBlockedContext } from './thread-blocked';
import { firstUnreadId, olderStep } from './thread-window';
import { activeMenu } from './thread-items';
import { useOnline } from '../shared/use-online';
import { READ_MARK_DEBOUNCE_MS } from '../../domain/constants';
import './chat.css';

/**
 * One bot's thread. `standalone`: the single-bot app (src/screens/standalone): no way back to the
 * home screen or to the bot's profile (and from there to other bots); `onLeave`, when given, is
 * the one way out: to the full app's sign-in.
 */
export function ChatThread({ botUuid, standalone = false, onLeave }: { botUuid: string; standalone?: boolean; onLeave?: (() => void) | undefined }) {
  const conversation = useConversation(botUuid);
  const bot = useBot(botUuid);
  const [fetching, setFetching] = useState(false);
  // The unread count when the thread opened (it places the unread marker), taken before
  // openConversation marks the conversation read: from the conversation the first render already
  // holds (a cold start's or a tap's prefetch leaves it in RxDB's cache), else read from the database.
  const [openedWith, setOpenedWith] = useState<{ bot: string; unread: number } | null>(() =>
    conversation.loaded ? { bot: botUuid, unread: conversation.value?.unread_count ?? 0 } : null,
  );
  const countedAtMount = useRef(openedWith);
  const thread = useThreadWindow(botUuid);
  // a mark for bench/thread-open.bench.ts's breakdown of a cold open
  markBoot('thread-render');

  useEffect(() => {
    let live = true;
    const counted =
      countedAtMount.current?.bot === botUuid
        ? Promise.resolve()
        : readUnreadCount(botUuid)
            .catch(() => 0)
            .then((unread) => {
              if (live) setOpenedWith({ bot: botUuid, unread });
            });
    void counted.then(() => openConversation(botUuid));
    return () => {
      live = false;
      void closeConversation(botUuid);
    };
  }, [botUuid]);

  const name = conversation.value?.name || bot.value?.name || '';
  const icon = conversation.value?.icon || bot.value?.icon || '';
  const unreadAtOpen = openedWith?.bot === botUuid ? openedWith.unread : null;
  const messages = thread.messages;
  const loaded = thread.loaded && unreadAtOpen !== null;
  // a cold start on this thread starts the sync worker once it is painted (src/main.tsx)
  useScreenPainted(loaded);

  // The marker's place is decided once, on the first window that holds messages.
  const anchor = useRef<string | null | undefined>(undefined);
  if (anchor.current === undefined && loaded && messages.length > 0) anchor.current = firstUnreadId(messages, unreadAtOpen ?? 0);
  const unreadAnchorId = anchor.current ?? null;

  const state = useRef({ olderStored: false, reading: false, historyComplete: false, fetching });
  state.current = { olderStored: thread.olderStored, reading: thread.reading, historyComplete: conversation.value?.history_complete ?? false, fetching };
  const { readOlder } = thread;
  // A failed page (offline, server error) is not retried in a loop while the user stays at the
  // top: the next try waits for the network to come back (or the thread to change).
  const online = useOnline();
  const olderFailed = useRef(false);
  useEffect(() => {
    olderFailed.current = false;
  }, [online, messages.length]);
  const onNearTop = useCallback(() => {
    const step = olderStep(state.current);
    if (step === 'read') readOlder();
    if (step !== 'fetch' || olderFailed.current) return;
    // the window reads the page in as soon as it is stored
    setFetching(true);
    void loadOlderMessages(botUuid)
      .then((r) => {
        if (!r.ok) olderFailed.current = true;
      })
      .finally(() => setFetching(false));
  }, [botUuid, readOlder]);
  const forwardToken = conversation.value?.forward_token ?? null;
  const fetchingNewer = useRef(false);
  const onNearBottom = useCallback(() => {
    if (!forwardToken || fetchingNewer.current) return;
    fetchingNewer.current = true;
    void loadNewerMessages(botUuid).finally(() => {
      fetchingNewer.current = false;
    });
  }, [botUuid, forwardToken]);

  // The read mark goes to the server once the newest bot message has stayed in view a moment
  // (a burst of messages or a scroll past the bottom sends one mark, not one per change).
  // Leaving the thread sends a mark still waiting at once.
  const markTimer = useRef<number | undefined>(undefined);
  const pendingMark = useRef<string | null>(null);
  const sendMark = useCallback(() => {
    window.clearTimeout(markTimer.current);
    const sk = pendingMark.current;
    pendingMark.current = null;
    if (sk !== null) void markConversationRead(botUuid, sk);
  }, [botUuid]);
  const onSeen = useCallback((sk: string | null) => {
    window.clearTimeout(markTimer.current);
    pendingMark.current = sk;
    if (sk !== null) markTimer.current = window.setTimeout(sendMark, READ_MARK_DEBOUNCE_MS);
  }, [sendMark]);
  useEffect(() => sendMark, [sendMark]);

  const menu = useMemo(() => activeMenu(messages), [messages]);
  const blocked = conversation.value?.block_time != null;
  const blockedTextId = useId();
  const blockedContext = useMemo(() => (blocked ? { describedBy: blockedTextId } : null), [blocked, blockedTextId]);

  return (
    <div className="chat">
      <ThreadHeader name={name} icon={icon} botUuid={botUuid} standalone={standalone} onLeave={onLeave} />
      <main className="chat__main">
        <ThreadBlockedContext.Provider value={blockedContext}>
        <MessageList
          botUuid={botUuid}
          botName={name}
          botIcon={icon}
          messages={messages}
          loaded={loaded}
          unreadAnchorId={unreadAnchorId}
          loadingOlder={fetching}
          reading={thread.reading}
          onNearTop={onNearTop}
          onNearBottom={onNearBottom}
          onSeen={onSeen}
        />
        </ThreadBlockedContext.Provider>
        {blocked ? (
          <BlockedBar botUuid={botUuid} botName={name} textId={blockedTextId} />
        ) : (
          <ChatComposer botUuid={botUuid} botName={name} lastMessage={messages.at(-1) ?? null} menu={menu} />
        )}
      </main>
    </div>
  );
}
