// Search finds what Discover shows (issue 11 B): every bot the app lists (the discovery bots and
// the suggested ones: Echo, Slow echo, Saathi Shop, Showcase) and every mini app, by name,
// description and category, in English and in the caller's language, whatever the case, accents
// or nukta. Against the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchItem } from '../../src/api/discovery';
import { HEADER } from '../../src/api/headers';
import { DEMO_BOTS, ECHO_BOT_ID } from '../../server/bots/registry';
import { KISAN_MITRA_ID, LIVE_QUIZ_ID, MINI_APPS } from '../../server/discovery/catalog';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';

let t: TestServer;
let me: TestSession;
beforeAll(async () => {
  t = await startTestServer();
  me = await t.signIn();
});
afterAll(() => t.close());

const uuid = (i: SearchItem) => (i.type === 'bot' ? i.bot_uuid : i.mini_app_uuid);
const search = async (keyword: string, language = 'en') =>
  (await t.ok('searchBots', { keyword }, { session: me, headers: { [HEADER.language]: language } })).search_results;

describe('search-v2 finds every bot and mini app the app shows', () => {
  it('finds each listed bot (discovery and suggested) by its name, as a bot', async () => {
    const listed = DEMO_BOTS.filter((b) => b.suggested || 'discovery' in b);
    expect(listed.map((b) => b.name)).toEqual(expect.arrayContaining(['Echo', 'Saathi Shop', 'Showcase', 'Kisan Mitra']));
    for (const bot of listed) {
      const hits = await search(bot.name);
      expect(hits.some((i) => i.type === 'bot' && i.bot_uuid === bot.bot_uuid), bot.name).toBe(true);
    }
  });

  it('finds each mini app by its name, Live Quiz and Competition Zone included, as mini apps', async () => {
    for (const app of MINI_APPS) {
      const hits = await search(app.name.toUpperCase());
      expect(hits.some((i) => i.type === 'mini-app' && i.mini_app_uuid === app.mini_app_uuid), app.name).toBe(true);
    }
    expect((await search('live quiz')).map(uuid)).toContain(LIVE_QUIZ_ID);
  });

  it('answers a suggested bot with the fields of a bot hit (no category of its own)', async () => {
    const echo = (await search('echo')).find((i) => i.type === 'bot' && i.bot_uuid === ECHO_BOT_ID);
    expect(echo).toMatchObject({ type: 'bot', name: 'Echo', category: '', subscriber_count: expect.any(Number), launch_time: 0, subscribed: expect.any(Boolean) });
  });
});

describe('search-v2 matches across languages, case and accents', () => {
  it('finds Kisan Mitra by a Hindi word in Hindi, and by its English name too', async () => {
    expect((await search('किसान', 'hi')).map(uuid)).toContain(KISAN_MITRA_ID);
    expect((await search('kisan', 'hi')).map(uuid)).toContain(KISAN_MITRA_ID);
  });

  it('finds Kisan Mitra by a Telugu word in Telugu, and by the Telugu category name', async () => {
    expect((await search('రైతు', 'te')).map(uuid)).toContain(KISAN_MITRA_ID);
    const farming = await search('వ్యవసాయం', 'te');
    expect(farming.map(uuid)).toContain(KISAN_MITRA_ID);
    expect(farming.every((i) => i.category === 'farming')).toBe(true);
  });

  it('matches the category by its English name and its name in the caller\'s language', async () => {
    const byEnglish = await search('Farming', 'hi');
    expect(byEnglish.map(uuid)).toContain(KISAN_MITRA_ID);
    expect((await search('खेती', 'hi')).map(uuid)).toContain(KISAN_MITRA_ID);
  });

  it('ignores accents and the nukta: "kisán" and "खबरें" (for "ख़बरें") still match', async () => {
    expect((await search('KISÁN mitra')).map(uuid)).toContain(KISAN_MITRA_ID);
    expect((await search('खबरें', 'hi')).map((i) => i.name)).toContain('Khabar Express');
  });
});
