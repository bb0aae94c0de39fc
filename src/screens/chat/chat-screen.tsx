// The chat thread (spec part 1 §2 "Chat thread", §4 "Sending a message", "Message loading"):
// the bot's messages from RxDB, newest at the bottom, older ones on request, and the input.
// Opening tells the engine the conversation is on screen (it loads the first page, marks read);
// leaving closes it.
import { useCallback, useEffect, useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { closeConversation, loadOlderMessages, openConversation, useBot, useConversation, useThread } from '../../db/ui-surface';
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
  const messages = thread.value;
  const allStoredShown = messages.length < limit;
  const hasOlder = !allStoredShown || (conversation.value !== null && !conversation.value.history_complete && messages.length > 0);

  const onLoadOlder = useCallback(() => {
    setLimit((l) => l + MESSAGES_PAGE_SIZE);
    setLoadingOlder(true);
    void loadOlderMessages(botUuid).finally(() => setLoadingOlder(false));
  }, [botUuid]);

  return (
    <div className="chat">
      <ThreadHeader name={name} icon={icon} />
      <main className="chat__main">
        <MessageList botUuid={botUuid} botName={name} messages={messages} loaded={thread.loaded} hasOlder={hasOlder} loadingOlder={loadingOlder} onLoadOlder={onLoadOlder} />
        <ChatComposer botUuid={botUuid} lastMessage={messages.at(-1) ?? null} />
      </main>
    </div>
  );
}
