// The read mark kept on the server (issue 11 A): POST /bot/mark-read {bot_uuid, sk} stores the
// newest sk the user has seen per (user, bot), only ever forward, and the conversation lists
// answer it (last_read_sk) with an unread count that follows it, so another device (or the same
// one after signing in again) does not show read chats as unread.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationEntry } from '../../src/api/messages';
import { ECHO_BOT_ID } from '../../server/bots/registry';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

let n = 0;
const cid = () => `r-${Date.now()}-${n++}`;

/** A user with a conversation with Echo: the welcome (2 bot messages), then 2 texts answered. Answers the bot messages' sks, oldest first. */
async function conversation(): Promise<{ me: TestSession; botSks: string[] }> {
  const me = await t.signIn();
  const welcome = await t.ok('initiateConversation', { bot_uuid: ECHO_BOT_ID }, { session: me });
  const sks = welcome.messages.map((m) => m.sk);
  for (const body of ['one', 'two']) {
    t.clock.advance(10);
    const answer = await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [{ type: 'text', text: { body }, client_message_id: cid() }] }, { session: me });
    sks.push(...answer.messages.filter((m) => m.from === 'bot').map((m) => m.sk));
  }
  return { me, botSks: sks.sort() };
}

const entryOf = async (me: TestSession): Promise<ConversationEntry> =>
  (await t.ok('getConversationList', {}, { session: me })).conversation_list.find((c) => c.bot_uuid === ECHO_BOT_ID)!;

describe('POST /bot/mark-read', () => {
  it('stores the mark, and the conversation list answers it with the unread count after it', async () => {
    const { me, botSks } = await conversation();
    const before = await entryOf(me);
    expect(before.last_read_sk).toBeNull();

    expect(before.unread_count).toBe(1); // the answer to "two", after the user's last message
    // a mark before the user's last message: the user's own message still counts as reading
    const early = await t.ok('markRead', { bot_uuid: ECHO_BOT_ID, sk: botSks[1]! }, { session: me });
    expect(early).toEqual({ bot_uuid: ECHO_BOT_ID, last_read_sk: botSks[1], unread_count: 1 });
    const mark = botSks.at(-1)!;
    const answer = await t.ok('markRead', { bot_uuid: ECHO_BOT_ID, sk: mark }, { session: me });
    expect(answer).toEqual({ bot_uuid: ECHO_BOT_ID, last_read_sk: mark, unread_count: 0 });
    const entry = await entryOf(me);
    expect(entry.last_read_sk).toBe(mark);
    expect(entry.unread_count).toBe(0);

    // recent activity answers it too
    const recent = await t.ok('getRecentActivityPage', { language: 'en' }, { session: me });
    expect(recent.conversation_list.find((c) => c.bot_uuid === ECHO_BOT_ID)!.last_read_sk).toBe(mark);
  });

  it('reading the newest message leaves nothing unread, as another device sees it', async () => {
    const { me, botSks } = await conversation();
    await t.ok('markRead', { bot_uuid: ECHO_BOT_ID, sk: botSks.at(-1)! }, { session: me });
    t.clock.advance(60_000); // a new code for the number may be asked after 59 s
    const other = await t.signIn(me.mobile);
    const entry = await entryOf(other);
    expect(entry.unread_count).toBe(0);
    expect(entry.last_read_sk).toBe(botSks.at(-1));
  });

  it('never moves back: an older mark is ignored, and a repeat changes nothing', async () => {
    const { me, botSks } = await conversation();
    const newest = botSks.at(-1)!;
    await t.ok('markRead', { bot_uuid: ECHO_BOT_ID, sk: newest }, { session: me });
    const older = await t.ok('markRead', { bot_uuid: ECHO_BOT_ID, sk: botSks[0]! }, { session: me });
    expect(older.last_read_sk).toBe(newest);
    expect(older.unread_count).toBe(0);
    const again = await t.ok('markRead', { bot_uuid: ECHO_BOT_ID, sk: newest }, { session: me });
    expect(again).toEqual(older);
    expect((await entryOf(me)).last_read_sk).toBe(newest);
  });

  it('a mark past the newest message stops at it, so later messages still count as unread', async () => {
    const { me, botSks } = await conversation();
    const future = `${'9'.repeat(15)}_000000001_00000000-0000-7000-8000-000000000000`;
    const answer = await t.ok('markRead', { bot_uuid: ECHO_BOT_ID, sk: future }, { session: me });
    expect(answer.last_read_sk).toBe(botSks.at(-1));
    t.clock.advance(10);
    await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [{ type: 'text', text: { body: 'three' }, client_message_id: cid() }] }, { session: me });
    // the user's own message resets the count; the bot's answer after it is unread
    expect((await entryOf(me)).unread_count).toBe(1);
  });

  it('refuses bad input with a 400, an unknown bot with a 404, and no session with a 401', async () => {
    const { me, botSks } = await conversation();
    for (const body of [{}, { bot_uuid: ECHO_BOT_ID }, { sk: botSks[0] }, { bot_uuid: ECHO_BOT_ID, sk: 'nope' }, { bot_uuid: ECHO_BOT_ID, sk: 5 },
      { bot_uuid: 'x', sk: botSks[0] }, { bot_uuid: ECHO_BOT_ID, sk: botSks[0], extra: 1 }]) {
      const answer = await t.callUnchecked('markRead', body, { session: me });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call('markRead', { bot_uuid: '1999999999999999', sk: botSks[0]! }, { session: me })).status).toBe(404);
    expect((await t.call('markRead', { bot_uuid: ECHO_BOT_ID, sk: botSks[0]! })).status).toBe(401);
  });

  it('another user\'s mark does not touch mine', async () => {
    const a = await conversation();
    const b = await conversation();
    await t.ok('markRead', { bot_uuid: ECHO_BOT_ID, sk: b.botSks.at(-1)! }, { session: b.me });
    expect((await entryOf(a.me)).last_read_sk).toBeNull();
  });
});
