import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/api/messages';
import type { AppDatabase } from '../../../src/db/database';
import { enqueueMessage, pkFor, provisionalSk, requeueFailed } from '../../../src/db/outbox-store';
import { storeServerMessages } from '../../../src/sync/message-store';
import { openTestDatabase } from '../db/helpers/fake-db';

const OWNER = '919999999999';
const T0 = 1_700_000_000_000;

const sk = (time: number, n: number, id: string): string => `${String(time).padStart(15, '0')}_${String(n).padStart(9, '0')}_${id}`;

/** Document ids are global in the shared database: every id of a test carries its bot. */
const I = (id: string): string => `${BOT}-${id}`;

function botMsg(shortId: string, time: number, n: number): ChatMessage {
  const id = I(shortId);
  return { message_id: id, sk: sk(time, n, id), timestamp: time, from: 'bot', type: 'text', text: { body: `bot ${id}` }, client_message_id: null };
}

function userMsg(shortId: string, clientId: string, time: number, n: number): ChatMessage {
  const id = I(shortId);
  return { message_id: id, sk: sk(time, n, id), timestamp: time, from: 'user', type: 'text', text: { body: `user ${id}` }, client_message_id: clientId };
}

// One database for the file (opening one takes a few hundred ms); each test has a bot of its own.
let shared: AppDatabase | null = null;
let bots = 0;
let BOT = '';
let PK = '';

beforeAll(async () => {
  shared = await openTestDatabase();
});

afterAll(async () => {
  await shared?.close();
});

function open(): Promise<AppDatabase> {
  bots += 1;
  BOT = `bot${bots}`;
  PK = pkFor(BOT, OWNER);
  return Promise.resolve(shared!);
}

const allMessages = async (d: AppDatabase) => (await d.messages.find({ selector: { pk: PK }, sort: [{ sk: 'asc' }] }).exec()).map((m) => m.toMutableJSON());

describe('storeServerMessages', () => {
  it('the server copy of a pending message replaces it: same document, server sk, status sent', async () => {
    const d = await open();
    const clientId = await enqueueMessage(d, { botUuid: BOT, payload: { type: 'text', text: { body: 'hello' } }, owner: OWNER, now: T0 });
    const before = await allMessages(d);
    expect(before).toHaveLength(1);
    expect(before[0]!.status).toBe('pending');
    expect(before[0]!.sk).toBe(provisionalSk(T0, clientId));

    const server = userMsg('srv1', clientId, T0 + 50, 1);
    await storeServerMessages(d, BOT, [server], { owner: OWNER });
    const after = await allMessages(d);
    expect(after).toHaveLength(1);
    expect(after[0]!.id).toBe(clientId);
    expect(after[0]!.sk).toBe(server.sk);
    expect(after[0]!.message_id).toBe(I('srv1'));
    expect(after[0]!.status).toBe('sent');
    expect(after[0]!.timestamp).toBe(T0 + 50);

    // a later bot message makes it delivered
    await storeServerMessages(d, BOT, [botMsg('b1', T0 + 100, 2)], { owner: OWNER });
    const withBot = await allMessages(d);
    expect(withBot.map((m) => [m.id, m.status])).toEqual([
      [clientId, 'delivered'],
      [I('b1'), undefined],
    ]);
  });

  it('a user message and a later bot message in one page: the user message is delivered', async () => {
    const d = await open();
    await storeServerMessages(d, BOT, [botMsg('b1', T0 + 100, 2), userMsg('u1', I('c1'), T0, 1)], { owner: OWNER });
    const docs = await allMessages(d);
    expect(docs.map((m) => [m.id, m.status])).toEqual([
      [I('c1'), 'delivered'],
      [I('b1'), undefined],
    ]);
  });

  it('a batch carrying the same message twice (the echoes of a send and its resend) stores it once, counted once', async () => {
    const d = await open();
    const echo = userMsg('u1', I('c1'), T0, 1);
    await storeServerMessages(d, BOT, [echo, botMsg('b1', T0 + 100, 2), echo, botMsg('b1', T0 + 100, 2)], { owner: OWNER, countUnread: true });
    expect((await allMessages(d)).map((m) => [m.id, m.status])).toEqual([
      [I('c1'), 'delivered'],
      [I('b1'), undefined],
    ]);
    expect((await d.conversations.findOne(BOT).exec())?.unread_count).toBe(1);
  });

  it('a user message after the newest bot message stays sent', async () => {
    const d = await open();
    await storeServerMessages(d, BOT, [botMsg('b1', T0, 1), userMsg('u1', I('c1'), T0 + 100, 2)], { owner: OWNER });
    expect((await allMessages(d)).map((m) => m.status)).toEqual([undefined, 'sent']);
  });

  it('a delivered message never goes back to sent when an older copy is stored again', async () => {
    const d = await open();
    const user = userMsg('u1', I('c1'), T0, 1);
    await storeServerMessages(d, BOT, [user, botMsg('b1', T0 + 100, 2)], { owner: OWNER });
    expect((await d.messages.findOne(I('c1')).exec())!.status).toBe('delivered');
    await storeServerMessages(d, BOT, [user], { owner: OWNER });
    expect((await d.messages.findOne(I('c1')).exec())!.status).toBe('delivered');
    expect(await d.messages.count({ selector: { pk: PK } }).exec()).toBe(2);
  });

  it('a failed message acknowledged late moves on to sent', async () => {
    const d = await open();
    const clientId = await enqueueMessage(d, { botUuid: BOT, payload: { type: 'text', text: { body: 'x' } }, owner: OWNER, now: T0 });
    await (await d.messages.findOne(clientId).exec())!.incrementalPatch({ status: 'failed' });
    await storeServerMessages(d, BOT, [userMsg('srv', clientId, T0 + 1, 1)], { owner: OWNER });
    expect((await d.messages.findOne(clientId).exec())!.status).toBe('sent');
  });

  it('counts unread bot messages newer than the last one when asked', async () => {
    const d = await open();
    await storeServerMessages(d, BOT, [botMsg('b1', T0, 1)], { owner: OWNER, countUnread: true });
    expect((await d.conversations.findOne(BOT).exec())!.unread_count).toBe(1);
    await storeServerMessages(d, BOT, [botMsg('b2', T0 + 10, 2), userMsg('u3', I('c3'), T0 + 20, 3), botMsg('b4', T0 + 30, 4)], { owner: OWNER, countUnread: true });
    expect((await d.conversations.findOne(BOT).exec())!.unread_count).toBe(3);
    // the same messages again are not new
    await storeServerMessages(d, BOT, [botMsg('b2', T0 + 10, 2), botMsg('b4', T0 + 30, 4)], { owner: OWNER, countUnread: true });
    expect((await d.conversations.findOne(BOT).exec())!.unread_count).toBe(3);
    // not counted when the conversation is open
    await storeServerMessages(d, BOT, [botMsg('b5', T0 + 40, 5)], { owner: OWNER });
    expect((await d.conversations.findOne(BOT).exec())!.unread_count).toBe(3);
  });

  it("the conversation's last message follows the newest sk even when an older page is stored later", async () => {
    const d = await open();
    const newer = [botMsg('b3', T0 + 30, 3), botMsg('b4', T0 + 40, 4)];
    const older = [botMsg('b1', T0 + 10, 1), botMsg('b2', T0 + 20, 2)];
    await storeServerMessages(d, BOT, newer, { owner: OWNER });
    await storeServerMessages(d, BOT, older, { owner: OWNER });
    const conv = (await d.conversations.findOne(BOT).exec())!;
    expect(conv.last_message?.message_id).toBe(I('b4'));
    expect(conv.last_activity).toBe(T0 + 40);
    expect(conv.delivered_sk).toBe(newer[1]!.sk);
    expect((await allMessages(d)).map((m) => m.id)).toEqual(['b1', 'b2', 'b3', 'b4'].map(I));
  });

  it('an empty list stores nothing and creates no conversation', async () => {
    const d = await open();
    expect(await storeServerMessages(d, BOT, [], { owner: OWNER })).toEqual([]);
    expect(await d.conversations.findOne(BOT).exec()).toBeNull();
  });
});

describe('requeueFailed', () => {
  it('requeues a failed message: provisional sk at the new time, pending, outbox queued', async () => {
    const d = await open();
    const id = await enqueueMessage(d, { botUuid: BOT, payload: { type: 'text', text: { body: 'retry me' } }, owner: OWNER, now: T0 });
    await (await d.messages.findOne(id).exec())!.incrementalPatch({ status: 'failed' });
    await (await d.outbox.findOne(id).exec())!.incrementalPatch({ state: 'failed', attempts: 3, next_attempt_at: T0 + 999, last_error: '400:-bad' });

    const later = T0 + 60_000;
    expect(await requeueFailed(d, id, later)).toBe(true);
    const msg = (await d.messages.findOne(id).exec())!.toMutableJSON();
    expect(msg.status).toBe('pending');
    expect(msg.sk).toBe(provisionalSk(later, id));
    expect(msg.timestamp).toBe(later);
    expect(msg.message.sk).toBe(provisionalSk(later, id));
    expect(msg.message.timestamp).toBe(later);
    const entry = (await d.outbox.findOne(id).exec())!.toMutableJSON();
    expect(entry).toMatchObject({ state: 'queued', attempts: 0, next_attempt_at: 0, last_error: null, created_at: later });
  });

  it.each(['pending', 'sent', 'delivered'] as const)('leaves a %s message alone', async (status) => {
    const d = await open();
    const id = await enqueueMessage(d, { botUuid: BOT, payload: { type: 'text', text: { body: 'x' } }, owner: OWNER, now: T0 });
    if (status !== 'pending') await (await d.messages.findOne(id).exec())!.incrementalPatch({ status });
    const before = (await d.messages.findOne(id).exec())!.toMutableJSON();
    expect(await requeueFailed(d, id, T0 + 60_000)).toBe(false);
    expect((await d.messages.findOne(id).exec())!.toMutableJSON()).toEqual(before);
    expect((await d.outbox.findOne(id).exec())!.created_at).toBe(T0);
  });

  it('answers false for an unknown id', async () => {
    const d = await open();
    expect(await requeueFailed(d, 'nope', T0)).toBe(false);
  });
});
