// The server's read mark in a list refresh (issue 11 A, src/sync/conversation-store.ts): before
// the thread is loaded here the server's count is taken; after, this device's count unless the
// mark read on another device is newer, then what is stored here after the mark is unread.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChatMessage, ConversationEntry } from '../../../src/api/messages';
import type { AppDatabase } from '../../../src/db/database';
import { getLocalDoc, setLocalDoc } from '../../../src/db/local-store';
import { storeServerMessages } from '../../../src/sync/message-store';
import { modifyConversation } from '../../../src/db/modify-conversation';
import { mergeConversationEntries } from '../../../src/sync/conversation-store';
import { openTestDatabase } from '../db/helpers/fake-db';

const OWNER = '+919800000002';
let db: AppDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
  const session = await getLocalDoc(db, 'session');
  await setLocalDoc(db, 'session', { ...(session ?? {}), mobile: OWNER } as NonNullable<typeof session>);
});
afterAll(() => db.close());

function botMessages(bot: string, n: number, start = 1_700_000_000_000): ChatMessage[] {
  return Array.from({ length: n }, (_, i) => {
    const id = `${bot.slice(-4)}-${String(i).padStart(6, '0')}`;
    return { message_id: id, sk: `${String(start + i).padStart(15, '0')}_${String(i + 1).padStart(9, '0')}_${id}`, timestamp: start + i, from: 'bot', type: 'text', text: { body: `m${i}` }, client_message_id: null } satisfies ChatMessage;
  });
}

const entry = (bot: string, unread: number, mark: string | null, last: ChatMessage): ConversationEntry => ({
  bot_uuid: bot, name: 'Bot', icon: '', block_time: null, archive_time: null, mute_time: null, mute_duration: null, pinned: false,
  unread_count: unread, last_message: last, last_read_sk: mark,
});
const unread = async (bot: string) => (await db.conversations.findOne(bot).exec())?.unread_count;

it('takes the server\'s count before the thread is loaded here', async () => {
  const bot = '1000000000000021';
  const msgs = botMessages(bot, 3);
  await mergeConversationEntries(db, [entry(bot, 0, msgs[2]!.sk, msgs[2]!)]);
  expect(await unread(bot)).toBe(0);
});

it('a newer mark from another device lowers this device\'s count to the messages after it; an older one changes nothing', async () => {
  const bot = '1000000000000022';
  const msgs = botMessages(bot, 5);
  await storeServerMessages(db, bot, msgs, { owner: OWNER, countUnread: true });
  await modifyConversation(db, bot, (c) => ({ ...c, initial_loaded: true }));
  expect(await unread(bot)).toBe(5);
  // read up to the 4th message elsewhere: 1 left
  await mergeConversationEntries(db, [entry(bot, 1, msgs[3]!.sk, msgs[4]!)]);
  expect(await unread(bot)).toBe(1);
  // an older mark (or none) does not bring the read ones back
  await mergeConversationEntries(db, [entry(bot, 4, msgs[0]!.sk, msgs[4]!)]);
  expect(await unread(bot)).toBe(1);
  await mergeConversationEntries(db, [entry(bot, 5, null, msgs[4]!)]);
  expect(await unread(bot)).toBe(1);
  // read to the newest elsewhere
  await mergeConversationEntries(db, [entry(bot, 0, msgs[4]!.sk, msgs[4]!)]);
  expect(await unread(bot)).toBe(0);
});
