import { getClient } from '../client';
import { ok, type CommandResult } from '../command-result';
import { getLocalDoc } from '../local-store';
import { enqueueMessage } from '../outbox-store';
import { runEngine } from './run-engine';

/** Answers a button message with the chosen option (a button_response), through the outbox. */
export async function sendButtonChoice(botUuid: string, buttonIndex: number): Promise<CommandResult<string>> {
  const { db } = getClient();
  const owner = (await getLocalDoc(db, 'session'))?.mobile ?? '';
  const id = await enqueueMessage(db, { botUuid, payload: { type: 'button_response', button_index: buttonIndex }, owner, now: Date.now() });
  void runEngine('syncNow');
  return ok(id);
}
