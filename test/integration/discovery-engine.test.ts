// The engine's discovery flows (src/sync/discovery-sync.ts, in-process, the worker's code)
// against the real server: pages land in the cache collection, offline the stored ones stay,
// a refusal or a malformed page changes nothing (spec part 1 §5: updates only on status 200).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveryPage, RecentActivityPage, SearchAnswer } from '../../src/api/discovery';
import { cacheKey } from '../../src/db/schemas/cache.schema';
import { createDiscoverySync } from '../../src/sync/discovery-sync';
import { createHttpClient, systemClock } from '../../src/sync/http-client';
import { requestContextFrom } from '../../src/sync/session';
import { KISAN_MITRA_ID, QUIZ_CHAMP_ID, VIDYA_TUTOR_ID } from '../../server/discovery/catalog';
import type { ChatClient } from './helpers/chat-client';
import { signedInClients } from './helpers/signed-in-clients';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const signedInClient = signedInClients(() => t, { noSocket: true });

const cached = async <T>(c: ChatClient, id: string) => (await c.db.cache.findOne(id).exec())?.toMutableJSON() as { payload: T; fetched_at: number } | undefined;

describe('discovery flows', () => {
  it('stores the discovery page; offline the stored page stays and the call fails quietly', async () => {
    const c = await signedInClient();
    expect(await c.engine.invoke('refreshDiscovery')).toEqual({ ok: true, value: undefined });
    const stored = await cached<DiscoveryPage>(c, cacheKey('getDiscoveryPage'));
    expect(stored?.payload.recommendedBotsIconList.length).toBeGreaterThan(5);
    c.setOnline(false);
    const offline = await c.engine.invoke('refreshDiscovery');
    expect(offline).toMatchObject({ ok: false, error: { key: 'noResponse' } });
    expect((await cached<DiscoveryPage>(c, cacheKey('getDiscoveryPage')))?.fetched_at).toBe(stored?.fetched_at);
  });

  it('stores recent activity (pinned first) and brings its conversations into the chat list', async () => {
    const c = await signedInClient();
    await c.sendText(VIDYA_TUTOR_ID, 'hello');
    await expect.poll(async () => (await t.ok('getConversationList', {}, { session: await sessionOf(c) })).conversation_list.length).toBe(1);
    // a conversation this device has not seen: started elsewhere (another device of the user)
    await t.ok('initiateConversation', { bot_uuid: KISAN_MITRA_ID }, { session: await sessionOf(c) });
    expect((await c.engine.invoke('refreshRecentActivity', 'hi')).ok).toBe(true);
    const page = await cached<RecentActivityPage>(c, cacheKey('getRecentActivityPage'));
    expect(page?.payload.conversation_list.map((x) => x.bot_uuid).sort()).toEqual([KISAN_MITRA_ID, VIDYA_TUTOR_ID].sort());
    const conv = await c.db.conversations.findOne(KISAN_MITRA_ID).exec();
    expect(conv?.name).toBe('Kisan Mitra');
    expect(conv?.last_message?.from).toBe('bot');
  });

  it('searches and stores the answer under the keyword in lower case', async () => {
    const c = await signedInClient();
    const result = await c.engine.invoke('searchBots', '  Quiz ');
    expect(result).toEqual({ ok: true, value: { cacheId: cacheKey('searchBots', { keyword: 'quiz' }) } });
    const answer = await cached<SearchAnswer>(c, cacheKey('searchBots', { keyword: 'quiz' }));
    expect(answer?.payload.search_results.some((i) => i.type === 'bot' && i.bot_uuid === QUIZ_CHAMP_ID)).toBe(true);
    expect(await c.engine.invoke('searchBots', '   ')).toMatchObject({ ok: false, error: { key: 'blankKeyword' } });
  });
});

/** The client's session as the test server's helper wants it. */
async function sessionOf(c: ChatClient) {
  const s = (await c.db.getLocal<{ mobile: string; token: string }>('session'))!.toJSON().data;
  return { mobile: s.mobile, tokens: {} as never, headers: { mobile: s.mobile, 'session-id': s.token } };
}

describe('only a good 200 answer is applied', () => {
  async function flowsWith(c: ChatClient, answer: (path: string) => Response | null) {
    const http = createHttpClient({
      fetch: async (input, init) => answer(new URL(String(input)).pathname) ?? fetch(input, init),
      origin: t.url,
      versionName: 'it',
      context: requestContextFrom(c.db),
      clock: systemClock,
    });
    return createDiscoverySync({ db: c.db, http, clock: systemClock, report: async () => ({ key: 'reported' }) });
  }

  it('keeps the stored page when the server refuses (non-200) or sends a malformed page', async () => {
    const c = await signedInClient();
    await c.engine.invoke('refreshDiscovery');
    const before = await cached<DiscoveryPage>(c, cacheKey('getDiscoveryPage'));
    const refused = await flowsWith(c, () => new Response(JSON.stringify({ statusCode: 503, error: 'x', message: 'down' }), { status: 503 }));
    expect((await refused.refreshDiscovery()).ok).toBe(false);
    const malformed = await flowsWith(c, () => new Response(JSON.stringify({ bannerList: [], iconList: 'nope' }), { status: 200 }));
    expect(await malformed.refreshDiscovery()).toMatchObject({ ok: false, error: { key: 'wire' } });
    const after = await cached<DiscoveryPage>(c, cacheKey('getDiscoveryPage'));
    expect(after).toEqual(before);
  });
});
