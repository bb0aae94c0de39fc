import type { CommandResult } from '../command-result';
import { runEngine } from './run-engine';

/**
 * The thread screen opened: marks it read and the open one (so its new messages are not counted
 * unread), subscribes when needed, loads the first page or catches up. Offline it still resolves:
 * the stored history shows, and the engine catches up when the connection returns.
 */
export function openConversation(botUuid: string): Promise<CommandResult> {
  return runEngine('openConversation', botUuid);
}

/** The thread screen closed. */
export function closeConversation(botUuid: string): Promise<CommandResult> {
  return runEngine('closeConversation', botUuid);
}
