// Saved items: the list's pages, unsave (at once, with undo) and undo. The
// engine does the work (src/sync/saved-items-sync.ts); the screen observes 'saved-items'.
import type { CommandResult } from '../command-result';
import { runEngine } from './run-engine';

/** The first page for a bot (or all: null); more: the next page of the list shown. */
export function loadSavedItems(filter: string | null, more = false): Promise<CommandResult<{ count: number; hasMore: boolean }>> {
  return runEngine('loadSavedItems', filter, more);
}

export function unsaveSavedItem(savedItemUuid: string): Promise<CommandResult> {
  return runEngine('unsaveSavedItem', savedItemUuid);
}

export function undoUnsaveSavedItem(savedItemUuid: string): Promise<CommandResult> {
  return runEngine('undoUnsaveSavedItem', savedItemUuid);
}

export function dismissSavedItemsNotice(): Promise<CommandResult> {
  return runEngine('dismissSavedItemsNotice');
}
