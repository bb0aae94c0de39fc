import { messageTooLongError } from '../../domain/errors';
import { getClient } from '../client';
import { failed, ok, type CommandResult } from '../command-result';
import { getLocalDoc } from '../local-store';
import { enqueueMessage, sendableText } from '../outbox-store';
import { runEngine } from './run-engine';

/**
 * Sends a text to a bot: durable in the outbox and shown as pending at once, delivered by the
 * engine now or when the network returns. Answers the message's client id. A blank text is
 * nothing to send (ok, no message); one over the limit is refused with its catalogue error.
 */
export async function sendText(botUuid: string, text: string): Promise<CommandResult<string | null>> {
  const { db } = getClient();
  if (text.trim().length === 0) return ok(null);
  const body = sendableText(text);
  if (body === null) return failed(messageTooLongError());
  const owner = (await getLocalDoc(db, 'session'))?.mobile ?? '';
  const id = await enqueueMessage(db, { botUuid, payload: { type: 'text', text: { body } }, owner, now: Date.now() });
  void runEngine('syncNow');
  return ok(id);
}
