// The one-time move of the local-document queues into the actions collection (issue 12): a
// fixture of the old documents migrates into actions with their ids and ordering keys; the old
// queues empty, what the screens show stays; running it again (another tab) adds nothing.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/db/database';
import { getLocalDoc, setLocalDoc } from '../../../src/db/local-store';
import type { LocalDocTypes } from '../../../src/db/local-docs';
import { migrateLocalQueues, stableUuidV7 } from '../../../src/db/migrate-queues';
import { isUuidV7, uuidV7Time } from '../../../src/domain/uuidv7';
import { BOT_A, BOT_B, OLD_BOT_ACTIONS, OLD_CART_EDITS, OLD_MESSAGE_INTENTS, OLD_SAVED_ITEMS } from '../../fixtures/old-queues';
import { openTestDatabase, CHAT_COLLECTIONS } from './helpers/fake-db';

let db: AppDatabase;
beforeEach(async () => {
  db = await openTestDatabase(undefined, CHAT_COLLECTIONS);
  await setLocalDoc(db, 'bot-actions', OLD_BOT_ACTIONS as LocalDocTypes['bot-actions']);
  await setLocalDoc(db, 'saved-items', OLD_SAVED_ITEMS as LocalDocTypes['saved-items']);
  await setLocalDoc(db, 'message-intents', OLD_MESSAGE_INTENTS as LocalDocTypes['message-intents']);
  await setLocalDoc(db, 'cart-edits', OLD_CART_EDITS as LocalDocTypes['cart-edits']);
});
afterEach(() => db.close());

const all = async () => (await db.actions.find({ sort: [{ id: 'asc' }] }).exec()).map((d) => d.toMutableJSON());

it('moves every queued entry into the actions collection, keeping ids and order per key', async () => {
  expect(await migrateLocalQueues(db)).toBe(3 + 1 + 2 + 2);
  const actions = await all();
  const summary = actions.map((a) => `${a.kind} ${a.order_key} ${a.status} ${a.attempts}`);
  const keyless = stableUuidV7(6, `save:${BOT_A}:sk-2:0`);
  expect(isUuidV7(keyless)).toBe(true);
  expect(uuidV7Time(keyless)).toBe(6);
  expect(actions.map((a) => a.id)).toEqual([
    keyless,
    '0190a000-0000-7000-8000-000000000001',
    '0190a000-0000-7000-8000-000000000002',
    '0190a000-0000-7000-8000-000000000003',
    '0190a000-0000-7000-8000-000000000004',
    '0190a000-0000-7000-8000-000000000005',
    '0190a000-0000-7000-8000-000000000008',
    '0190a000-0000-7000-8000-000000000009',
  ]);
  expect(summary).toEqual([
    `message-intent intent:save:${BOT_A}:sk-2:0 queued 0`,
    `bot-action bot:${BOT_A} queued 0`,
    `bot-action bot:${BOT_B} queued 0`,
    `bot-action bot:${BOT_A} queued 0`,
    'saved-item saved:00000000-0000-4000-8000-000000000001 queued 0',
    `message-intent intent:rate:${BOT_A}:sk-1:0 queued 0`,
    `cart-edit cart:${BOT_A} queued 0`,
    `cart-edit cart:${BOT_A} queued 0`,
  ]);
  expect(actions.find((a) => a.id.endsWith('05'))?.payload).toEqual({ intent_id: `rate:${BOT_A}:sk-1:0`, kind: 'rate', bot_uuid: BOT_A, sk: 'sk-1', value: 1 });
  expect(actions.find((a) => a.id.endsWith('09'))?.payload).toEqual({ bot_uuid: BOT_A, edit: OLD_CART_EDITS[BOT_A].edits[1] });
  expect(actions.find((a) => a.id.endsWith('01'))?.payload).toMatchObject({ kind: 'flag', action: { kind: 'pin' }, before: { pinned: false }, bot_uuid: BOT_A });

  // the old queues are empty; what the screens show stays
  expect(await getLocalDoc(db, 'bot-actions')).toEqual({ notice: OLD_BOT_ACTIONS.notice });
  const saved = await getLocalDoc(db, 'saved-items');
  expect(saved?.queue).toBeUndefined();
  expect(saved?.unsaved).toEqual(OLD_SAVED_ITEMS.unsaved);
  expect((await getLocalDoc(db, 'message-intents'))?.items).toEqual(OLD_MESSAGE_INTENTS.items);
  expect(await getLocalDoc(db, 'cart-edits')).toEqual({ [BOT_A]: { refusal: OLD_CART_EDITS[BOT_A].refusal }, [BOT_B]: { refusal: null } });
});

it('is safe to run again and from two tabs at once: nothing is queued twice', async () => {
  const other = await openTestDatabase(db.name, CHAT_COLLECTIONS);
  await Promise.all([migrateLocalQueues(db), migrateLocalQueues(other)]);
  await migrateLocalQueues(db);
  expect(await all()).toHaveLength(8);
  await other.close();
});

it('an empty or fresh database has nothing to move', async () => {
  const fresh = await openTestDatabase(undefined, CHAT_COLLECTIONS);
  expect(await migrateLocalQueues(fresh)).toBe(0);
  expect(await fresh.actions.find().exec()).toEqual([]);
  await fresh.close();
});
