// Delivery of ratings and saves (src/sync/message-intents.ts): in order, queued while there is
// no response, failed on a refusal, done on success; a second flush while one runs is folded in.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/db/database';
import { getLocalDoc, setLocalDoc } from '../../../src/db/local-store';
import type { MessageIntent } from '../../../src/db/local-docs';
import { BadStatusError, NoResponseError } from '../../../src/domain/errors';
import type { HttpClient } from '../../../src/sync/http-client';
import { createMessageIntents } from '../../../src/sync/message-intents';
import { openTestDatabase } from '../db/helpers/fake-db';

let db: AppDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const intent = (kind: MessageIntent['kind'], sk: string, value: number): MessageIntent => ({ id: `${kind}:b:${sk}:0`, kind, bot_uuid: '1000000000000001', sk, value, state: 'queued', at: 1 });

it('sends queued intents in order; no response keeps the rest queued; a refusal fails one; success marks done', async () => {
  await setLocalDoc(db, 'message-intents', { items: [intent('rate', 'a', 1), intent('save', 'b', 0), intent('rate', 'c', 5)] });
  const calls: string[] = [];
  let mode: 'offline' | 'online' = 'offline';
  const http = {
    async call(name: string, body: { sk: string }) {
      calls.push(`${name}:${body.sk}`);
      if (mode === 'offline') throw new NoResponseError();
      if (body.sk === 'b') throw new BadStatusError(404, 'Message not found');
      return { message: 'ok' };
    },
  } as unknown as HttpClient;
  const intents = createMessageIntents({ db, http });

  const offline = await intents.flushMessageIntents();
  expect(offline).toEqual({ ok: true, value: { done: 0, failed: 0 } });
  expect(calls).toEqual(['submitMessageRating:a']);
  expect((await getLocalDoc(db, 'message-intents'))!.items.map((i) => i.state)).toEqual(['queued', 'queued', 'queued']);

  mode = 'online';
  calls.length = 0;
  const online = await intents.flushMessageIntents();
  expect(online).toEqual({ ok: true, value: { done: 2, failed: 1 } });
  expect(calls).toEqual(['submitMessageRating:a', 'saveItem:b', 'submitMessageRating:c']);
  expect((await getLocalDoc(db, 'message-intents'))!.items.map((i) => `${i.sk}:${i.state}`)).toEqual(['a:done', 'b:failed', 'c:done']);

  // nothing queued: nothing sent
  calls.length = 0;
  await intents.flushMessageIntents();
  expect(calls).toEqual([]);
});
