import type { CommandResult } from '../command-result';
import { queueMessage } from './queue-message';

/** A choice from the bot's persistent menu (a persistent_menu_response), through the outbox. */
export async function sendMenuChoice(botUuid: string, buttonIndex: number): Promise<CommandResult<string>> {
  return queueMessage(botUuid, { type: 'persistent_menu_response', button_index: buttonIndex });
}
