// The conversations a list of the user's bots shows (the Chat tab, /select-bot): archived, blocked
// and remotely hidden bots left out (spec part 1 §2, §3), pinned first. One hook, so the lists
// leave out the same bots: the hidden list is the remote flags' as last fetched, offline too.
import { useConversations, useRemoteFlags, type ConversationDoc } from '../../db/ui-surface';
import { withoutHidden } from '../../domain/discovery';
import { visibleConversations } from '../home/conversation-preview';

export interface ListedConversations {
  loaded: boolean;
  /** Every stored conversation (the Chat tab asks whether any is archived or blocked). */
  all: ConversationDoc[];
  /** The ones the list shows, in its order. */
  shown: ConversationDoc[];
}

export function useListedConversations(): ListedConversations {
  const conversations = useConversations();
  const hidden = useRemoteFlags().hidden_bots;
  return { loaded: conversations.loaded, all: conversations.value, shown: withoutHidden(visibleConversations(conversations.value), hidden) };
}
