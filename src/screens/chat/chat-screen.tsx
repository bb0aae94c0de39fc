// The chat thread (spec part 1 §2 "Chat thread", §4 "Sending a message", "Message loading"):
// the bot's messages from RxDB, newest at the bottom, older ones on request, and the input.
// Opening tells the engine the conversation is on screen (it loads the first page, marks read);
// leaving closes it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { closeConversation, loadOlderMessages, openConversation, useBot, useConversation, useThread, type MessageDoc } from '../../db/ui-surface';
import { MESSAGES_PAGE_SIZE } from '../../domain/constants';
import { ThreadHeader } from './thread-header';
import { MessageList } from './message-list';
import { ChatComposer } from './chat-composer';
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
  const [loadingOlder, setLoadingOlder] = useState(false);
  const thread = useThread(botUuid, limit);

  useEffect(() => {
    void openConversation(botUuid);
    return () => void closeConversation(botUuid);
  }, [botUuid]);

  const name = conversation.value?.name || bot.value?.name || '';
  const icon = conversation.value?.icon || bot.value?.icon || '';
  // A raised limit is a new query that starts unloaded: keep showing the messages read before
  // (no flash of an empty list, and the scroll position survives).
  const shown = useRef<MessageDoc[] | null>(null);
  if (thread.loaded) shown.current = thread.value;
  const messages = shown.current ?? thread.value;
  const loaded = shown.current !== null;
  // More stored than shown (the query filled its limit), or the server has older ones; kept while
  // a load runs so the button does not blink.
  const moreStored = messages.length >= limit;
  const moreOnServer = conversation.value !== null && !conversation.value.history_complete && messages.length > 0;
  const hasOlder = loadingOlder || (thread.loaded && (moreStored || moreOnServer));

  const onLoadOlder = useCallback(() => {
    setLimit((l) => l + MESSAGES_PAGE_SIZE);
    setLoadingOlder(true);
    void loadOlderMessages(botUuid).finally(() => setLoadingOlder(false));
  }, [botUuid]);

  return (
    <div className="chat">
      <ThreadHeader name={name} icon={icon} botUuid={botUuid} />
      <main className="chat__main">
        <MessageList botUuid={botUuid} botName={name} messages={messages} loaded={loaded} hasOlder={hasOlder} loadingOlder={loadingOlder} onLoadOlder={onLoadOlder} />
        <ChatComposer botUuid={botUuid} lastMessage={messages.at(-1) ?? null} />
      </main>
    </div>
  );
}
