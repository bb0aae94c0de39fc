import { uuidv7 } from '../../domain/uuidv7';
import { enqueueAction, queuedActions, removeActions } from '../action-queue';
import { getClient } from '../client';
import { ok, type CommandResult } from '../command-result';
import type { MessageIntent } from '../local-docs';
import { modifyLocalDoc } from '../local-store';
import { orderKey } from '../schemas';

/**
 * Queues an intent (replacing a failed or queued one for the same message part): the thread shows
 * it at once ('message-intents'), and the one action queue carries it to the server (the leader's
 * runner sees the insert: no nudge).
 */
export async function queueIntent(kind: MessageIntent['kind'], botUuid: string, sk: string, value: number, index = 0): Promise<CommandResult> {
  const { db } = getClient();
  const id = `${kind}:${botUuid}:${sk}:${index}`;
  const key = uuidv7();
  const now = Date.now();
  await modifyLocalDoc(db, 'message-intents', (doc) => ({
    items: [...(doc?.items ?? []).filter((i) => i.id !== id), { id, kind, bot_uuid: botUuid, sk, value, state: 'queued', at: now, key }],
  }));
  // an earlier one for the same part still waiting is needless now (the newest value wins)
  const earlier = await queuedActions(db, 'message-intent', orderKey.messageIntent(id));
  await removeActions(db, earlier.map((a) => a.id));
  await enqueueAction(db, 'message-intent', orderKey.messageIntent(id), { intent_id: id, kind, bot_uuid: botUuid, sk, value }, now, key);
  return ok();
}

/**
 * Rates a bot message (/bot/submit-message-rating): thumbs up 1, down -1; stars 1..5. Durable at
 * once (the thread shows it rated), sent now or when the network returns; a refusal marks it
 * failed and the thread shows 'Error sending Message Rating'.
 */
export function rateMessage(botUuid: string, sk: string, rating: number): Promise<CommandResult> {
  return queueIntent('rate', botUuid, sk, rating);
}
