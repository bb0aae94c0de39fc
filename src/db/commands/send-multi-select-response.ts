import type { MultiSelectReply } from '../../domain/multi-select';
import type { CommandResult } from '../command-result';
import { queueMessage } from './queue-message';

/** Answers a multi_select_button message (the chosen indices, an optional custom text) through the outbox. */
export async function sendMultiSelectResponse(botUuid: string, reply: MultiSelectReply): Promise<CommandResult<string>> {
  return queueMessage(botUuid, { type: 'multi_select_button_response', ...reply });
}
