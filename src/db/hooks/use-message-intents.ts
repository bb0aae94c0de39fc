// The ratings and saves of messages made on this device ('message-intents'), for the thread.
import type { MessageIntentsDoc } from '../local-docs';
import { useLocalDoc } from './use-local-doc';

const NONE: MessageIntentsDoc = { items: [] };

export function useMessageIntents(): MessageIntentsDoc {
  return useLocalDoc('message-intents').doc ?? NONE;
}
