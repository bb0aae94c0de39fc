// Issue 12: a bad answer is reported and skipped, never stored. The engine (the worker's code,
// in-process) runs against the real server with its fetch wrapped so that chosen routes answer
// something the contract does not allow: each call fails with the typed BadAnswerError (a
// BadStatusError of 200, told to the engine's report), the engine goes on, and nothing of the bad
// answer reaches the database. A malformed socket frame is skipped and the next good one stored.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/api/headers';
import { ROUTE_TABLE } from '../../src/api/route-table';
import { getLocalDoc } from '../../src/db/local-store';
import { cacheKey } from '../../src/db/schemas/cache.schema';
import { ECHO_BOT_ID } from '../../server/bots/registry';
import { startChatClient, waitFor, type ChatClient } from './helpers/chat-client';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const clients: ChatClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

/** Paths whose 200 answers are rewritten by `corrupt` (set per test). */
let corrupt: Partial<Record<string, (answer: Record<string, unknown>) => unknown>> = {};
const pathOf = (name: keyof typeof ROUTE_TABLE) => API_BASE + ROUTE_TABLE[name].path;

async function signedInClient(opts: Partial<Parameters<typeof startChatClient>[0]> = {}): Promise<ChatClient> {
  const c = await startChatClient({
    origin: t.url,
    ...opts,
    wrapFetch: (f) => async (input, init) => {
      const res = await f(input, init);
      const rewrite = corrupt[new URL(String(input)).pathname];
      if (!rewrite || res.status !== 200) return res;
      const answer = (await res.json()) as Record<string, unknown>;
      return new Response(JSON.stringify(rewrite(answer)), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  clients.push(c);
  await c.signIn(t.freshMobile(), (m) => t.lastCode(m));
  return c;
}

const storedOf = async (c: ChatClient, botUuid: string) => (await c.db.messages.find({ selector: { bot_uuid: botUuid } }).exec()).map((d) => d.message);

describe('a malformed HTTP answer', () => {
  afterEach(() => {
    corrupt = {};
  });

  it('initiate-conversation and get-messages with one bad message: that message is skipped, the good ones are stored, the engine goes on', async () => {
    const c = await signedInClient({ noSocket: true });
    const evil = { message_id: 'evil', sk: 'not-a-sort-key', timestamp: 1, from: 'bot', type: 'text' };
    corrupt = {
      [pathOf('initiateConversation')]: (a) => ({ ...a, messages: [evil, ...(a.messages as unknown[])] }),
      [pathOf('getMessages')]: (a) => ({ ...a, messages: [...(a.messages as unknown[]), evil] }),
    };
    const opened = await c.engine.invoke('openConversation', ECHO_BOT_ID);
    expect(opened.ok).toBe(true);
    // the welcome (two messages) is stored; the malformed one never is
    await waitFor(async () => (await storedOf(c, ECHO_BOT_ID)).length >= 2, 5000, 'welcome stored');
    expect((await storedOf(c, ECHO_BOT_ID)).some((m) => m.message_id === 'evil')).toBe(false);
    // and a later call goes on as usual
    corrupt = {};
    expect((await c.engine.invoke('openConversation', ECHO_BOT_ID)).ok).toBe(true);
    expect((await storedOf(c, ECHO_BOT_ID)).some((m) => m.message_id === 'evil')).toBe(false);
  });

  it('the discovery page, recent activity and search with a wrong field: refused, the cache keeps what it had', async () => {
    const c = await signedInClient({ noSocket: true });
    corrupt = {
      [pathOf('getDiscoveryPage')]: (a) => ({ ...a, recommendedBotsIconList: [{ type: 'bot', bot_uuid: ECHO_BOT_ID }] }),
      [pathOf('getRecentActivityPage')]: (a) => ({ ...a, conversation_list: [{ bot_uuid: ECHO_BOT_ID, name: 'Echo', unread_count: -3 }] }),
      [pathOf('searchBots')]: (a) => ({ ...a, search_results: 'none' }),
    };
    expect(await c.engine.invoke('refreshDiscovery')).toMatchObject({ ok: false, error: { key: 'wire' } });
    expect(await c.engine.invoke('refreshRecentActivity', 'en')).toMatchObject({ ok: false, error: { key: 'wire' } });
    expect(await c.engine.invoke('searchBots', 'echo')).toMatchObject({ ok: false, error: { key: 'wire' } });
    expect(await c.db.cache.findOne(cacheKey('getDiscoveryPage')).exec()).toBeNull();
    expect(await c.db.cache.findOne(cacheKey('getRecentActivityPage')).exec()).toBeNull();
    expect(await c.db.cache.count().exec()).toBe(0);
    expect(await c.db.conversations.findOne(ECHO_BOT_ID).exec()).toBeNull();
  });

  it('the remote config with a flag of the wrong type: that flag keeps its stored value, the others apply', async () => {
    const c = await signedInClient({ noSocket: true });
    await waitFor(async () => (await getLocalDoc(c.db, 'remote-flags'))?.fetchedAt != null, 5000, 'the first flags stored');
    const before = (await getLocalDoc(c.db, 'remote-flags'))!;
    corrupt = { [pathOf('getRemoteConfig')]: (a) => ({ ...a, limit_pin_bots: 'many', rewards_enable: !before.flags.rewards_enable }) };
    const outcome = await c.engine.invoke('refreshRemoteConfig');
    expect(outcome).toMatchObject({ ok: true, value: 'fetched' });
    const after = (await getLocalDoc(c.db, 'remote-flags'))!;
    expect(after.flags).toEqual({ ...before.flags, rewards_enable: !before.flags.rewards_enable });
  });
});

describe('a malformed socket frame', () => {
  it('is skipped (counted in sync-status) and the next good frame is stored', async () => {
    const c = await signedInClient();
    await waitFor(async () => (await getLocalDoc(c.db, 'sync-status'))?.socketState === 1, 5000, 'socket open');
    const before = (await getLocalDoc(c.db, 'sync-status'))?.wireErrors ?? 0;
    const message = (id: string, sk: string) => ({ message_id: id, sk, timestamp: Date.now(), from: 'bot', type: 'text', text: { body: id }, client_message_id: null });
    const now = String(Date.now()).padStart(15, '0');
    c.injectFrame('{not json');
    c.injectFrame(JSON.stringify({ action: 'message-received', body: { bot_uuid: ECHO_BOT_ID, message: message('bad-frame', 'nope') } }));
    c.injectFrame(JSON.stringify({ action: 'message-received', body: { bot_uuid: ECHO_BOT_ID, message: message('good-frame', `${now}_000000001_good-frame`) } }));
    await waitFor(async () => (await storedOf(c, ECHO_BOT_ID)).some((m) => m.message_id === 'good-frame'), 5000, 'the good frame stored');
    expect((await storedOf(c, ECHO_BOT_ID)).some((m) => m.message_id === 'bad-frame')).toBe(false);
    await waitFor(async () => ((await getLocalDoc(c.db, 'sync-status'))?.wireErrors ?? 0) >= before + 2, 2000, 'both bad frames counted');
  });
});
