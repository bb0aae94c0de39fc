// The chat route /chat/<bot>: one bot's thread (chat-thread.tsx) in the member app.
import { useParams } from '@tanstack/react-router';
import { ChatThread } from './chat-thread';

export default function ChatScreen() {
  const { botUuid } = useParams({ from: '/chat/$botUuid' });
  // A new bot is a new screen: its own window, scroll position and draft.
  return <ChatThread key={botUuid} botUuid={botUuid} />;
}
