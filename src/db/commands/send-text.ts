import { messageTooLongError } from '../../domain/errors';
import { failed, ok, type CommandResult } from '../command-result';
import { sendableText } from '../outbox-store';
import { queueMessage } from './queue-message';

/**
 * Sends a text to a bot: durable in the outbox and shown as pending at once, delivered by the
 * engine now or when the network returns. Answers the message's client id. A blank text is
 * nothing to send (ok, no message); one over the limit is refused with its catalogue error.
 */
export async function sendText(botUuid: string, text: string): Promise<CommandResult<string | null>> {
  if (text.trim().length === 0) return ok(null);
  const body = sendableText(text);
  if (body === null) return failed(messageTooLongError());
  return queueMessage(botUuid, { type: 'text', text: { body } });
}
