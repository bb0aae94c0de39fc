// The saved items read so far ('saved-items', written by the engine), for the /saved-items screen.
import type { SavedItemsDoc } from '../local-docs';
import { useLocalDoc } from './use-local-doc';

const NONE: SavedItemsDoc = { filter: null, items: [], hasMore: false, filters: [], fetchedAt: null, unsaved: [], notice: null };

export function useSavedItems(): { loaded: boolean; doc: SavedItemsDoc } {
  const { loaded, doc } = useLocalDoc('saved-items');
  return { loaded, doc: doc ?? NONE };
}
