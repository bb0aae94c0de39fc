import type { DateValue } from '../../api/messages';
import type { CommandResult } from '../command-result';
import { queueMessage } from './queue-message';

/**
 * Answers a date request (spec part 1 §4): day, month and year as integers, through the outbox.
 * The pending request clears itself: the answer follows it in the thread (domain/pending-request).
 */
export async function sendDate(botUuid: string, date: DateValue): Promise<CommandResult<string>> {
  const value: DateValue = { day: Math.trunc(date.day), month: Math.trunc(date.month), year: Math.trunc(date.year) };
  return queueMessage(botUuid, { type: 'date', date: value });
}
