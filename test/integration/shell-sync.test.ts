// The PWA shell's engine flows against the real server: remote config served from the server's
// configuration and kept in the local document, the push subscription save ('Bad status code
// from server.' when refused), and in-app notifications for other bots' messages, none when the
// conversation is muted, hidden or on screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REMOTE_FLAGS, REMOTE_FLAGS_DOC_ID, type RemoteFlags } from '../../src/api/remote-flags';
import { API_BASE } from '../../src/api/headers';
import { ROUTE_TABLE } from '../../src/api/route-table';
import { getLocalDoc, modifyLocalDoc, setLocalDoc } from '../../src/db/local-store';
import { INTERNAL_ERROR_TEXT } from '../../src/domain/errors';
import { ECHO_BOT_ID, SHOP_BOT_ID, SLOW_BOT_ID } from '../../server/bots/registry';
import { waitFor, type ChatClient } from './helpers/chat-client';
import { signedInClients } from './helpers/signed-in-clients';
import { startTestServer, type TestServer } from './helpers/server';

let flags: RemoteFlags = { ...DEFAULT_REMOTE_FLAGS };
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ slowBotDelayMs: 50, remoteFlags: () => flags });
});
afterAll(() => t.close());

const signedInClient = signedInClients(() => t);

/** A call as the client's user, from "another device" (the test itself). */
async function asUser(c: ChatClient, name: keyof typeof ROUTE_TABLE, body: unknown): Promise<Response> {
  const session = await getLocalDoc(c.db, 'session');
  return fetch(`${t.url}${API_BASE}${ROUTE_TABLE[name].path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', mobile: session!.mobile!, 'session-id': session!.token! },
    body: JSON.stringify(body),
  });
}

const socketOpen = (c: ChatClient) => waitFor(async () => (await getLocalDoc(c.db, 'sync-status'))?.socketState === 1, 5000, 'socket open');

describe('remote config', () => {
  it('is served from the configuration and kept in the remote-flags document', async () => {
    flags = { ...DEFAULT_REMOTE_FLAGS, posts_enable: false, limit_pin_bots: 3, hidden_bots: [SHOP_BOT_ID] };
    const answer = await (await fetch(`${t.url}${API_BASE}/config/get-remote-config`)).json();
    expect(answer).toEqual(flags);
    const c = await signedInClient();
    const result = await c.engine.invoke('refreshRemoteConfig');
    expect(result).toEqual({ ok: true, value: 'fetched' });
    const doc = await getLocalDoc(c.db, REMOTE_FLAGS_DOC_ID);
    expect(doc?.flags).toEqual(flags);
    expect(doc?.fetchedAt).toEqual(expect.any(Number));
    // offline, the flags hold
    c.setOnline(false);
    expect(await c.engine.invoke('refreshRemoteConfig')).toEqual({ ok: true, value: 'failed' });
    expect((await getLocalDoc(c.db, REMOTE_FLAGS_DOC_ID))?.flags).toEqual(flags);
  });
});

describe('push subscription', () => {
  const keys = { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') };

  it('saves a subscription (200) and remembers the endpoint', async () => {
    const c = await signedInClient();
    const key = await c.engine.invoke('getVapidPublicKey');
    expect(key.ok && Buffer.from(key.value, 'base64url').length).toBe(65);
    const endpoint = `https://fcm.googleapis.com/fcm/send/${Date.now()}`;
    expect(await c.engine.invoke('savePushSubscription', { endpoint, keys })).toEqual({ ok: true, value: undefined });
    expect((await getLocalDoc(c.db, 'push-state'))?.savedEndpoint).toBe(endpoint);
    expect(await t.server.db.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [endpoint])).toHaveLength(1);
  });

  it("a refused save fails with 'Bad status code from server.'", async () => {
    const c = await signedInClient();
    const result = await c.engine.invoke('savePushSubscription', { endpoint: 'https://attacker.example/collect', keys });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ message: INTERNAL_ERROR_TEXT.subscriptionSave, status: 400 });
    expect(await getLocalDoc(c.db, 'push-state')).toBeNull();
  });
});

describe('in-app notifications', () => {
  it("names another bot's message; not the bot on screen, not a muted one, not a hidden one", async () => {
    flags = { ...DEFAULT_REMOTE_FLAGS, hidden_bots: [SHOP_BOT_ID] };
    const c = await signedInClient();
    await c.engine.invoke('refreshRemoteConfig');
    // the bot list, as home loads it (names and icons of the bots)
    expect((await c.engine.invoke('refreshChatLists')).ok).toBe(true);
    await socketOpen(c);
    await setLocalDoc(c.db, 'chat-view', { botUuid: ECHO_BOT_ID, at: Date.now() });

    // the bot on screen: no notification
    expect((await asUser(c, 'initiateConversation', { bot_uuid: ECHO_BOT_ID })).status).toBe(200);
    await waitFor(async () => (await c.db.messages.find({ selector: { bot_uuid: ECHO_BOT_ID } }).exec()).length > 0, 5000, 'echo welcome stored');
    // another bot: the notification, with its name and text
    expect((await asUser(c, 'initiateConversation', { bot_uuid: SLOW_BOT_ID })).status).toBe(200);
    const first = await waitFor(() => getLocalDoc(c.db, 'in-app-notification'), 5000, 'a notification');
    expect(first).toMatchObject({ bot_uuid: SLOW_BOT_ID });
    expect(first.name.length).toBeGreaterThan(0);
    const stored = await c.db.messages.find({ selector: { bot_uuid: SLOW_BOT_ID } }).exec();
    expect(stored.map((m) => m.message.message_id)).toContain(first.id);

    // a hidden bot: none
    expect((await asUser(c, 'initiateConversation', { bot_uuid: SHOP_BOT_ID })).status).toBe(200);
    await waitFor(async () => (await c.db.messages.find({ selector: { bot_uuid: SHOP_BOT_ID } }).exec()).length > 0, 5000, 'shop welcome stored');

    // muted (forever) on this device: none
    await c.db.conversations.findOne(SLOW_BOT_ID).exec().then((doc) => doc!.incrementalPatch({ mute_time: Date.now(), mute_duration: -1 }));
    const reply = await asUser(c, 'messageWebhookPwa', { botId: SLOW_BOT_ID, messages: [{ type: 'text', text: { body: 'ping' }, client_message_id: `n-${Date.now()}` }] });
    expect(reply.status).toBe(200);
    await waitFor(async () => (await c.db.messages.find({ selector: { bot_uuid: SLOW_BOT_ID, from: 'bot' } }).exec()).length > stored.length, 5000, 'slow reply stored');
    // a later unmuted message of ECHO's neighbour proves the pipeline still runs: unmute, ping again
    expect((await getLocalDoc(c.db, 'in-app-notification'))?.id).toBe(first.id);
    await modifyLocalDoc(c.db, 'chat-view', () => ({ botUuid: null, at: Date.now() }));
    await c.db.conversations.findOne(SLOW_BOT_ID).exec().then((doc) => doc!.incrementalPatch({ mute_time: null, mute_duration: null }));
    await asUser(c, 'messageWebhookPwa', { botId: SLOW_BOT_ID, messages: [{ type: 'text', text: { body: 'again' }, client_message_id: `m-${Date.now()}` }] });
    const next = await waitFor(async () => {
      const doc = await getLocalDoc(c.db, 'in-app-notification');
      return doc && doc.id !== first.id ? doc : null;
    }, 5000, 'the notification after unmute');
    expect(next.bot_uuid).toBe(SLOW_BOT_ID);
  });
});
