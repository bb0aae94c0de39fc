// Delivery of ratings and saves (src/sync/message-intents.ts) through the one action queue: no
// answer keeps them queued, a refusal marks one failed, success marks it done; the action's id
// is the Idempotency-Key.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/db/database';
import { enqueueAction, queuedActions } from '../../../src/db/action-queue';
import { getLocalDoc, setLocalDoc } from '../../../src/db/local-store';
import type { MessageIntent } from '../../../src/db/local-docs';
import { orderKey } from '../../../src/db/schemas';
import { BadStatusError, NoResponseError } from '../../../src/domain/errors';
import { createActionRunner } from '../../../src/sync/action-runner';
import type { Clock, HttpClient } from '../../../src/sync/http-client';
import { messageIntentKind } from '../../../src/sync/message-intents';
import { openTestDatabase } from '../db/helpers/fake-db';

let db: AppDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const clock: Clock = { now: () => 5000, setTimeout: () => 0, clearTimeout: () => {} };
const intent = (kind: MessageIntent['kind'], sk: string, value: number): MessageIntent => ({ id: `${kind}:b:${sk}:0`, kind, bot_uuid: '1000000000000001', sk, value, state: 'queued', at: 1, key: `key-${sk}` });

async function queue(items: MessageIntent[]) {
  await setLocalDoc(db, 'message-intents', { items });
  for (const i of items) await enqueueAction(db, 'message-intent', orderKey.messageIntent(i.id), { intent_id: i.id, kind: i.kind, bot_uuid: i.bot_uuid, sk: i.sk, value: i.value }, 1, i.key);
}

it('no response keeps them queued; a refusal fails one; success marks done; the key is the action id', async () => {
  await queue([intent('rate', 'a', 1), intent('save', 'b', 0), intent('rate', 'c', 5)]);
  const calls: string[] = [];
  let mode: 'offline' | 'online' = 'offline';
  const http = {
    async call(name: string, body: { sk: string }, once?: { idempotencyKey?: string }) {
      calls.push(`${name}:${body.sk}:${once?.idempotencyKey}`);
      if (mode === 'offline') throw new NoResponseError();
      if (body.sk === 'b') throw new BadStatusError(404, 'Message not found');
      return { message: 'ok' };
    },
  } as unknown as HttpClient;
  const runner = createActionRunner({ db, clock, watch: false, kinds: { 'message-intent': messageIntentKind({ db, http }) } });

  await runner.flush();
  expect(calls.sort()).toEqual(['saveItem:b:key-b', 'submitMessageRating:a:key-a', 'submitMessageRating:c:key-c']);
  expect((await getLocalDoc(db, 'message-intents'))!.items.map((i) => i.state)).toEqual(['queued', 'queued', 'queued']);
  expect(await queuedActions(db, 'message-intent')).toHaveLength(3);

  mode = 'online';
  calls.length = 0;
  await runner.flush({ force: true });
  expect(calls.sort()).toEqual(['saveItem:b:key-b', 'submitMessageRating:a:key-a', 'submitMessageRating:c:key-c']);
  expect((await getLocalDoc(db, 'message-intents'))!.items.map((i) => `${i.sk}:${i.state}`)).toEqual(['a:done', 'b:failed', 'c:done']);
  expect(await queuedActions(db, 'message-intent')).toHaveLength(0);

  // nothing queued: nothing sent
  calls.length = 0;
  await runner.flush({ force: true });
  expect(calls).toEqual([]);
  await runner.close();
});

it('a 5xx is not a refusal any more: the rating waits for the next try (one classifier)', async () => {
  await queue([intent('rate', 'd', 1)]);
  const http = { call: async () => { throw new BadStatusError(503); } } as unknown as HttpClient;
  const runner = createActionRunner({ db, clock, watch: false, kinds: { 'message-intent': messageIntentKind({ db, http }) } });
  await runner.flush();
  expect((await getLocalDoc(db, 'message-intents'))!.items.find((i) => i.sk === 'd')?.state).toBe('queued');
  expect(await queuedActions(db, 'message-intent')).toHaveLength(1);
  await runner.close();
});
