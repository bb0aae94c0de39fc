import type { EnqueueInput } from '../outbox-store';
import { getClient } from '../client';
import { getLocalDoc } from '../local-store';
import { enqueueMessage } from '../outbox-store';
import { runEngine } from './run-engine';

/**
 * The page's half of every send: the message into the outbox (durable, shown as pending), then a
 * nudge to the engine, which delivers it now or when the network returns. Answers the client id.
 */
export async function queueMessage(botUuid: string, payload: EnqueueInput['payload']): Promise<string> {
  const { db } = getClient();
  const owner = (await getLocalDoc(db, 'session'))?.mobile ?? '';
  const id = await enqueueMessage(db, { botUuid, payload, owner, now: Date.now() });
  void runEngine('syncNow');
  return id;
}
