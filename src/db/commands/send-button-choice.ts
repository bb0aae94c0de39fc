import type { CommandResult } from '../command-result';
import { queueMessage } from './queue-message';

/** Answers a button message with the chosen option (a button_response), through the outbox. */
export async function sendButtonChoice(botUuid: string, buttonIndex: number): Promise<CommandResult<string>> {
  return queueMessage(botUuid, { type: 'button_response', button_index: buttonIndex });
}
