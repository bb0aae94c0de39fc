import type { CommandResult } from '../command-result';
import { queueIntent } from './rate-message';

/** Saves a message (or one of its parts: index) to the saved items (/bot/save-item), like rateMessage: queued, then sent. */
export function saveMessage(botUuid: string, sk: string, index = 0): Promise<CommandResult> {
  return queueIntent('save', botUuid, sk, index, index);
}
