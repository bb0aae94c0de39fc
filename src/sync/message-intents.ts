// Delivers message ratings and saves (the 'message-intents' local document) to the server:
// submit-message-rating {bot_uuid, sk, rating} and save-item {bot_uuid, sk, index}. Queued
// intents go out in order when asked (the commands ask right after writing one) and when the
// network returns; no response leaves an intent queued for the next try, any answer of the
// server other than 200 marks it failed (the thread then shows 'Error sending Message Rating'
// and lets the user try again).
import { isCancelError, NoResponseError } from '../domain/errors';
import type { AppDatabase } from '../db/database';
import { ok, type CommandResult } from '../db/command-result';
import { getLocalDoc, modifyLocalDoc } from '../db/local-store';
import { MESSAGE_INTENTS_KEPT, type MessageIntent } from '../db/local-docs';
import type { HttpClient } from './http-client';

export interface MessageIntentFlows {
  flushMessageIntents(): Promise<CommandResult<{ done: number; failed: number }>>;
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

export function createMessageIntents(deps: { db: AppDatabase; http: HttpClient }): MessageIntentFlows & { onOnline(): void } {
  const { db, http } = deps;
  let running: Promise<CommandResult<{ done: number; failed: number }>> | null = null;
  let again = false;

  async function flushOnce(): Promise<{ done: number; failed: number }> {
    const doc = await getLocalDoc(db, 'message-intents');
    let done = 0;
    let failed = 0;
    for (const intent of (doc?.items ?? []).filter((i) => i.state === 'queued')) {
      try {
        if (intent.kind === 'rate') await http.call('submitMessageRating', { bot_uuid: intent.bot_uuid, sk: intent.sk, rating: intent.value });
        else await http.call('saveItem', { bot_uuid: intent.bot_uuid, sk: intent.sk, index: intent.value });
        await setState(db, intent.id, 'done');
        done += 1;
      } catch (err) {
        // offline or timed out: this one and the rest wait for the network
        if (err instanceof NoResponseError || isCancelError(err)) break;
        await setState(db, intent.id, 'failed');
        failed += 1;
      }
    }
    return { done, failed };
  }

  function flushMessageIntents(): Promise<CommandResult<{ done: number; failed: number }>> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const total = { done: 0, failed: 0 };
      do {
        again = false;
        const r = await flushOnce();
        total.done += r.done;
        total.failed += r.failed;
      } while (again);
      return ok(total);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return { flushMessageIntents, onOnline: () => void flushMessageIntents().catch(() => {}) };
}
