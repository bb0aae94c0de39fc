// Saved items in the engine (src/sync/saved-items-sync.ts): pages stored only from 200 answers
// (spec part 1 §5, §8), Load more appending at the right offset, unsave and undo applied at once
// and queued, sent in the order asked, kept queued with no network and delivered once when it
// returns, a refusal putting the item back with its notice, and sign-out clearing the document.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { SavedItem } from '../../../src/api/contract';
import type { AppDatabase } from '../../../src/db/database';
import { getLocalDoc, removeLocalDoc, setLocalDoc } from '../../../src/db/local-store';
import { clearSignedInData } from '../../../src/db/session-data';
import { BadStatusError, NoResponseError, errorForStatus } from '../../../src/domain/errors';
import type { Clock, HttpClient } from '../../../src/sync/http-client';
import { EMPTY_SAVED_ITEMS, SAVED_ITEMS_NOTICE, createSavedItemsSync, restoreItem, savedItemKind } from '../../../src/sync/saved-items-sync';
import { createActionRunner } from '../../../src/sync/action-runner';
import { queuedActions } from '../../../src/db/action-queue';
import { openTestDatabase } from '../db/helpers/fake-db';

const BOT = '1000000000000001';
const OTHER = '1000000000000002';

let db: AppDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());
beforeEach(async () => {
  await removeLocalDoc(db, 'saved-items');
  await removeLocalDoc(db, 'message-intents');
  await db.actions.find().remove();
});

const item = (n: number, bot = BOT): SavedItem => ({
  saved_item_uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  bot_uuid: bot, bot_name: 'Echo', bot_icon: '', saved_at: 1000 + n, index: 0,
  message: { type: 'text', sk: `sk-${n}`, text: { body: `Item ${n}` } } as unknown as SavedItem['message'],
});

const clock: Clock = { now: () => 5000, setTimeout: () => 0, clearTimeout: () => {} };

type Handler = (name: string, body: Record<string, unknown>) => Promise<unknown>;
function engine(handler: Handler) {
  const calls: string[] = [];
  const keys: (string | undefined)[] = [];
  const http = {
    call(name: string, body: Record<string, unknown>, options?: { idempotencyKey?: string }) {
      calls.push(`${name}:${JSON.stringify(body)}`);
      keys.push(options?.idempotencyKey);
      return handler(name, body);
    },
  } as unknown as HttpClient;
  // the one action queue's runner with this area's kind (as the engine has it)
  const runner = createActionRunner({ db, clock, kinds: { 'saved-item': savedItemKind({ db, http, clock }) }, log: () => {} });
  const sync = createSavedItemsSync({ db, http, clock, report: async (_route, err) => errorForStatus(err instanceof BadStatusError ? err.status : 0), flushActions: () => runner.flush({ force: true }) });
  opened.push(sync, { close: () => void runner.close() });
  return { flows: sync.flows, calls, keys };
}
const opened: { close(): void }[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});
const stored = async () => (await getLocalDoc(db, 'saved-items'))!;
const queueKinds = async () => (await queuedActions(db, 'saved-item')).map(({ payload: a }) => `${a.kind}:${a.item.saved_item_uuid.slice(-2)}`);

const uuids = async () => ((await getLocalDoc(db, 'saved-items'))?.items ?? []).map((i) => i.saved_item_uuid.slice(-2));

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

it('stores the first page and its chips, appends the next at offset 8, and keeps the list on a refusal, no response or a malformed page', async () => {
  const all = Array.from({ length: 10 }, (_, i) => item(10 + i));
  let mode: 'ok' | 'refuse' | 'offline' | 'malformed' = 'ok';
  const { flows, calls } = engine(async (name, body) => {
    if (mode === 'offline') throw new NoResponseError();
    if (mode === 'refuse') throw new BadStatusError(500, 'down');
    if (name === 'getSavedItemFilters') return { filters: [{ bot_uuid: BOT, name: 'Echo', icon: '', count: 10 }] };
    if (mode === 'malformed') return { items: [{}], has_more: false };
    const offset = body.offset as number;
    return { items: all.slice(offset, offset + 8), has_more: offset + 8 < all.length };
  });
  expect(await flows.loadSavedItems(null, false)).toEqual({ ok: true, value: { count: 8, hasMore: true } });
  expect(calls[0]).toBe('getSavedItems:{"sort":"DESCENDING","offset":0,"limit":8,"filters":[]}');
  expect((await getLocalDoc(db, 'saved-items'))!.filters).toEqual([{ bot_uuid: BOT, name: 'Echo', icon: '', count: 10 }]);
  expect(await flows.loadSavedItems(null, true)).toEqual({ ok: true, value: { count: 10, hasMore: false } });
  expect(calls.at(-1)).toBe('getSavedItems:{"sort":"DESCENDING","offset":8,"limit":8,"filters":[]}');
  const before = await getLocalDoc(db, 'saved-items');

  for (const m of ['refuse', 'offline', 'malformed'] as const) {
    mode = m;
    const r = await flows.loadSavedItems(OTHER, false);
    expect(r.ok, m).toBe(false);
    expect(await getLocalDoc(db, 'saved-items'), m).toEqual(before);
  }
  mode = 'ok';
  await flows.loadSavedItems(OTHER, false);
  expect(calls.at(-2)).toBe(`getSavedItems:{"sort":"DESCENDING","offset":0,"limit":8,"filters":["${OTHER}"]}`);
  expect((await getLocalDoc(db, 'saved-items'))!.filter).toBe(OTHER);
});

it('unsave takes the item out at once and queues it; the server taking it empties the queue', async () => {
  await setLocalDoc(db, 'saved-items', { ...EMPTY_SAVED_ITEMS, items: [item(1), item(2), item(3)], filters: [{ bot_uuid: BOT, name: 'Echo', icon: '', count: 3 }] });
  const intent = (n: number) => ({ id: `save:${BOT}:sk-${n}:0`, kind: 'save' as const, bot_uuid: BOT, sk: `sk-${n}`, value: 0, state: 'done' as const, at: 1 });
  await setLocalDoc(db, 'message-intents', { items: [intent(2), intent(3)] });
  const answer = deferred<unknown>();
  const { flows, calls } = engine(() => answer.promise);
  expect(await flows.unsaveSavedItem(item(2).saved_item_uuid)).toEqual({ ok: true, value: undefined });
  expect(await uuids()).toEqual(['01', '03']);
  expect((await stored()).filters[0]!.count).toBe(2);
  expect(await queueKinds()).toEqual(['unsave:02']);
  answer.resolve({ message: 'Item unsaved', unsaved: 1 });
  await expect.poll(queueKinds).toEqual([]);
  expect(calls).toEqual([`unsaveItem:{"saved_item_uuid_list":["${item(2).saved_item_uuid}"]}`]);
  const doc = await stored();
  expect(doc.items.map((i) => i.saved_item_uuid)).toEqual([item(1).saved_item_uuid, item(3).saved_item_uuid]);
  expect(doc.unsaved.map((u) => u.state)).toEqual(['done']);
  expect(doc.notice).toBeNull();
  // the thread's 'Saved' mark goes, so Save shows again there
  await expect.poll(async () => (await getLocalDoc(db, 'message-intents'))!.items.map((i) => i.id)).toEqual([`save:${BOT}:sk-3:0`]);
});

it("each try of a queued unsave carries the queue entry's id as its Idempotency-Key", async () => {
  await setLocalDoc(db, 'saved-items', { ...EMPTY_SAVED_ITEMS, items: [item(1)] });
  let online = false;
  const { flows, keys } = engine(async () => {
    if (!online) throw new NoResponseError();
    return { message: 'Item unsaved', unsaved: 1 };
  });
  await flows.unsaveSavedItem(item(1).saved_item_uuid);
  const id = (await queuedActions(db, 'saved-item'))[0]!.id;
  await flows.flushSavedItems();
  online = true;
  await flows.flushSavedItems();
  await expect.poll(queueKinds).toEqual([]);
  expect(keys.length).toBeGreaterThanOrEqual(2);
  expect(new Set(keys)).toEqual(new Set([id]));
});

it('a refused unsave puts the item back where it was with its notice', async () => {
  await setLocalDoc(db, 'saved-items', { ...EMPTY_SAVED_ITEMS, items: [item(1), item(2), item(3)] });
  const { flows } = engine(async () => { throw new BadStatusError(422, 'No'); });
  await flows.unsaveSavedItem(item(2).saved_item_uuid);
  await expect.poll(queueKinds).toEqual([]);
  const doc = await stored();
  expect(doc.items.map((i) => i.saved_item_uuid.slice(-2))).toEqual(['01', '02', '03']);
  expect(doc.unsaved).toEqual([]);
  expect(doc.notice).toEqual({ textId: SAVED_ITEMS_NOTICE.unsaveFailed, at: 5000 });
});

it('offline: unsave, undo and unsave again stay applied and queued, and go out once each, in order, when the network returns', async () => {
  await setLocalDoc(db, 'saved-items', { ...EMPTY_SAVED_ITEMS, items: [item(1), item(2), item(3)] });
  let online = false;
  const { flows, calls } = engine(async (name) => {
    if (!online) throw new NoResponseError();
    return name === 'unsaveItem' ? { message: 'Item unsaved', unsaved: 1 } : { message: 'Item restored', restored: 1 };
  });
  await flows.unsaveSavedItem(item(1).saved_item_uuid);
  await flows.unsaveSavedItem(item(2).saved_item_uuid);
  await flows.undoUnsaveSavedItem(item(1).saved_item_uuid);
  await flows.flushSavedItems();
  expect(await uuids()).toEqual(['01', '03']);
  expect(await queueKinds()).toEqual(['unsave:01', 'unsave:02', 'undo:01']);
  expect((await stored()).notice).toBeNull();
  // every try so far stopped at its item's head: the undo was never tried before its unsave
  const tried = calls.length;
  expect(calls.every((c) => c.startsWith('unsaveItem:'))).toBe(true);
  online = true;
  await flows.flushSavedItems();
  await expect.poll(queueKinds).toEqual([]);
  // each once; in order per item (the items in parallel)
  const sent = calls.slice(tried).map((c) => `${c.split(':')[0]}:${c.slice(-5, -3)}`);
  expect([...sent].sort()).toEqual(['undoUnsaveItem:01', 'unsaveItem:01', 'unsaveItem:02']);
  expect(sent.indexOf('unsaveItem:01')).toBeLessThan(sent.indexOf('undoUnsaveItem:01'));
  const doc = await stored();
  expect(doc.items.map((i) => i.saved_item_uuid.slice(-2))).toEqual(['01', '03']);
  expect(doc.unsaved.map((u) => `${u.item.saved_item_uuid.slice(-2)}:${u.state}`)).toEqual(['02:done']);
});

it('undo puts the item back at once and is sent after its unsave; a refused undo takes it out again', async () => {
  await setLocalDoc(db, 'saved-items', { ...EMPTY_SAVED_ITEMS, items: [item(1), item(2)] });
  const unsaveAnswer = deferred<unknown>();
  let refuseUndo = false;
  const { flows, calls } = engine((name) => {
    if (name === 'unsaveItem') return unsaveAnswer.promise;
    return refuseUndo ? Promise.reject(new BadStatusError(404, 'gone')) : Promise.resolve({ message: 'Item restored', restored: 1 });
  });
  await flows.unsaveSavedItem(item(1).saved_item_uuid);
  expect(await uuids()).toEqual(['02']);
  await flows.undoUnsaveSavedItem(item(1).saved_item_uuid);
  expect(await uuids()).toEqual(['01', '02']);
  // the undo waits for its unsave to be answered
  await expect.poll(() => calls.map((c) => c.split(':')[0])).toEqual(['unsaveItem']);
  expect(await queueKinds()).toEqual(['unsave:01', 'undo:01']);
  unsaveAnswer.resolve({ message: 'Item unsaved', unsaved: 1 });
  await expect.poll(queueKinds).toEqual([]);
  expect(calls.map((c) => c.split(':')[0])).toEqual(['unsaveItem', 'undoUnsaveItem']);
  expect(await uuids()).toEqual(['01', '02']);
  // the thread shows it saved again
  await expect.poll(async () => (await getLocalDoc(db, 'message-intents'))!.items.map((i) => `${i.id}:${i.state}`)).toEqual([`save:${BOT}:sk-1:0:done`]);

  refuseUndo = true;
  await flows.unsaveSavedItem(item(2).saved_item_uuid);
  await expect.poll(queueKinds).toEqual([]);
  await flows.undoUnsaveSavedItem(item(2).saved_item_uuid);
  await expect.poll(queueKinds).toEqual([]);
  const doc = await stored();
  expect(doc.items.map((i) => i.saved_item_uuid.slice(-2))).toEqual(['01']);
  expect(doc.notice?.textId).toBe(SAVED_ITEMS_NOTICE.undoFailed);
});

it('a refused unsave drops the undo queued after it, and says nothing when the item is back already', async () => {
  await setLocalDoc(db, 'saved-items', { ...EMPTY_SAVED_ITEMS, items: [item(1)] });
  const answer = deferred<unknown>();
  const { flows, calls } = engine(() => answer.promise);
  await flows.unsaveSavedItem(item(1).saved_item_uuid);
  await flows.undoUnsaveSavedItem(item(1).saved_item_uuid);
  answer.reject(new BadStatusError(422, 'No'));
  await expect.poll(queueKinds).toEqual([]);
  expect(calls.map((c) => c.split(':')[0])).toEqual(['unsaveItem']);
  const doc = await stored();
  expect(doc.items.map((i) => i.saved_item_uuid.slice(-2))).toEqual(['01']);
  expect(doc.notice).toBeNull();
});

it('a page read while an unsave or an undo waits keeps what the user did', async () => {
  await setLocalDoc(db, 'saved-items', { ...EMPTY_SAVED_ITEMS, items: [item(1), item(2)], unsaved: [{ item: item(3), position: 2, state: 'done' }] });
  let online = false;
  let page = [item(1), item(2)];
  const { flows } = engine((name) => {
    if (name === 'getSavedItemFilters') return Promise.resolve({ filters: [] });
    if (name === 'getSavedItems') return Promise.resolve({ items: page, has_more: false });
    return online ? Promise.resolve({}) : Promise.reject(new NoResponseError());
  });
  await flows.unsaveSavedItem(item(1).saved_item_uuid);
  await flows.loadSavedItems(null, false);
  expect(await uuids()).toEqual(['02']);
  // 03 the server has unsaved; the user undid that here, offline: a page without it keeps it
  await flows.undoUnsaveSavedItem(item(3).saved_item_uuid);
  expect(await uuids()).toEqual(['02', '03']);
  page = [item(2)];
  await flows.loadSavedItems(null, false);
  expect(await uuids()).toEqual(['02', '03']);
  online = true;
  await flows.flushSavedItems();
  await expect.poll(queueKinds).toEqual([]);
});

it('restoreItem puts an item back once, within the list', () => {
  expect(restoreItem([item(1)], item(2), 5).map((i) => i.saved_item_uuid.slice(-2))).toEqual(['01', '02']);
  expect(restoreItem([item(1), item(2)], item(2), 0)).toHaveLength(2);
});

it('signing out clears the saved items', async () => {
  await setLocalDoc(db, 'saved-items', { ...EMPTY_SAVED_ITEMS, items: [item(1)] });
  await clearSignedInData(db);
  expect(await getLocalDoc(db, 'saved-items')).toBeNull();
});
