import type { CommandResult } from '../command-result';
import { runEngine } from './run-engine';

/** Fetches the next older page of a conversation into the database; `complete` once the first message is stored. */
export function loadOlderMessages(botUuid: string): Promise<CommandResult<{ stored: number; complete: boolean }>> {
  return runEngine('loadOlder', botUuid);
}
