import type { CommandResult } from '../command-result';
import { runEngine } from './run-engine';

/** Fetches newer messages from the conversation's forward token (the thread reached its bottom). */
export function loadNewerMessages(botUuid: string): Promise<CommandResult<{ stored: number }>> {
  return runEngine('loadNewer', botUuid);
}
