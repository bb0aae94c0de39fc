// Bots and chat over HTTP and the live socket: suggested list, initiate/subscribe, the echo
// bot over the webhook and the socket, the slow bot's later reply, idempotent sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/api/messages';
import { ECHO_BOT_ID, SLOW_BOT_ID } from '../../server/bots/registry';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';
import { openSocket, type TestSocket } from './helpers/socket';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ slowBotDelayMs: 300 });
});
afterAll(() => t.close());

const text = (body: string, id: string) => ({ type: 'text' as const, text: { body }, client_message_id: id });
let n = 0;
const cid = () => `c-${Date.now()}-${n++}`;

async function socketOf(me: TestSession): Promise<TestSocket> {
  const { socket_url } = await t.ok('getSocketUrl', {}, { session: me });
  return openSocket(socket_url);
}

const received = (pred: (m: ChatMessage) => boolean) => (f: { action: string; body: unknown }) =>
  f.action === 'message-received' && pred((f.body as { message: ChatMessage }).message);

describe('bot lists', () => {
  it('suggests the demo bots with 16-digit ids', async () => {
    const me = await t.signIn();
    const { bot_list } = await t.ok('getSuggestedList', {}, { session: me });
    expect(bot_list.map((b) => b.bot_uuid)).toEqual(expect.arrayContaining([ECHO_BOT_ID, SLOW_BOT_ID]));
    for (const b of bot_list) {
      expect(b.bot_uuid).toMatch(/^\d{16}$/);
      expect(b.subscribed).toBe(false);
    }
  });

  it('initiates a conversation: subscribes, stores the welcome once, lists the conversation', async () => {
    const me = await t.signIn();
    const first = await t.ok('initiateConversation', { bot_uuid: ECHO_BOT_ID }, { session: me });
    expect(first.bot.subscribed).toBe(true);
    expect(first.messages.length).toBeGreaterThan(0);
    expect(first.messages.every((m) => m.from === 'bot')).toBe(true);
    const again = await t.ok('initiateConversation', { bot_uuid: ECHO_BOT_ID }, { session: me });
    expect(again.messages).toEqual([]);
    const { conversation_list } = await t.ok('getConversationList', {}, { session: me });
    expect(conversation_list).toHaveLength(1);
    expect(conversation_list[0]).toMatchObject({ bot_uuid: ECHO_BOT_ID, pinned: false, unread_count: first.messages.length, mute_duration: null });
    expect(conversation_list[0]!.last_message?.message_id).toBe(first.messages.at(-1)!.message_id);
    expect((await t.ok('getPinnedConversationList', {}, { session: me })).pinned_list).toEqual([]);
  });

  it('a bot blocked before the first initiate sends no welcome (nor on its socket); unblocked, the next initiate does', async () => {
    const me = await t.signIn();
    const socket = await socketOf(me);
    try {
      await t.ok('blockBot', { bot_uuid: ECHO_BOT_ID }, { session: me });
      const first = await t.ok('initiateConversation', { bot_uuid: ECHO_BOT_ID }, { session: me });
      expect(first.messages).toEqual([]);
      expect(first.bot.subscribed).toBe(true);
      const page = await t.ok('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { session: me });
      expect(page.messages).toEqual([]);
      await t.ok('unblockBot', { bot_uuid: ECHO_BOT_ID }, { session: me });
      const after = await t.ok('initiateConversation', { bot_uuid: ECHO_BOT_ID }, { session: me });
      expect(after.messages.length).toBeGreaterThan(0);
      // the socket saw the welcome only after the unblock: its first bot message is the one initiate answered now
      const frame = await socket.next(received((m) => m.from === 'bot'));
      expect((frame.body as { message: ChatMessage }).message.message_id).toBe(after.messages[0]!.message_id);
    } finally {
      socket.close();
    }
  });

  it('subscribes, and answers configuration and bot user details', async () => {
    const me = await t.signIn();
    const sub = await t.ok('subscribeBot', { bot_uuid: SLOW_BOT_ID }, { session: me });
    expect(sub.bot).toMatchObject({ bot_uuid: SLOW_BOT_ID, subscribed: true });
    const { conversation_list } = await t.ok('getConversationList', {}, { session: me });
    expect(conversation_list.map((c) => c.bot_uuid)).toEqual([SLOW_BOT_ID]);
    expect(conversation_list[0]!.last_message).toBeNull();
    expect(await t.ok('getConfiguration', { bot_uuid: SLOW_BOT_ID }, { session: me })).toMatchObject({ bot_uuid: SLOW_BOT_ID, allow_user_media: true });
    expect(await t.ok('getConfiguration', { bot_uuid: ECHO_BOT_ID }, { session: me })).toMatchObject({ allow_user_media: false });
    expect(await t.ok('getBotUserDetails', { bot_uuid: ECHO_BOT_ID }, { session: me })).toMatchObject({ bot_uuid: ECHO_BOT_ID, old_bot: false, configuration: { description: expect.any(String) } });
  });

  it('answers 404 for an unknown bot on every bot route', async () => {
    const me = await t.signIn();
    const unknown = '9999999999999999';
    for (const name of ['initiateConversation', 'subscribeBot', 'getConfiguration', 'getBotUserDetails'] as const) {
      const answer = await t.call(name, { bot_uuid: unknown }, { session: me });
      expect(answer.status, name).toBe(404);
    }
    expect((await t.call('getMessages', { bot_uuid: unknown, direction: 'backward' }, { session: me })).status).toBe(404);
    expect((await t.call('messageWebhookPwa', { botId: unknown, messages: [text('x', cid())] }, { session: me })).status).toBe(404);
  });
});

describe('echo bot', () => {
  it('answers the same text over the webhook, and acknowledges it on the socket', async () => {
    const me = await t.signIn();
    const socket = await socketOf(me);
    const id = cid();
    const answer = await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [text('hello there', id)] }, { session: me });
    expect(answer.messages).toHaveLength(2);
    const [mine, reply] = answer.messages as [ChatMessage, ChatMessage];
    expect(mine).toMatchObject({ from: 'user', type: 'text', text: { body: 'hello there' }, client_message_id: id });
    expect(reply).toMatchObject({ from: 'bot', type: 'text', text: { body: 'hello there' }, client_message_id: null });
    expect(reply.sk > mine.sk).toBe(true);
    expect(answer.meta.gaEvents[0]).toMatchObject({ category: expect.any(String), action: expect.any(String), label: ECHO_BOT_ID, value: 1 });
    const ack = await socket.next(received((m) => m.client_message_id === id));
    expect(ack.body).toEqual({ bot_uuid: ECHO_BOT_ID, message: mine });
    const pushed = await socket.next(received((m) => m.message_id === reply.message_id));
    expect(pushed.body).toEqual({ bot_uuid: ECHO_BOT_ID, message: reply });
    socket.close();
  });

  it('a first send subscribes, and the conversation lists its newest message and the unread reply', async () => {
    // server/bots/store.ts stores a message and moves the conversation's newest in one statement;
    // server/bots/bot-language.ts subscribes and reads the profile's language in one
    const me = await t.signIn();
    const id = cid();
    const answer = await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [text('first words', id)] }, { session: me });
    const reply = answer.messages.at(-1)!;
    const { bot_list } = await t.ok('getSuggestedList', {}, { session: me });
    expect(bot_list.find((b) => b.bot_uuid === ECHO_BOT_ID)?.subscribed).toBe(true);
    const { conversation_list } = await t.ok('getConversationList', {}, { session: me });
    expect(conversation_list).toHaveLength(1);
    expect(conversation_list[0]).toMatchObject({ bot_uuid: ECHO_BOT_ID, unread_count: 1 });
    expect(conversation_list[0]!.last_message?.message_id).toBe(reply.message_id);
    // a repeated client_message_id stores nothing and moves nothing
    const again = await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [text('first words', id)] }, { session: me });
    expect(again.messages.map((m) => m.message_id)).toEqual(answer.messages.map((m) => m.message_id));
    expect((await t.ok('getConversationList', {}, { session: me })).conversation_list[0]!.last_message?.message_id).toBe(reply.message_id);
  });

  it('answers a button choice', async () => {
    const me = await t.signIn();
    const answer = await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [{ type: 'button_response', button_index: 1, client_message_id: cid() }] }, { session: me });
    expect(answer.messages[0]).toMatchObject({ from: 'user', type: 'button_response', button_index: 1 });
    expect(answer.messages[1]?.text?.body).toMatch(/1/);
  });

  it('answers over the socket: send-message and web-send-message', async () => {
    const me = await t.signIn();
    const socket = await socketOf(me);
    for (const action of ['send-message', 'web-send-message']) {
      const id = cid();
      socket.send({ action, body: { bot_uuid: ECHO_BOT_ID, message: text(`via ${action}`, id) } });
      const ack = await socket.next(received((m) => m.client_message_id === id));
      expect((ack.body as { message: ChatMessage }).message).toMatchObject({ from: 'user', sk: expect.any(String) });
      await socket.next(received((m) => m.from === 'bot' && m.text?.body === `via ${action}`));
    }
    const page = await t.ok('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { session: me });
    expect(page.messages.map((m) => m.text?.body)).toEqual(['via send-message', 'via send-message', 'via web-send-message', 'via web-send-message']);
    socket.close();
  });

  it('pushes to every socket of the user and to no other user', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const [a, b, c] = await Promise.all([socketOf(me), socketOf(me), socketOf(other)]);
    const id = cid();
    await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [text('to both', id)] }, { session: me });
    await a.next(received((m) => m.from === 'bot' && m.text?.body === 'to both'));
    await b.next(received((m) => m.from === 'bot' && m.text?.body === 'to both'));
    await new Promise((r) => setTimeout(r, 100));
    expect(c.frames).toEqual([]);
    for (const s of [a, b, c]) s.close();
  });
});

describe('slow bot', () => {
  it('answers later, over the socket only', async () => {
    const me = await t.signIn();
    const socket = await socketOf(me);
    const id = cid();
    const answer = await t.ok('messageWebhookPwa', { botId: SLOW_BOT_ID, messages: [text('take your time', id)] }, { session: me });
    expect(answer.messages).toHaveLength(1);
    expect(answer.messages[0]).toMatchObject({ from: 'user', client_message_id: id });
    const before = await t.ok('getMessages', { bot_uuid: SLOW_BOT_ID, direction: 'backward' }, { session: me });
    expect(before.messages).toHaveLength(1);
    const reply = await socket.next(received((m) => m.from === 'bot'), 5000);
    expect((reply.body as { message: ChatMessage }).message.text).toEqual({ body: 'take your time' });
    const after = await t.ok('getMessages', { bot_uuid: SLOW_BOT_ID, direction: 'forward', next_token: before.forward_token }, { session: me });
    expect(after.messages.map((m) => m.from)).toEqual(['bot']);
    expect(after.next_token).toBeNull();
    socket.close();
  });
});

describe('idempotent sends', () => {
  it('a repeated client_message_id stores nothing and answers the same', async () => {
    const me = await t.signIn();
    const id = cid();
    const first = await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [text('once', id)] }, { session: me });
    const second = await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [text('once', id)] }, { session: me });
    expect(second.messages).toEqual(first.messages);
    const socket = await socketOf(me);
    socket.send({ action: 'send-message', body: { bot_uuid: ECHO_BOT_ID, message: text('once', id) } });
    const ack = await socket.next(received((m) => m.client_message_id === id));
    expect((ack.body as { message: ChatMessage }).message).toEqual(first.messages[0]);
    await new Promise((r) => setTimeout(r, 150));
    const page = await t.ok('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { session: me });
    expect(page.messages).toHaveLength(2);
    socket.close();
  });

  it('concurrent sends of one client_message_id store one message', async () => {
    const me = await t.signIn();
    const id = cid();
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [text('race', id)] }, { session: me })));
    const ids = new Set(answers.map((a) => a.messages[0]!.message_id));
    expect(ids.size).toBe(1);
    const page = await t.ok('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { session: me });
    expect(page.messages.filter((m) => m.from === 'user')).toHaveLength(1);
    expect(page.messages.filter((m) => m.from === 'bot')).toHaveLength(1);
  });

  it('the same client_message_id in another conversation is a 409, and two users may share one', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const id = cid();
    await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [text('a', id)] }, { session: me });
    expect((await t.call('messageWebhookPwa', { botId: SLOW_BOT_ID, messages: [text('a', id)] }, { session: me })).status).toBe(409);
    const theirs = await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [text('b', id)] }, { session: other });
    expect(theirs.messages[0]?.text?.body).toBe('b');
  });
});
