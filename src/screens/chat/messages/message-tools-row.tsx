import type { MessageContext } from './message-context';

export function MessageToolsRow(_props: { ctx: MessageContext }) {
  return null;
}
