// /bot/get-messages: pages of 50 over 140 messages, forward and backward, with no gap and no
// duplicate; signed cursors refused when tampered with or taken to another user, bot or
// direction; no route lets a user read another user's conversation (IDOR).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/api/messages';
import { ECHO_BOT_ID, SLOW_BOT_ID } from '../../server/bots/registry';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';
import { openSocket } from './helpers/socket';

let t: TestServer;
let alice: TestSession;
let bob: TestSession;
/** Every message of alice's echo conversation, oldest first. */
const all: ChatMessage[] = [];

beforeAll(async () => {
  t = await startTestServer({ slowBotDelayMs: 60_000 });
  alice = await t.signIn();
  bob = await t.signIn();
  for (let batch = 0; batch < 7; batch++) {
    const messages = Array.from({ length: 10 }, (_, i) => ({ type: 'text' as const, text: { body: `m${batch * 10 + i}` }, client_message_id: `p-${batch}-${i}` }));
    const answer = await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages }, { session: alice });
    all.push(...answer.messages);
    // Some batches within one millisecond, some apart: the sk orders both.
    if (batch % 2 === 0) t.clock.advance(1);
  }
  await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [{ type: 'text', text: { body: 'bob here' }, client_message_id: 'p-0-0' }] }, { session: bob });
});
afterAll(() => t.close());

const ids = (messages: readonly ChatMessage[]) => messages.map((m) => m.message_id);

async function walk(session: TestSession, direction: 'forward' | 'backward', botUuid = ECHO_BOT_ID) {
  const pages: ChatMessage[][] = [];
  let token: string | null | undefined;
  for (let i = 0; i < 20; i++) {
    const page = await t.ok('getMessages', { bot_uuid: botUuid, direction, ...(token ? { next_token: token } : {}) }, { session });
    pages.push(page.messages);
    token = page.next_token;
    if (!token) return pages;
  }
  throw new Error('paging never ended');
}

describe('paging', () => {
  it('has 140 messages in sk order', () => {
    expect(all).toHaveLength(140);
    const sks = all.map((m) => m.sk);
    expect([...sks].sort()).toEqual(sks);
    expect(new Set(sks).size).toBe(140);
  });

  it('forward from the start walks every message once, oldest first, in pages of 50', async () => {
    const pages = await walk(alice, 'forward');
    expect(pages.map((p) => p.length)).toEqual([50, 50, 40]);
    expect(ids(pages.flat())).toEqual(ids(all));
  });

  it('backward from the newest page walks every message once; each page is oldest first', async () => {
    const pages = await walk(alice, 'backward');
    expect(pages.map((p) => p.length)).toEqual([50, 50, 40]);
    expect(ids(pages[0]!)).toEqual(ids(all.slice(-50)));
    expect(ids(pages.reverse().flat())).toEqual(ids(all));
  });

  it('the forward token of the newest page picks up only newer messages', async () => {
    const me = await t.signIn();
    await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [{ type: 'text', text: { body: 'one' }, client_message_id: 'f-1' }] }, { session: me });
    const newest = await t.ok('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { session: me });
    expect(newest.next_token).toBeNull();
    expect(newest.messages).toHaveLength(2);
    const none = await t.ok('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'forward', next_token: newest.forward_token }, { session: me });
    expect(none).toMatchObject({ messages: [], next_token: null });
    await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [{ type: 'text', text: { body: 'two' }, client_message_id: 'f-2' }] }, { session: me });
    const newer = await t.ok('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'forward', next_token: none.forward_token }, { session: me });
    expect(newer.messages.map((m) => m.text?.body)).toEqual(['two', 'two']);
  });

  it('an empty conversation answers no messages and no next token', async () => {
    const me = await t.signIn();
    for (const direction of ['forward', 'backward'] as const) {
      const page = await t.ok('getMessages', { bot_uuid: SLOW_BOT_ID, direction }, { session: me });
      expect(page.messages).toEqual([]);
      expect(page.next_token).toBeNull();
    }
  });
});

describe('cursors', () => {
  let token: string;
  beforeAll(async () => {
    token = (await t.ok('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { session: alice })).next_token!;
  });

  it('refuses a tampered token (400) and answers no messages', async () => {
    const [payload, signature] = token.split('.') as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const forgedPayload = Buffer.from(JSON.stringify([alice.tokens.user.user_uuid, ECHO_BOT_ID, 'b', 'z'.repeat(40)])).toString('base64url');
    for (const bad of [flip(token, 3), flip(token, token.length - 2), `${payload}.${signature}.x`, payload, `${forgedPayload}.${signature}`, 'abc.def', `${payload}.`]) {
      const answer = await t.call('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward', next_token: bad }, { session: alice });
      expect(answer.status, bad).toBe(400);
      expect(answer.body).not.toHaveProperty('messages');
    }
  });

  it("refuses another user's token (403), even for the same bot", async () => {
    const answer = await t.call('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward', next_token: token }, { session: bob });
    expect(answer.status).toBe(403);
    expect(answer.body).not.toHaveProperty('messages');
  });

  it("refuses another bot's token (403)", async () => {
    const answer = await t.call('getMessages', { bot_uuid: SLOW_BOT_ID, direction: 'backward', next_token: token }, { session: alice });
    expect(answer.status).toBe(403);
  });

  it('refuses a token of the other direction (400)', async () => {
    const answer = await t.call('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'forward', next_token: token }, { session: alice });
    expect(answer.status).toBe(400);
    expect(answer.ok ? '' : answer.body.message).toMatch(/forward/);
  });
});

describe('no access to another user\'s conversation (IDOR)', () => {
  it('get-messages answers only the caller\'s messages for the same bot', async () => {
    const bobs = (await walk(bob, 'forward')).flat();
    expect(bobs.map((m) => m.text?.body)).toEqual(['bob here', 'bob here']);
    const aliceIds = new Set(ids(all));
    expect(bobs.some((m) => aliceIds.has(m.message_id))).toBe(false);
  });

  it('a shared client_message_id answers the caller\'s own message, never the other user\'s', async () => {
    // 'p-0-0' is alice's first message id; bob used it too (beforeAll).
    const again = await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [{ type: 'text', text: { body: 'x' }, client_message_id: 'p-0-0' }] }, { session: bob });
    expect(again.messages[0]?.text?.body).toBe('bob here');
    expect(ids(again.messages).some((id) => ids(all).includes(id))).toBe(false);
  });

  it('conversation lists show only the caller\'s conversations and last messages', async () => {
    const { conversation_list } = await t.ok('getConversationList', {}, { session: bob });
    expect(conversation_list).toHaveLength(1);
    expect(conversation_list[0]!.last_message?.text?.body).toBe('bob here');
    expect(ids(all)).not.toContain(conversation_list[0]!.last_message?.message_id);
  });

  it('a socket gets only its own user\'s frames, and sends only into its own conversation', async () => {
    const { socket_url } = await t.ok('getSocketUrl', {}, { session: bob });
    const bobSocket = await openSocket(socket_url);
    const aliceSocket = await openSocket((await t.ok('getSocketUrl', {}, { session: alice })).socket_url);
    bobSocket.send({ action: 'send-message', body: { bot_uuid: ECHO_BOT_ID, message: { type: 'text', text: { body: 'only mine' }, client_message_id: 'p-1-1' } } });
    const ack = await bobSocket.next((f) => f.action === 'message-received');
    expect((ack.body as { message: ChatMessage }).message.text?.body).toBe('only mine');
    await bobSocket.next((f) => f.action === 'message-received');
    await new Promise((r) => setTimeout(r, 100));
    expect(aliceSocket.frames).toEqual([]);
    const alicePages = (await walk(alice, 'forward')).flat();
    expect(ids(alicePages)).toEqual(ids(all));
    bobSocket.close();
    aliceSocket.close();
  });

  it('every messages route refuses callers without a session (401)', async () => {
    for (const name of ['getMessages', 'messageWebhookPwa', 'getConversationList', 'getPinnedConversationList', 'getSocketUrl'] as const) {
      const answer = await t.callUnchecked(name, name === 'getMessages' ? { bot_uuid: ECHO_BOT_ID, direction: 'backward' } : {}, {
        headers: { mobile: alice.mobile, 'session-id': bob.tokens.token },
      });
      expect(answer.status, name).toBe(401);
    }
  });
});
