// What each message renderer of the thread gets (message-content.tsx hands it over).
import type { MessageDoc } from '../../../db/ui-surface';

export interface MessageContext {
  doc: MessageDoc;
  /** The thread's messages (oldest first) and this one's place there. */
  docs: readonly MessageDoc[];
  index: number;
  isLast: boolean;
  botUuid: string;
  botName: string;
  botIcon: string;
  /** The bot's picture shows beside this message (first one, or after a 5-minute gap). */
  showPicture: boolean;
  /** The list's clock (ticks each minute): relative times and ttl read it. */
  now: number;
}
