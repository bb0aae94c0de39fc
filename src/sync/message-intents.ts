// Delivers message ratings and saves: submit-message-rating {bot_uuid, sk, rating} and save-item
// {bot_uuid, sk, index}. The page writes the intent into 'message-intents' (what the thread shows:
// queued → done or failed) and one action into the one action queue (kind 'message-intent',
// ordered per message part, its id the Idempotency-Key: src/db/commands/rate-message.ts). The
// leader's runner sends it (src/sync/action-runner.ts) with `messageIntentKind` below: no answer,
// a timeout, a 408/429/5xx keep it queued for the runner's next try; a refusal (another 4xx)
// marks it failed, and the thread shows 'Error sending Message Rating' and lets the user try again.
import type { AppDatabase } from '../db/database';
import { ok, type CommandResult } from '../db/command-result';
import { modifyLocalDoc } from '../db/local-store';
import { MESSAGE_INTENTS_KEPT, type MessageIntent } from '../db/local-docs';
import type { ActionKindDef } from './action-runner';
import type { HttpClient } from './http-client';

export interface MessageIntentFlows {
  /** Sends what is queued now (the leader only: the runner sends every kind of action). */
  flushMessageIntents(): Promise<CommandResult>;
}

function setState(db: AppDatabase, id: string, state: MessageIntent['state']) {
  return modifyLocalDoc(db, 'message-intents', (doc) => {
    const items = (doc?.items ?? []).map((i) => (i.id === id ? { ...i, state } : i));
    // keep every queued or failed one, and only the newest done ones
    const done = items.filter((i) => i.state === 'done');
    const drop = new Set(done.slice(0, Math.max(0, done.length - MESSAGE_INTENTS_KEPT)).map((i) => i.id));
    return { items: items.filter((i) => !drop.has(i.id)) };
  });
}

/** How the action queue's runner sends a rating or a save, and marks a refused one failed. */
export function messageIntentKind(deps: { db: AppDatabase; http: HttpClient }): ActionKindDef<'message-intent'> {
  const { db, http } = deps;
  return {
    route: 'submitMessageRating',
    async send({ payload: p }, once) {
      if (p.kind === 'rate') await http.call('submitMessageRating', { bot_uuid: p.bot_uuid, sk: p.sk, rating: p.value }, once);
      else await http.call('saveItem', { bot_uuid: p.bot_uuid, sk: p.sk, index: p.value }, once);
      await setState(db, p.intent_id, 'done');
    },
    async refused({ payload: p }) {
      await setState(db, p.intent_id, 'failed');
    },
  };
}

export function createMessageIntents(deps: { flushActions(): Promise<void> }): MessageIntentFlows {
  return {
    async flushMessageIntents() {
      await deps.flushActions();
      return ok();
    },
  };
}
