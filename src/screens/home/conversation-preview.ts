// Pure rules of the conversation list (spec part 1 §2, Chat tab): which conversations show,
// in what order, what the preview says and how the time reads. Unit-tested in
// test/unit/ui/conversation-preview.test.ts.
import type { ChatMessage } from '../../api/messages';

export interface ListedConversation {
  archive_time: number | null;
  block_time: number | null;
  pinned: boolean;
  last_activity: number;
}

/** Archived and blocked conversations leave the list; pinned ones come first, each part in the given (most recent first) order. */
export function visibleConversations<C extends ListedConversation>(conversations: readonly C[]): C[] {
  const shown = conversations.filter((c) => c.archive_time === null && c.block_time === null);
  return [...shown.filter((c) => c.pinned), ...shown.filter((c) => !c.pinned)];
}

/** Preview word ids for the message types that have no text of their own. */
export type PreviewWord = 'image' | 'audio' | 'video' | 'document' | 'location' | 'other';

export type Preview =
  | { kind: 'none' }
  | { kind: 'text'; text: string; fromUser: boolean }
  | { kind: 'word'; word: PreviewWord; fromUser: boolean };

const WORDS: Record<string, PreviewWord> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  video_stream: 'video',
  youtube: 'video',
  document: 'document',
  location: 'location',
};

/** What the list shows under a conversation's name for its last message. */
export function previewOf(message: Pick<ChatMessage, 'type' | 'text' | 'from'> | null): Preview {
  if (!message) return { kind: 'none' };
  const fromUser = message.from === 'user';
  const body = message.text?.body?.replace(/\s+/g, ' ').trim();
  if (body) return { kind: 'text', text: body, fromUser };
  return { kind: 'word', word: WORDS[message.type] ?? 'other', fromUser };
}
