// enqueueMessage against the leader's repair: the engine's flush can see the outbox entry before
// the page's second write and recreate the pending message from it (outbox.ts ensureMessageDocs).
// The page's own write then conflicts; the send must still succeed, with one message document.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/db/database';
import { enqueueMessage, pendingMessageDoc } from '../../../src/db/outbox-store';
import { openTestDatabase } from './helpers/fake-db';

let db: AppDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

it('a message document recreated by the engine between the two writes does not fail the send', async () => {
  const id = '0190f1e2-0000-7000-8000-000000000001';
  // the engine's repair, run the moment the entry appears (what Chromium showed after a relaunch)
  const repaired = new Promise<void>((resolve) => {
    const sub = db.outbox.insert$.subscribe((event) => {
      sub.unsubscribe();
      void db.messages.insert(pendingMessageDoc(event.documentData, 'owner')).then(() => resolve());
    });
  });
  const send = enqueueMessage(db, { botUuid: '1000000000000001', payload: { type: 'text', text: { body: 'hi' } }, owner: 'owner', now: 1_700_000_000_000, id });
  await expect(send).resolves.toBe(id);
  await repaired;
  expect((await db.messages.findByIds([id]).exec()).size).toBe(1);
  expect((await db.outbox.findOne(id).exec())?.state).toBe('queued');
});
