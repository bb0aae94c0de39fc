// The sync engine (in-process, the worker's code) against the real server: sending through the
// outbox with the live socket and without it, offline and back, paging both ways, catch-up after
// a reconnect, 'User Unauthorised', the reply timeout, and the leader election of two tabs.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/api/messages';
import { INTERNAL_ERROR_TEXT } from '../../src/domain/errors';
import type { MessageStatus } from '../../src/domain/message-status';
import { createLocalLockManager } from '../../src/sync/leader';
import { getLocalDoc } from '../../src/db/local-store';
import { ECHO_BOT_ID, findBot, SLOW_BOT_ID } from '../../server/bots/registry';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { CHAT_COLLECTIONS } from '../unit/db/helpers/fake-db';
import { startChatClient, waitFor, type ChatClient } from './helpers/chat-client';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ slowBotDelayMs: 200 });
});
afterAll(() => t.close());

const clients: ChatClient[] = [];
const proxies: FaultProxy[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(proxies.splice(0).map((p) => p.close()));
});

async function signedInClient(opts: Partial<Parameters<typeof startChatClient>[0]> = {}): Promise<ChatClient> {
  const c = await startChatClient({ origin: t.url, ...opts });
  clients.push(c);
  await c.signIn(t.freshMobile(), (m) => t.lastCode(m));
  return c;
}

/** The user's messages as the server has them (oldest first), through its own paging. */
async function serverMessages(c: ChatClient, botUuid: string): Promise<ChatMessage[]> {
  const session = await getLocalDoc(c.db, 'session');
  const headers = { mobile: session!.mobile!, 'session-id': session!.token! };
  const all: ChatMessage[] = [];
  let token: string | null = null;
  do {
    const res = await t.fetch('/api/bot/get-messages', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ bot_uuid: botUuid, direction: 'forward', next_token: token }) });
    const page = (await res.json()) as { messages: ChatMessage[]; next_token: string | null };
    all.push(...page.messages);
    token = page.next_token;
  } while (token);
  return all;
}

const statusOf = async (c: ChatClient, id: string) => (await c.db.messages.findOne(id).exec())?.status;
const socketOpen = (c: ChatClient) => waitFor(async () => (await getLocalDoc(c.db, 'sync-status'))?.socketState === 1, 5000, 'socket open');

/** Every status a message goes through, as RxDB emits it. */
function recordStatuses(c: ChatClient, id: string): MessageStatus[] {
  const seen: MessageStatus[] = [];
  c.db.messages.findOne(id).$.subscribe((d) => {
    const s = d?.status;
    if (s && seen[seen.length - 1] !== s) seen.push(s);
  });
  return seen;
}

describe('sending', () => {
  it('over the live socket: pending, then sent by the echo, then delivered by the bot reply', async () => {
    const c = await signedInClient();
    await socketOpen(c);
    const id = await c.sendText(ECHO_BOT_ID, 'hello there');
    const seen = recordStatuses(c, id);
    await waitFor(async () => (await statusOf(c, id)) === 'delivered', 5000, 'delivered');
    const reply = await waitFor(async () => (await c.db.messages.find({ selector: { bot_uuid: ECHO_BOT_ID, from: 'bot' } }).exec()).find((m) => m.message.text?.body === 'hello there'));
    expect(reply).toBeTruthy();
    // The entry leaves the outbox right after the echo is stored (the reply may come in the same batch).
    await waitFor(async () => (await c.db.outbox.count().exec()) === 0, 5000, 'outbox empty');
    expect(seen.indexOf('sent')).toBeLessThan(seen.indexOf('delivered'));
    const stored = await c.db.messages.findOne(id).exec();
    expect(stored?.sk).toMatch(/^\d{15}_\d{9}_/);
    expect(stored?.message_id).toBeTruthy();
    expect((await serverMessages(c, ECHO_BOT_ID)).filter((m) => m.client_message_id === id)).toHaveLength(1);
  });

  it('without a socket, through the webhook, in batches, in order', async () => {
    const c = await signedInClient({ noSocket: true });
    const ids: string[] = [];
    for (let i = 0; i < 45; i++) ids.push(await c.sendText(ECHO_BOT_ID, `m${i}`));
    await waitFor(async () => (await c.db.outbox.count().exec()) === 0, 10_000, 'outbox empty');
    const onServer = (await serverMessages(c, ECHO_BOT_ID)).filter((m) => m.from === 'user').map((m) => m.client_message_id);
    expect(onServer).toEqual(ids);
    for (const id of ids) expect(await statusOf(c, id)).toBe('delivered');
  });

  it('offline: sends stay pending; back online each is delivered once, in order', async () => {
    const c = await signedInClient();
    await socketOpen(c);
    c.setOnline(false);
    await waitFor(async () => (await getLocalDoc(c.db, 'sync-status'))?.online === false, 2000, 'offline status');
    const ids = [await c.sendText(ECHO_BOT_ID, 'one'), await c.sendText(ECHO_BOT_ID, 'two'), await c.sendText(ECHO_BOT_ID, 'three')];
    await c.engine.invoke('syncNow');
    for (const id of ids) expect(await statusOf(c, id)).toBe('pending');
    c.setOnline(true);
    await waitFor(async () => (await Promise.all(ids.map((id) => statusOf(c, id)))).every((s) => s === 'delivered'), 5000, 'all delivered');
    const onServer = (await serverMessages(c, ECHO_BOT_ID)).filter((m) => m.from === 'user').map((m) => m.client_message_id);
    expect(onServer).toEqual(ids);
  });

  it("a thread first opened offline: back online, the bot's welcome comes before the texts queued meanwhile", async () => {
    const c = await signedInClient();
    await socketOpen(c);
    c.setOnline(false);
    await waitFor(async () => (await getLocalDoc(c.db, 'sync-status'))?.online === false, 2000, 'offline status');
    await c.engine.invoke('openConversation', ECHO_BOT_ID);
    const ids = [await c.sendText(ECHO_BOT_ID, 'one'), await c.sendText(ECHO_BOT_ID, 'two')];
    c.setOnline(true);
    await waitFor(async () => (await Promise.all(ids.map((id) => statusOf(c, id)))).every((s) => s === 'delivered'), 5000, 'all delivered');
    const welcome = findBot(ECHO_BOT_ID)!.welcome('en').length;
    const expected = [...Array<string>(welcome).fill('bot'), 'user:one', 'bot', 'user:two', 'bot'];
    const shape = (messages: ChatMessage[]) => messages.map((m) => (m.from === 'user' && m.type === 'text' ? `user:${m.text?.body ?? ''}` : m.from));
    expect(shape(await serverMessages(c, ECHO_BOT_ID))).toEqual(expected);
    // and so on the device, in the order the thread shows
    const onDevice = async () => shape((await c.db.messages.find({ selector: { bot_uuid: ECHO_BOT_ID }, sort: [{ sk: 'asc' }] }).exec()).map((d) => d.message as ChatMessage));
    await waitFor(async () => (await onDevice()).length === expected.length, 5000, 'every message stored');
    expect(await onDevice()).toEqual(expected);
  });

  it('a send the server refuses for good is failed; a retry puts it back to pending and it goes', async () => {
    const c = await signedInClient({ noSocket: true });
    // an id of another conversation: the server answers 409 for the second use
    const first = await c.sendText(ECHO_BOT_ID, 'first');
    await waitFor(async () => (await statusOf(c, first)) === 'delivered');
    const { pendingMessageDoc, requeueFailed } = await import('../../src/db/outbox-store');
    // an entry whose wire id reuses `first` in another conversation: the server's 409
    const entry = await c.db.outbox.insert({
      id: `${first}-x`, kind: 'message', bot_uuid: SLOW_BOT_ID, payload: { type: 'text', text: { body: 'reused id' }, client_message_id: first },
      state: 'queued', attempts: 0, next_attempt_at: 0, created_at: Date.now(), last_error: null,
    });
    await c.db.messages.insert(pendingMessageDoc(entry.toMutableJSON(), c.mobile!));
    await c.engine.invoke('syncNow');
    await waitFor(async () => (await statusOf(c, `${first}-x`)) === 'failed', 5000, 'failed');
    expect((await c.db.outbox.findOne(`${first}-x`).exec())?.state).toBe('failed');
    // the user taps retry after the cause is gone (here: the payload fixed)
    await entry.getLatest().incrementalPatch({ payload: { type: 'text', text: { body: 'reused id' }, client_message_id: `${first}-x` } });
    expect(await requeueFailed(c.db, `${first}-x`, Date.now())).toBe(true);
    expect(await statusOf(c, `${first}-x`)).toBe('pending');
    await c.engine.invoke('syncNow');
    await waitFor(async () => (await statusOf(c, `${first}-x`)) === 'sent' || (await statusOf(c, `${first}-x`)) === 'delivered', 5000, 'sent after retry');
  });
});

describe('paging', () => {
  /** Fills the conversation on the server: `n` texts over the webhook as this user (each echoed: 2n messages). */
  async function seed(c: ChatClient, botUuid: string, n: number, prefix: string) {
    const session = await getLocalDoc(c.db, 'session');
    const headers = { mobile: session!.mobile!, 'session-id': session!.token!, 'content-type': 'application/json' };
    for (let i = 0; i < n; i += 20) {
      const messages = Array.from({ length: Math.min(20, n - i) }, (_, k) => ({ type: 'text', text: { body: `${prefix}${i + k}` }, client_message_id: `${prefix}-${Date.now()}-${i + k}` }));
      const res = await t.fetch('/api/bot/message-webhook-pwa', { method: 'POST', headers, body: JSON.stringify({ botId: botUuid, messages }) });
      expect(res.status).toBe(200);
    }
  }

  it('loads the newest page, pages back to the first message, then forward picks up new ones', async () => {
    const c = await signedInClient({ noSocket: true });
    await seed(c, ECHO_BOT_ID, 60, 'p'); // 120 messages
    const opened = await c.engine.invoke('openConversation', ECHO_BOT_ID);
    expect(opened.ok).toBe(true);
    expect((await c.db.messages.find({ selector: { bot_uuid: ECHO_BOT_ID } }).exec()).length).toBe(50);
    let conv = await c.db.conversations.findOne(ECHO_BOT_ID).exec();
    expect(conv?.initial_loaded).toBe(true);
    expect(conv?.backward_token).toBeTruthy();
    expect(conv?.history_complete).toBe(false);
    // opening again skips the initial load (it catches up forward instead)
    expect((await c.engine.invoke('loadOlder', ECHO_BOT_ID))).toEqual({ ok: true, value: { stored: 50, complete: false } });
    expect((await c.engine.invoke('loadOlder', ECHO_BOT_ID))).toEqual({ ok: true, value: { stored: 20, complete: true } });
    expect((await c.engine.invoke('loadOlder', ECHO_BOT_ID))).toEqual({ ok: true, value: { stored: 0, complete: true } });
    expect((await c.db.messages.find({ selector: { bot_uuid: ECHO_BOT_ID } }).exec()).length).toBe(120);
    const local = (await c.db.messages.find({ selector: { bot_uuid: ECHO_BOT_ID }, sort: [{ sk: 'asc' }] }).exec()).map((d) => d.sk);
    expect(local).toEqual((await serverMessages(c, ECHO_BOT_ID)).map((m) => m.sk));

    await seed(c, ECHO_BOT_ID, 30, 'q'); // 60 more, more than a page
    expect(await c.engine.invoke('loadNewer', ECHO_BOT_ID)).toEqual({ ok: true, value: { stored: 60 } });
    expect((await c.db.messages.find({ selector: { bot_uuid: ECHO_BOT_ID } }).exec()).length).toBe(180);
    conv = await c.db.conversations.findOne(ECHO_BOT_ID).exec();
    expect(conv?.last_message?.text?.body).toBe('q29');
    expect(await c.engine.invoke('loadNewer', ECHO_BOT_ID)).toEqual({ ok: true, value: { stored: 0 } });
  });

  it("says 'Forward next token must be present' / 'Backward next token must be present' without a token", async () => {
    const c = await signedInClient({ noSocket: true });
    const forward = await c.engine.invoke('loadNewer', SLOW_BOT_ID);
    expect(forward.ok ? null : forward.error.message).toBe(INTERNAL_ERROR_TEXT.forwardTokenMissing);
    const { newConversation } = await import('../../src/db/modify-conversation');
    await c.db.conversations.insert({ ...newConversation(ECHO_BOT_ID), initial_loaded: true });
    const backward = await c.engine.invoke('loadOlder', ECHO_BOT_ID);
    expect(backward.ok ? null : backward.error.message).toBe(INTERNAL_ERROR_TEXT.backwardTokenMissing);
  });
});

describe('live connection', () => {
  it('catches up after a reconnect what it missed while the socket was down', async () => {
    const proxy = await startFaultProxy({ targetPort: Number(new URL(t.url).port) });
    proxies.push(proxy);
    const c = await signedInClient({ origin: proxy.url });
    await c.engine.invoke('openConversation', ECHO_BOT_ID);
    await socketOpen(c);
    proxy.setMode('drop');
    proxy.resetAll();
    await waitFor(async () => (await getLocalDoc(c.db, 'sync-status'))?.socketState === 3, 3000, 'socket closed');
    // meanwhile the user writes from another device (straight to the server)
    const session = await getLocalDoc(c.db, 'session');
    const res = await t.fetch('/api/bot/message-webhook-pwa', {
      method: 'POST',
      headers: { mobile: session!.mobile!, 'session-id': session!.token!, 'content-type': 'application/json' },
      body: JSON.stringify({ botId: ECHO_BOT_ID, messages: [{ type: 'text', text: { body: 'from the other phone' }, client_message_id: `other-${Date.now()}` }] }),
    });
    expect(res.status).toBe(200);
    proxy.setMode('pass');
    await waitFor(async () => (await c.db.messages.find({ selector: { bot_uuid: ECHO_BOT_ID } }).exec()).filter((m) => m.message.text?.body === 'from the other phone').length === 2, 8000, 'caught up');
  });

  it('the device going offline closes the live socket at once, and it opens again when the network returns', async () => {
    const c = await signedInClient();
    await socketOpen(c);
    // the socket itself still works (as under Chromium's offline emulation): the engine closes it
    c.setOnline(false, { dropSockets: false });
    await waitFor(async () => (await getLocalDoc(c.db, 'sync-status'))?.socketState === 3, 2000, 'socket closed');
    // a send meanwhile waits in the outbox instead of going through a socket the network has left
    const id = await c.sendText(ECHO_BOT_ID, 'while offline');
    expect(await statusOf(c, id)).toBe('pending');
    c.setOnline(true);
    await socketOpen(c);
    await waitFor(async () => (await statusOf(c, id)) === 'delivered', 5000, 'delivered once back');
  });

  it("'User Unauthorised' (the session ended on the server) marks the user unauthorised and stops", async () => {
    const c = await signedInClient();
    await socketOpen(c);
    const session = await getLocalDoc(c.db, 'session');
    await t.fetch('/api/mobile/logout', { method: 'POST', headers: { mobile: session!.mobile!, 'session-id': session!.token!, 'content-type': 'application/json' }, body: '{}' });
    await waitFor(async () => (await getLocalDoc(c.db, 'sync-status'))?.unauthorised === true, 5000, 'unauthorised');
    expect((await getLocalDoc(c.db, 'sync-status'))?.socketState).toBe(3);
  });

  it('a send with no reply within the reply timeout resets the connection; the send is delivered once after', async () => {
    const proxy = await startFaultProxy({ targetPort: Number(new URL(t.url).port) });
    proxies.push(proxy);
    const c = await signedInClient({ origin: proxy.url, timings: { replyTimeoutMs: 400 } });
    await socketOpen(c);
    // a first message subscribes to the bot (an HTTP call the blackhole would hold)
    const warm = await c.sendText(ECHO_BOT_ID, 'warm up');
    await waitFor(async () => (await statusOf(c, warm)) === 'delivered');
    proxy.setMode('blackhole');
    const id = await c.sendText(ECHO_BOT_ID, 'into the void');
    // the frame went nowhere; after the timeout the socket is reset (closed), then retried
    await waitFor(async () => (await getLocalDoc(c.db, 'sync-status'))?.socketState !== 1, 5000, 'reset');
    expect(await statusOf(c, id)).toBe('pending');
    proxy.setMode('pass');
    await c.engine.invoke('syncNow');
    await waitFor(async () => (await statusOf(c, id)) === 'delivered', 8000, 'delivered after heal');
    expect((await serverMessages(c, ECHO_BOT_ID)).filter((m) => m.client_message_id === id)).toHaveLength(1);
  });

  it('the wire checks refuse malformed frames and pass a good one (the stream going on: test/unit/sync/live-connection.test.ts)', async () => {
    const { parseSocketFrame, WireError } = await import('../../src/sync/wire-checks');
    expect(parseSocketFrame('{nope')).toBeInstanceOf(WireError);
    expect(parseSocketFrame(JSON.stringify({ action: 'message-received', body: { bot_uuid: ECHO_BOT_ID, message: { message_id: 'x' } } }))).toBeInstanceOf(WireError);
    expect(parseSocketFrame(JSON.stringify({ action: 'cart-updated', body: { bot_uuid: ECHO_BOT_ID } }))).toEqual({ action: 'cart-updated', body: { bot_uuid: ECHO_BOT_ID } });
  });
});

describe('two tabs', () => {
  it('one engine leads (socket and outbox); the other observes and its sends go through the leader', async () => {
    const locks = createLocalLockManager();
    // two tabs in this realm: each opens the chat's collections (RxDB's open-source limit)
    const a = await signedInClient({ locks, collections: CHAT_COLLECTIONS });
    await socketOpen(a);
    const dbName = a.db.name;
    const b = await startChatClient({ origin: t.url, locks, dbName, collections: CHAT_COLLECTIONS });
    clients.push(b);
    b.mobile = a.mobile;
    await waitFor(() => a.engine.isLeader(), 2000, 'a leads');
    expect(b.engine.isLeader()).toBe(false);
    // b is the other tab: its send is written to the shared database and a's outbox delivers it
    const id = await b.sendText(ECHO_BOT_ID, 'from tab b');
    await waitFor(async () => (await statusOf(b, id)) === 'delivered', 5000, 'delivered via the leader');
    // a's tab closes: b takes over
    await a.engine.close();
    await waitFor(() => b.engine.isLeader(), 3000, 'b leads');
    await waitFor(async () => (await getLocalDoc(b.db, 'sync-status'))?.socketState === 1, 5000, 'b socket open');
  });
});

describe('cart', () => {
  it('a cart-updated event (a change made on another device) refreshes the stored cart', async () => {
    const SHOP = '1000000000000003';
    const c = await signedInClient();
    await socketOpen(c);
    const session = await getLocalDoc(c.db, 'session');
    const headers = { mobile: session!.mobile!, 'session-id': session!.token!, 'content-type': 'application/json' };
    const { catalogsOf } = await import('../../server/shop/catalog');
    const catalog = catalogsOf(SHOP)[0]!;
    const product = catalog.products.find((p) => p.customization_steps.length === 0)!;
    const res = await t.fetch('/api/bot/update-cart', { method: 'POST', headers, body: JSON.stringify({ bot_uuid: SHOP, cart: [{ catalog_id: catalog.catalog_id, product_id: product.id, quantity: 2 }] }) });
    expect(res.status).toBe(200);
    const stored = await waitFor(async () => (await getLocalDoc(c.db, 'carts'))?.[SHOP], 5000, 'cart stored');
    expect(stored.cart.map((l) => [l.product_id, l.quantity])).toEqual([[product.id, 2]]);
  });
});
