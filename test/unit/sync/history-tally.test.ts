// The running count of stored messages (src/sync/history-tally.ts): one count a minute after the
// engine starts leading, then inserts and deletes followed from the collection's events, and the
// budget counted and trimmed again only when that running count passes it.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../src/api/messages';
import type { AppDatabase } from '../../../src/db/database';
import { enqueueMessage } from '../../../src/db/outbox-store';
import type { Clock } from '../../../src/sync/http-client';
import { HISTORY_FIRST_CHECK_MS, watchHistoryBudget } from '../../../src/sync/history-tally';
import { storeServerMessages } from '../../../src/sync/message-store';
import { openTestDatabase } from '../db/helpers/fake-db';

const OWNER = '+919800000001';
const BOT = '1000000000000021';
let db: AppDatabase;
let stop: (() => void) | null = null;
const timers: Array<{ fn: () => void; ms: number }> = [];
const clock: Clock = { now: () => Date.now(), setTimeout: (fn, ms) => timers.push({ fn, ms }), clearTimeout: () => {} };

beforeEach(async () => {
  db = await openTestDatabase();
  timers.length = 0;
});
afterEach(async () => {
  stop?.();
  stop = null;
  await db.close();
});

let seq = 0;
function botMessages(n: number): ChatMessage[] {
  return Array.from({ length: n }, () => {
    const i = ++seq;
    const id = `tally-${String(i).padStart(6, '0')}`;
    const at = 1_700_000_000_000 + i;
    return { message_id: id, sk: `${at}_${String(i).padStart(9, '0')}_${id}`, timestamp: at, from: 'bot', type: 'text', text: { body: `m${i}` }, client_message_id: null } satisfies ChatMessage;
  });
}

it('counts once after the first wait, follows stores and removals, and counts and trims again only past the budget', async () => {
  const count = vi.spyOn(db.messages, 'count');
  const checked: number[] = [];
  stop = watchHistoryBudget({ db, clock, owner: async () => OWNER, log: () => {}, limits: { budget: 50, target: 30, keepPerConversation: 20 }, onChecked: (t) => checked.push(t) });
  await storeServerMessages(db, BOT, botMessages(20), { owner: OWNER });
  // nothing counted before the first check's wait
  expect(count).not.toHaveBeenCalled();
  expect(timers.map((t) => t.ms)).toEqual([HISTORY_FIRST_CHECK_MS]);
  timers[0]!.fn();
  await vi.waitFor(() => expect(checked).toEqual([20]));

  // 30 more, the user's own send among them: 50 is the budget, not past it
  await storeServerMessages(db, BOT, botMessages(29), { owner: OWNER });
  await enqueueMessage(db, { botUuid: BOT, payload: { type: 'text', text: { body: 'mine' } }, owner: OWNER, now: 1_800_000_000_000 });
  await new Promise((r) => setTimeout(r, 50));
  expect(count).toHaveBeenCalledTimes(1);
  // removals count down: two removed, two more stored, still 50
  const two = (await db.messages.find({ limit: 2 }).exec()).map((m) => m.id);
  await db.messages.bulkRemove(two);
  await storeServerMessages(db, BOT, botMessages(2), { owner: OWNER });
  await new Promise((r) => setTimeout(r, 50));
  expect(count).toHaveBeenCalledTimes(1);

  // one more passes the budget: counted (51) and trimmed to the conversation's newest 20
  await storeServerMessages(db, BOT, botMessages(1), { owner: OWNER });
  await vi.waitFor(() => expect(checked).toEqual([20, 20]));
  expect(count).toHaveBeenCalledTimes(2);
  expect(await db.messages.count().exec()).toBe(20);
  // no timer of its own after the first
  expect(timers).toHaveLength(1);
});

it('stopped (the engine stops leading): no first count, no more following', async () => {
  const count = vi.spyOn(db.messages, 'count');
  stop = watchHistoryBudget({ db, clock, owner: async () => OWNER, log: () => {}, limits: { budget: 5 } });
  stop();
  timers[0]!.fn();
  await storeServerMessages(db, BOT, botMessages(10), { owner: OWNER });
  await new Promise((r) => setTimeout(r, 50));
  expect(count).not.toHaveBeenCalled();
});
