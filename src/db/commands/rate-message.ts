import { getClient } from '../client';
import { ok, type CommandResult } from '../command-result';
import type { MessageIntent } from '../local-docs';
import { modifyLocalDoc } from '../local-store';
import { runEngine } from './run-engine';

/** Queues an intent (replacing a failed or queued one for the same message part) and asks the engine to deliver it. */
export async function queueIntent(kind: MessageIntent['kind'], botUuid: string, sk: string, value: number, index = 0): Promise<CommandResult> {
  const id = `${kind}:${botUuid}:${sk}:${index}`;
  await modifyLocalDoc(getClient().db, 'message-intents', (doc) => ({
    items: [...(doc?.items ?? []).filter((i) => i.id !== id), { id, kind, bot_uuid: botUuid, sk, value, state: 'queued', at: Date.now() }],
  }));
  void runEngine('flushMessageIntents');
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
