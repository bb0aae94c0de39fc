// The storage budget's eviction rule (src/sync/history-budget.ts), with small numbers.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/api/messages';
import type { AppDatabase } from '../../../src/db/database';
import { enqueueMessage } from '../../../src/db/outbox-store';
import { enforceHistoryBudget } from '../../../src/sync/history-budget';
import { storeServerMessages } from '../../../src/sync/message-store';
import { modifyConversation } from '../../../src/db/modify-conversation';
import { openTestDatabase } from '../db/helpers/fake-db';

const OWNER = '+919800000001';
let db: AppDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

function botMessages(bot: string, n: number, start = 1_700_000_000_000): ChatMessage[] {
  return Array.from({ length: n }, (_, i) => {
    const id = `${bot.slice(-4)}-${String(i).padStart(6, '0')}`;
    return { message_id: id, sk: `${String(start + i).padStart(15, '0')}_${String(i + 1).padStart(9, '0')}_${id}`, timestamp: start + i, from: 'bot', type: 'text', text: { body: `m${i}` }, client_message_id: null } satisfies ChatMessage;
  });
}

const count = async (bot: string) => (await db.messages.find({ selector: { bot_uuid: bot } }).exec()).length;

it('under budget nothing goes; over it the least recently opened conversations are trimmed to their newest, never an unsent message', async () => {
  const [old, mid, recent] = ['1000000000000011', '1000000000000012', '1000000000000013'];
  for (const [bot, openedAt] of [[old, 1], [mid, 2], [recent, 3]] as const) {
    await storeServerMessages(db, bot, botMessages(bot, 40), { owner: OWNER });
    await modifyConversation(db, bot, (c) => ({ ...c, opened_at: openedAt, initial_loaded: true, backward_token: 'tok', forward_token: 'fwd' }));
  }
  const pending = await enqueueMessage(db, { botUuid: old, payload: { type: 'text', text: { body: 'not sent yet' } }, owner: OWNER, now: 1_800_000_000_000 });
  expect(await enforceHistoryBudget(db, { owner: OWNER, budget: 121, target: 100, keepPerConversation: 10 })).toBe(0);

  const removed = await enforceHistoryBudget(db, { owner: OWNER, budget: 100, target: 90, keepPerConversation: 10 });
  // 121 stored: the oldest conversation goes down to its newest 10 (the pending one among them),
  // which is enough to reach the target; the others keep everything
  expect(removed).toBe(31);
  expect(await count(old)).toBe(10);
  expect(await count(mid)).toBe(40);
  expect(await count(recent)).toBe(40);
  expect((await db.messages.findOne(pending).exec())?.status).toBe('pending');
  const kept = (await db.messages.find({ selector: { bot_uuid: old, from: 'bot' } }).exec()).map((m) => m.message.text?.body).sort();
  expect(kept).toEqual(['m31', 'm32', 'm33', 'm34', 'm35', 'm36', 'm37', 'm38', 'm39']);
  // its paging restarts from the newest page next time it is opened
  const conversation = await db.conversations.findOne(old).exec();
  expect([conversation?.initial_loaded, conversation?.backward_token, conversation?.forward_token]).toEqual([false, null, 'fwd']);
  expect((await db.conversations.findOne(mid).exec())?.backward_token).toBe('tok');
});
