// Saved items in the engine (src/sync/saved-items-sync.ts): pages stored only from 200 answers
// (spec part 1 §5, §8), Load more appending at the right offset, optimistic unsave with undo in
// request order, a refusal or no network putting the item back with its notice, and sign-out
// clearing the document.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { SavedItem } from '../../../src/api/contract';
import type { AppDatabase } from '../../../src/db/database';
import { getLocalDoc, removeLocalDoc, setLocalDoc } from '../../../src/db/local-store';
import { clearSignedInData } from '../../../src/db/session-data';
import { BadStatusError, NoResponseError, errorForStatus } from '../../../src/domain/errors';
import type { Clock, HttpClient } from '../../../src/sync/http-client';
import { EMPTY_SAVED_ITEMS, SAVED_ITEMS_NOTICE, createSavedItemsSync, restoreItem } from '../../../src/sync/saved-items-sync';
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
  const http = {
    call(name: string, body: Record<string, unknown>) {
      calls.push(`${name}:${JSON.stringify(body)}`);
      return handler(name, body);
    },
  } as unknown as HttpClient;
  const flows = createSavedItemsSync({ db, http, clock, report: async (_route, err) => errorForStatus(err instanceof BadStatusError ? err.status : 0) });
  return { flows, calls };
}

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

it('unsave takes the item out before the server answers; success keeps it out', async () => {
  await setLocalDoc(db, 'saved-items', { ...EMPTY_SAVED_ITEMS, items: [item(1), item(2), item(3)], filters: [{ bot_uuid: BOT, name: 'Echo', icon: '', count: 3 }] });
  const intent = (n: number) => ({ id: `save:${BOT}:sk-${n}:0`, kind: 'save' as const, bot_uuid: BOT, sk: `sk-${n}`, value: 0, state: 'done' as const, at: 1 });
  await setLocalDoc(db, 'message-intents', { items: [intent(2), intent(3)] });
  const answer = deferred<unknown>();
  const { flows, calls } = engine(() => answer.promise);
  const done = flows.unsaveSavedItem(item(2).saved_item_uuid);
  await expect.poll(uuids).toEqual(['01', '03']);
  expect((await getLocalDoc(db, 'saved-items'))!.filters[0]!.count).toBe(2);
  answer.resolve({ message: 'Item unsaved', unsaved: 1 });
  expect(await done).toEqual({ ok: true, value: undefined });
  expect(calls).toEqual([`unsaveItem:{"saved_item_uuid_list":["${item(2).saved_item_uuid}"]}`]);
  const doc = (await getLocalDoc(db, 'saved-items'))!;
  expect(doc.items.map((i) => i.saved_item_uuid)).toEqual([item(1).saved_item_uuid, item(3).saved_item_uuid]);
  expect(doc.unsaved.map((u) => u.state)).toEqual(['done']);
  // the thread's 'Saved' mark goes, so Save shows again there
  expect((await getLocalDoc(db, 'message-intents'))!.items.map((i) => i.id)).toEqual([`save:${BOT}:sk-3:0`]);
});

it('a refused unsave, or one with no response, puts the item back where it was with its notice', async () => {
  for (const [err, textId] of [[new BadStatusError(422, 'No'), SAVED_ITEMS_NOTICE.unsaveFailed], [new NoResponseError(), SAVED_ITEMS_NOTICE.offline]] as const) {
    await setLocalDoc(db, 'saved-items', { ...EMPTY_SAVED_ITEMS, items: [item(1), item(2), item(3)] });
    const { flows } = engine(async () => { throw err; });
    const r = await flows.unsaveSavedItem(item(2).saved_item_uuid);
    expect(r.ok).toBe(false);
    const doc = (await getLocalDoc(db, 'saved-items'))!;
    expect(doc.items.map((i) => i.saved_item_uuid.slice(-2))).toEqual(['01', '02', '03']);
    expect(doc.unsaved).toEqual([]);
    expect(doc.notice).toEqual({ textId, at: 5000 });
  }
});

it('undo puts the item back at once and is sent after its unsave; a refused undo takes it out again', async () => {
  await setLocalDoc(db, 'saved-items', { ...EMPTY_SAVED_ITEMS, items: [item(1), item(2)] });
  const unsaveAnswer = deferred<unknown>();
  let refuseUndo = false;
  const { flows, calls } = engine((name) => {
    if (name === 'unsaveItem') return unsaveAnswer.promise;
    return refuseUndo ? Promise.reject(new BadStatusError(404, 'gone')) : Promise.resolve({ message: 'Item restored', restored: 1 });
  });
  const unsave = flows.unsaveSavedItem(item(1).saved_item_uuid);
  await expect.poll(uuids).toEqual(['02']);
  const undo = flows.undoUnsaveSavedItem(item(1).saved_item_uuid);
  await expect.poll(uuids).toEqual(['01', '02']);
  // the undo waits for its unsave to be answered
  expect(calls.map((c) => c.split(':')[0])).toEqual(['unsaveItem']);
  unsaveAnswer.resolve({ message: 'Item unsaved', unsaved: 1 });
  await unsave;
  expect((await undo).ok).toBe(true);
  expect(calls.map((c) => c.split(':')[0])).toEqual(['unsaveItem', 'undoUnsaveItem']);
  expect(await uuids()).toEqual(['01', '02']);
  // the thread shows it saved again
  expect((await getLocalDoc(db, 'message-intents'))!.items.map((i) => `${i.id}:${i.state}`)).toEqual([`save:${BOT}:sk-1:0:done`]);

  refuseUndo = true;
  await flows.unsaveSavedItem(item(2).saved_item_uuid);
  expect((await flows.undoUnsaveSavedItem(item(2).saved_item_uuid)).ok).toBe(false);
  const doc = (await getLocalDoc(db, 'saved-items'))!;
  expect(doc.items.map((i) => i.saved_item_uuid.slice(-2))).toEqual(['01']);
  expect(doc.notice?.textId).toBe(SAVED_ITEMS_NOTICE.undoFailed);
});

it('a page read while an unsave is on its way does not bring the item back', async () => {
  await setLocalDoc(db, 'saved-items', { ...EMPTY_SAVED_ITEMS, items: [item(1), item(2)] });
  const unsaveAnswer = deferred<unknown>();
  const { flows } = engine((name) => {
    if (name === 'unsaveItem') return unsaveAnswer.promise;
    if (name === 'getSavedItemFilters') return Promise.resolve({ filters: [] });
    return Promise.resolve({ items: [item(1), item(2)], has_more: false });
  });
  const unsave = flows.unsaveSavedItem(item(1).saved_item_uuid);
  await expect.poll(uuids).toEqual(['02']);
  await flows.loadSavedItems(null, false);
  expect(await uuids()).toEqual(['02']);
  unsaveAnswer.resolve({ message: 'Item unsaved', unsaved: 1 });
  await unsave;
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
