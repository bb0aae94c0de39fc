// The conversations a list of the user's bots shows (the Chat tab, /select-bot): archived, blocked
// and remotely hidden bots left out (spec part 1 §2, §3), pinned first. One hook, so the lists
// leave out the same bots: the hidden list is the remote flags' as last fetched, offline too.
import { useConversationRows, useRemoteFlags, type ConversationDoc } from '../../db/ui-surface';
import { withoutHidden } from '../../domain/discovery';
import { visibleConversations } from '../home/conversation-preview';

export interface ListedConversations {
  loaded: boolean;
  /** Every stored conversation (the Chat tab asks whether any is archived or blocked). */
  all: ConversationDoc[];
  /** The ones the list shows, in its order. */
  shown: ConversationDoc[];
  /** `all` holds every stored conversation (with `first`: only from the frame after the first). */
  complete: boolean;
}

/** With `first`, the first frame gets only the first `first` conversations (useConversationRows). */
export function useListedConversations(first?: number): ListedConversations {
  const rows = useConversationRows(first);
  const hidden = useRemoteFlags().hidden_bots;
  const all = rows.value.docs;
  return { loaded: rows.loaded, all, shown: withoutHidden(visibleConversations(all), hidden), complete: rows.value.complete };
}
