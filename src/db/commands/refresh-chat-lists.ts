import type { CommandResult } from '../command-result';
import { runEngine } from './run-engine';

/** Reads the conversation list and the suggested bots from the server into the database. */
export function refreshChatLists(): Promise<CommandResult> {
  return runEngine('refreshChatLists');
}
