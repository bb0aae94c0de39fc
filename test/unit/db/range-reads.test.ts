// Indexed queries in one IndexedDB request (src/db/range-reads.ts): a query whose selector and sort
// the index answers is read by one IDBIndex.getAll instead of RxDB's cursor (one request per row),
// with the same rows; any other query keeps the cursor. The oracle is the stored documents filtered,
// sorted and cut in JavaScript.
import { IDBIndex } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../../../src/db/database';
import { newestPageQuery } from '../../../src/db/hooks/use-thread-window';
import type { MessageDoc } from '../../../src/db/schemas';
import { reverseSortKey } from '../../../src/domain/sort-keys';
import { openTestDatabase } from './helpers/fake-db';

const PKS = ['1000000000000001#+919800000001', '1000000000000002#+919800000001', '1000000000000003#+919800000001'];
const PER_PK = 120;

let db: AppDatabase;
let stored: MessageDoc[] = [];

// a fixed pseudo-random order of sort keys, so the rows are not inserted in index order
const scramble = (i: number) => (i * 7919) % 1000;
const doc = (pk: string, i: number): MessageDoc => {
  const sk = `0017000000${String(scramble(i)).padStart(5, '0')}_${String(i).padStart(9, '0')}_m${i}`;
  return {
    id: `${pk.slice(0, 16)}-${i}`, pk, sk, rsk: reverseSortKey(sk), bot_uuid: pk.slice(0, 16), message_id: `m${i}`, client_message_id: null,
    from: i % 3 === 0 ? 'user' : 'bot', type: 'text', timestamp: 1_700_000_000_000 + scramble(i), status: 'delivered', message: { text: { body: `message ${i}` } },
  } as MessageDoc;
};

beforeAll(async () => {
  db = await openTestDatabase();
  const docs = PKS.flatMap((pk) => Array.from({ length: PER_PK }, (_, i) => doc(pk, i)));
  await db.messages.bulkInsert(docs);
  // some removed: RxDB keeps them as deleted documents, which no query may return
  const removed = docs.filter((_, i) => i % 10 === 4);
  await db.messages.bulkRemove(removed.map((d) => d.id));
  const gone = new Set(removed.map((d) => d.id));
  stored = docs.filter((d) => !gone.has(d.id));
}, 60_000);
afterAll(() => db.close());
afterEach(() => vi.restoreAllMocks());

/** The oracle: the stored messages of `pk` whose rsk passes `keep`, newest first (rsk ascending). */
const expected = (pk: string, keep: (rsk: string) => boolean = () => true) =>
  stored.filter((d) => d.pk === pk && keep(d.rsk)).sort((a, b) => (a.rsk < b.rsk ? -1 : 1)).map((d) => d.id);
const ids = (docs: { id: string }[]) => docs.map((d) => d.id);

function countReads() {
  return { getAll: vi.spyOn(IDBIndex.prototype, 'getAll'), openCursor: vi.spyOn(IDBIndex.prototype, 'openCursor') };
}

it('reads the newest page of a thread with one getAll and no cursor, the same rows as the index order says', async () => {
  for (const pk of PKS) {
    const reads = countReads();
    const docs = await db.messages.find({ selector: { pk }, sort: [{ rsk: 'asc' }], limit: 50 }).exec();
    expect(ids(docs)).toEqual(expected(pk).slice(0, 50));
    expect(reads.getAll).toHaveBeenCalledTimes(1);
    expect(reads.openCursor).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  }
});

it('answers ranges, open ends, skip and limit as RxDB does', async () => {
  const pk = PKS[1]!;
  const all = expected(pk);
  const floor = stored.find((d) => d.id === all[40])!.rsk;
  const ceiling = stored.find((d) => d.id === all[90])!.rsk;
  const below = await db.messages.find({ selector: { pk, rsk: { $gt: floor } }, sort: [{ rsk: 'asc' }], limit: 25 }).exec();
  expect(ids(below)).toEqual(expected(pk, (r) => r > floor).slice(0, 25));
  const between = await db.messages.find({ selector: { pk, rsk: { $gt: floor, $lte: ceiling } }, sort: [{ rsk: 'asc' }] }).exec();
  expect(ids(between)).toEqual(expected(pk, (r) => r > floor && r <= ceiling));
  const head = await db.messages.find({ selector: { pk, rsk: { $lte: floor } }, sort: [{ rsk: 'asc' }] }).exec();
  expect(ids(head)).toEqual(expected(pk, (r) => r <= floor));
  const skipped = await db.messages.find({ selector: { pk }, sort: [{ rsk: 'asc' }], skip: 7, limit: 10 }).exec();
  expect(ids(skipped)).toEqual(all.slice(7, 17));
  const pastTheEnd = await db.messages.find({ selector: { pk }, sort: [{ rsk: 'asc' }], skip: all.length + 3, limit: 10 }).exec();
  expect(pastTheEnd).toEqual([]);
  const none = await db.messages.find({ selector: { pk: 'no such conversation' }, sort: [{ rsk: 'asc' }], limit: 50 }).exec();
  expect(none).toEqual([]);
});

it('gives the live newest-page query (the thread window) its rows and follows a new message', async () => {
  const pk = PKS[2]!;
  const query = newestPageQuery(db, pk);
  expect(ids(await query.exec())).toEqual(expected(pk).slice(0, 50));
  const newest = doc(pk, 5000);
  newest.sk = `0018${newest.sk.slice(4)}`;
  newest.rsk = reverseSortKey(newest.sk);
  await db.messages.insert(newest);
  stored.push(newest);
  const after = await query.exec();
  expect(after[0]!.id).toBe(newest.id);
  expect(ids(after)).toEqual(expected(pk).slice(0, 50));
});

it('keeps the cursor for a query the index does not answer (a selector on another field), with the same rows', async () => {
  const pk = PKS[0]!;
  const reads = countReads();
  const docs = await db.messages.find({ selector: { pk, from: 'user' }, sort: [{ rsk: 'asc' }], limit: 10 }).exec();
  const userIds = new Set(stored.filter((d) => d.from === 'user').map((d) => d.id));
  expect(ids(docs)).toEqual(expected(pk).filter((id) => userIds.has(id)).slice(0, 10));
  expect(reads.openCursor).toHaveBeenCalled();
  expect(reads.getAll).not.toHaveBeenCalled();
});
