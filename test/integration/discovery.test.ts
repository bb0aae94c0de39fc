// Discovery, search and recent activity against the real server (spec part 1 §3, §5, §7).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveryBot, SearchItem } from '../../src/api/discovery';
import { NEW_BOT_MAX_AGE_MS } from '../../src/domain/constants';
import { ECHO_BOT_ID } from '../../server/bots/registry';
import { BANNERS, CATEGORIES, COMPETITION_ZONE_ID, DISCOVERY_BOTS, KISAN_MITRA_ID, LIVE_QUIZ_ID, MINI_APPS, QUIZ_CHAMP_ID, VIDYA_TUTOR_ID } from '../../server/discovery/catalog';
import { WEB_MINI_APPS } from '../../server/mini-apps/catalog';
import { BANNER_TITLES, BOT_DESCRIPTIONS, CATEGORY_NAMES, MINI_APP_DESCRIPTIONS } from '../../server/discovery/catalog-text';
import { HEADER } from '../../src/api/headers';
import { LANGUAGE_CODES } from '../../src/domain/language-codes';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const text = (body: string, id: string) => ({ type: 'text' as const, text: { body }, client_message_id: id });
let n = 0;
const cid = () => `d-${Date.now()}-${n++}`;

describe('GET /bot/get-discovery-page-v2', () => {
  it('answers banners, icons, recommended bots with launch_time, categories and mini apps', async () => {
    const me = await t.signIn();
    const page = await t.ok('getDiscoveryPage', {}, { session: me });
    expect(page.bannerList.length).toBeGreaterThanOrEqual(3);
    for (const b of page.bannerList) {
      expect(b).toEqual({ banner_uuid: expect.any(String), image: expect.stringMatching(/^\/images\/banners\/.+\.svg$/), title: expect.any(String), deeplink: expect.stringMatching(/^\/chat\/\d{16}$/) });
    }
    expect(page.recommendedBotsIconList).toHaveLength(DISCOVERY_BOTS.length);
    for (const bot of page.recommendedBotsIconList) {
      expect(bot).toEqual({
        type: 'bot', bot_uuid: expect.stringMatching(/^\d{16}$/), name: expect.any(String), description: expect.any(String),
        icon: expect.stringMatching(/^\/icons\/bots\/.+\.svg$/), category: expect.any(String), launch_time: expect.any(Number),
        subscriber_count: expect.any(Number), subscribed: false,
      });
    }
    // newest launch first, and some launched under 15 days ago (the "New" badge has something to mark)
    const times = page.recommendedBotsIconList.map((b) => b.launch_time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const fresh = page.recommendedBotsIconList.filter((b) => t.clock.now() - b.launch_time < NEW_BOT_MAX_AGE_MS);
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.length).toBeLessThan(page.recommendedBotsIconList.length);
    expect(page.iconList.length).toBeGreaterThan(0);
    expect(page.iconList.every((b) => page.recommendedBotsIconList.some((r) => r.bot_uuid === b.bot_uuid))).toBe(true);
    // every bot's category is listed, and every listed category has a bot
    const ids = page.categoryList.map((c) => c.category_id);
    expect(new Set(page.recommendedBotsIconList.map((b) => b.category))).toEqual(new Set(ids));
    expect(ids).toEqual(expect.arrayContaining(['education', 'health', 'farming', 'news', 'shopping', 'games', 'government']));
    expect(page.miniApps.map((m) => m.name)).toEqual(expect.arrayContaining(['Competition Zone', 'Live Quiz', 'Rewards']));
    expect(page.miniApps.every((m) => m.type === 'mini-app' && /^\d{16}$/.test(m.mini_app_uuid) && m.path.startsWith('/'))).toBe(true);
  });

  it('counts a subscription in the subscriber count and marks the bot subscribed for that user only', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const before = (await t.ok('getDiscoveryPage', {}, { session: me })).recommendedBotsIconList.find((b) => b.bot_uuid === KISAN_MITRA_ID)!;
    await t.ok('subscribeBot', { bot_uuid: KISAN_MITRA_ID }, { session: me });
    const mine = (await t.ok('getDiscoveryPage', {}, { session: me })).recommendedBotsIconList.find((b) => b.bot_uuid === KISAN_MITRA_ID)!;
    const theirs = (await t.ok('getDiscoveryPage', {}, { session: other })).recommendedBotsIconList.find((b) => b.bot_uuid === KISAN_MITRA_ID)!;
    expect(mine.subscribed).toBe(true);
    expect(mine.subscriber_count).toBe(before.subscriber_count + 1);
    expect(theirs.subscribed).toBe(false);
    expect(theirs.subscriber_count).toBe(mine.subscriber_count);
  });

  it('answers the same subscriber count as the bot profile routes, for every bot and after a subscription', async () => {
    const me = await t.signIn();
    await t.ok('subscribeBot', { bot_uuid: VIDYA_TUTOR_ID }, { session: me });
    const page = await t.ok('getDiscoveryPage', {}, { session: me });
    const search = (await t.ok('searchBots', { keyword: 'a' }, { session: me })).search_results.filter((i): i is Extract<SearchItem, { type: 'bot' }> => i.type === 'bot');
    for (const bot of page.recommendedBotsIconList) {
      const profile = (await t.ok('getSubscriberCount', { bot_uuid: bot.bot_uuid }, { session: me })).subscriber_count;
      const onboarding = (await t.ok('getOnboardingDetails', { bot_uuid: bot.bot_uuid }, { session: me })).subscriber_count;
      expect({ bot: bot.name, profile, onboarding }).toEqual({ bot: bot.name, profile: bot.subscriber_count, onboarding: bot.subscriber_count });
      const hit = search.find((s) => s.bot_uuid === bot.bot_uuid);
      if (hit) expect(hit.subscriber_count).toBe(bot.subscriber_count);
      // the catalogue's base, plus real subscriptions
      expect(bot.subscriber_count).toBeGreaterThanOrEqual(DISCOVERY_BOTS.find((d) => d.bot_uuid === bot.bot_uuid)!.discovery.subscriberBase);
    }
  });

  it('is a GET that needs a session and takes no parameters', async () => {
    expect((await t.call('getDiscoveryPage', {})).status).toBe(401);
    const me = await t.signIn();
    const answer = await t.fetch('/api/bot/get-discovery-page-v2?x=1', { headers: me.headers });
    expect(answer.status).toBe(400);
    expect((await t.fetch('/api/bot/get-discovery-page-v2', { method: 'POST', headers: { ...me.headers, 'content-type': 'application/json' }, body: '{}' })).status).toBe(405);
  });
});

describe('discovery bots are real bots', () => {
  it('subscribes on first message and answers it', async () => {
    const me = await t.signIn();
    const started = await t.ok('initiateConversation', { bot_uuid: VIDYA_TUTOR_ID }, { session: me });
    expect(started.bot).toMatchObject({ bot_uuid: VIDYA_TUTOR_ID, name: 'Vidya Tutor', subscribed: true });
    expect(started.messages[0]?.text?.body).toContain('Vidya Tutor');
    const { messages } = await t.ok('messageWebhookPwa', { botId: VIDYA_TUTOR_ID, messages: [text('science', cid())] }, { session: me });
    expect(messages.map((m) => m.from)).toEqual(['user', 'bot']);
    expect(messages[1]?.text?.body).toBe('Question 1 of 3: What do plants take from the air to make their food?');
  });
});

describe('POST /bot/search-v2', () => {
  const search = async (keyword: string) => {
    const me = await t.signIn();
    return t.ok('searchBots', { keyword }, { session: me });
  };
  const uuids = (items: SearchItem[]) => items.map((i) => (i.type === 'bot' ? i.bot_uuid : i.mini_app_uuid));

  it('matches the name in any case', async () => {
    const answer = await search('qUiZ cHaMp');
    expect(answer.keyword).toBe('qUiZ cHaMp');
    expect(uuids(answer.search_results)).toEqual([QUIZ_CHAMP_ID]);
  });

  it('matches the description and the category (id and name)', async () => {
    expect(uuids((await search('mandi')).search_results)).toContain(KISAN_MITRA_ID);
    const farming = (await search('FARMING')).search_results;
    expect(farming.length).toBeGreaterThanOrEqual(2);
    expect(farming.every((i) => i.category === 'farming')).toBe(true);
    const gov = (await search('government services')).search_results;
    expect(gov.map((i) => i.name)).toEqual(['Sarkari Seva']);
  });

  it('answers bots and mini apps with their type, Competition Zone and Live Quiz included (the app filters them)', async () => {
    const quiz = (await search('quiz')).search_results;
    expect(quiz.some((i) => i.type === 'bot' && i.bot_uuid === QUIZ_CHAMP_ID)).toBe(true);
    expect(quiz.some((i) => i.type === 'mini-app' && i.mini_app_uuid === LIVE_QUIZ_ID)).toBe(true);
    const comp = (await search('competition')).search_results;
    expect(comp.some((i) => i.type === 'mini-app' && i.mini_app_uuid === COMPETITION_ZONE_ID)).toBe(true);
    for (const i of [...quiz, ...comp]) expect(['bot', 'mini-app']).toContain(i.type);
  });

  it('answers an empty list when nothing matches, and treats % and _ as letters', async () => {
    expect((await search('zzzz-nothing')).search_results).toEqual([]);
    expect((await search('%')).search_results).toEqual([]);
    expect((await search('_')).search_results).toEqual([]);
  });

  it('finds the suggested bots too (Discover lists them; issue 11)', async () => {
    expect(uuids((await search('echo')).search_results)).toContain(ECHO_BOT_ID);
  });

  it('refuses a blank, missing, long or non-text keyword with a 400 naming it', async () => {
    const me = await t.signIn();
    for (const body of [{}, { keyword: '' }, { keyword: '   ' }, { keyword: 5 }, { keyword: 'x'.repeat(101) }, { keyword: 'a', extra: 1 }]) {
      const answer = await t.callUnchecked('searchBots', body, { session: me });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((answer.body as { message: string }).message).toMatch(/keyword|extra|Unrecognized/i);
    }
    expect((await t.call('searchBots', { keyword: 'quiz' })).status).toBe(401);
  });
});

describe('POST /bot/get-recent-activity-page', () => {
  it('lists the caller\'s conversations, pinned first, then by last activity', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    await t.ok('messageWebhookPwa', { botId: VIDYA_TUTOR_ID, messages: [text('one', cid())] }, { session: me });
    t.clock.advance(1000);
    await t.ok('messageWebhookPwa', { botId: KISAN_MITRA_ID, messages: [text('two', cid())] }, { session: me });
    t.clock.advance(1000);
    await t.ok('messageWebhookPwa', { botId: QUIZ_CHAMP_ID, messages: [text('three', cid())] }, { session: me });
    await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [text('theirs', cid())] }, { session: other });

    let page = await t.ok('getRecentActivityPage', { language: 'en' }, { session: me });
    expect(page.conversation_list.map((c) => c.bot_uuid)).toEqual([QUIZ_CHAMP_ID, KISAN_MITRA_ID, VIDYA_TUTOR_ID]);
    expect(page.pinned_list).toEqual([]);
    expect(page.mini_app_subscription_list).toEqual([]);

    // pin the oldest (pinning's own route is another part's; its column is what counts here)
    const userUuid = me.tokens.user.user_uuid;
    await t.server.db.query('UPDATE conversations SET pinned_at = $3 WHERE user_uuid = $1 AND bot_uuid = $2', [userUuid, VIDYA_TUTOR_ID, t.clock.now()]);
    page = await t.ok('getRecentActivityPage', { language: 'hi' }, { session: me });
    expect(page.conversation_list.map((c) => c.bot_uuid)).toEqual([VIDYA_TUTOR_ID, QUIZ_CHAMP_ID, KISAN_MITRA_ID]);
    expect(page.conversation_list[0]).toMatchObject({ pinned: true, name: 'Vidya Tutor' });
    expect(page.pinned_list).toEqual([{ uuid: VIDYA_TUTOR_ID, type: 'bot' }]);
  });

  it('lists mini app subscriptions, and pinned mini apps in pinned_list', async () => {
    const me = await t.signIn();
    const userUuid = me.tokens.user.user_uuid;
    await t.server.db.query('INSERT INTO mini_app_subscriptions (user_uuid, mini_app_uuid, subscribed_at, pinned_at) VALUES ($1, $2, $3, $3)', [userUuid, LIVE_QUIZ_ID, t.clock.now()]);
    const page = await t.ok('getRecentActivityPage', { language: 'te' }, { session: me });
    expect(page.mini_app_subscription_list).toEqual([expect.objectContaining({ type: 'mini-app', mini_app_uuid: LIVE_QUIZ_ID, name: 'Live Quiz', subscribed_at: t.clock.now() })]);
    expect(page.pinned_list).toEqual([{ uuid: LIVE_QUIZ_ID, type: 'mini-app' }]);
  });

  it('validates language: one of en, hi, gu, mr, te', async () => {
    const me = await t.signIn();
    for (const body of [{}, { language: 'fr' }, { language: 'EN' }, { language: 1 }, { language: null }, { language: 'en', x: 1 }]) {
      const answer = await t.callUnchecked('getRecentActivityPage', body, { session: me });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call('getRecentActivityPage', { language: 'en' })).status).toBe(401);
  });
});

describe('data the app shows', () => {
  it('has an SVG for every icon and banner image the lists name', async () => {
    const me = await t.signIn();
    const page = await t.ok('getDiscoveryPage', {}, { session: me });
    const paths = [...page.bannerList.map((b) => b.image), ...page.recommendedBotsIconList.map((b: DiscoveryBot) => b.icon), ...page.miniApps.map((m) => m.icon)];
    // public/ is what the build copies to the site's root
    for (const path of new Set(paths)) {
      const file = fileURLToPath(new URL(`../../public${path}`, import.meta.url));
      expect(existsSync(file), path).toBe(true);
      expect(readFileSync(file, 'utf8'), path).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
  });
});

describe('discovery in the app\'s five languages (the language header)', () => {
  const others = LANGUAGE_CODES.filter((l) => l !== 'en');
  const inLang = (language: string) => ({ [HEADER.language]: language });

  it('has a translation of every category, bot description, mini app description and banner title', () => {
    const tables = [
      [CATEGORY_NAMES, CATEGORIES.map((c) => c.category_id)],
      [BOT_DESCRIPTIONS, DISCOVERY_BOTS.map((b) => b.bot_uuid)],
      [MINI_APP_DESCRIPTIONS, [...MINI_APPS, ...WEB_MINI_APPS].map((a) => a.mini_app_uuid)],
      [BANNER_TITLES, BANNERS.map((b) => b.banner_uuid)],
    ] as const;
    for (const [table, ids] of tables) {
      expect(Object.keys(table).sort()).toEqual([...ids].sort());
      for (const id of ids) {
        const texts = others.map((l) => table[id]![l]);
        // real translations: none empty, none English, all different from each other except
        // where two scripts share words (Hindi and Marathi both use Devanagari)
        for (const text of texts) expect(text, `${id}`).toMatch(/[\u0900-\u0C7F]/);
        expect(new Set(texts).size, id).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('answers the page in the caller\'s language, names kept', async () => {
    const me = await t.signIn();
    const en = await t.ok('getDiscoveryPage', {}, { session: me });
    for (const language of others) {
      const page = await t.ok('getDiscoveryPage', {}, { session: me, headers: inLang(language) });
      const vidya = page.recommendedBotsIconList.find((b) => b.bot_uuid === VIDYA_TUTOR_ID)!;
      expect(vidya.name).toBe('Vidya Tutor');
      expect(vidya.description).toBe(BOT_DESCRIPTIONS[VIDYA_TUTOR_ID]![language]);
      expect(page.categoryList.map((c) => c.name)).toEqual(en.categoryList.map((c) => CATEGORY_NAMES[c.category_id]![language]));
      expect(page.bannerList.map((b) => b.title)).toEqual(en.bannerList.map((b) => BANNER_TITLES[b.banner_uuid]![language]));
      expect(page.miniApps.map((a) => a.name)).toEqual(en.miniApps.map((a) => a.name));
      expect(page.miniApps.map((a) => a.description)).toEqual(en.miniApps.map((a) => MINI_APP_DESCRIPTIONS[a.mini_app_uuid]![language]));
      // everything else is the same as in English
      expect(page.recommendedBotsIconList.map((b) => ({ ...b, description: '' }))).toEqual(en.recommendedBotsIconList.map((b) => ({ ...b, description: '' })));
    }
  });

  it('answers English for a missing or unknown language header', async () => {
    const me = await t.signIn();
    const en = await t.ok('getDiscoveryPage', {}, { session: me, headers: inLang('en') });
    expect(await t.ok('getDiscoveryPage', {}, { session: me, headers: inLang('fr') })).toEqual(en);
    expect(en.categoryList[0]!.name).toBe(CATEGORIES.find((c) => c.category_id === en.categoryList[0]!.category_id)!.name);
  });

  it('searches the English texts and those of the caller\'s language, and answers in that language', async () => {
    const me = await t.signIn();
    const te = inLang('te');
    const byTeluguCategory = (await t.ok('searchBots', { keyword: 'వ్యవసాయం' }, { session: me, headers: te })).search_results;
    expect(byTeluguCategory.length).toBeGreaterThanOrEqual(2);
    expect(byTeluguCategory.every((i) => i.category === 'farming')).toBe(true);
    const byTeluguWord = (await t.ok('searchBots', { keyword: 'మండీ' }, { session: me, headers: te })).search_results;
    expect(byTeluguWord.map((i) => i.name)).toContain('Kisan Mitra');
    const byEnglish = (await t.ok('searchBots', { keyword: 'mandi' }, { session: me, headers: te })).search_results;
    const kisan = byEnglish.find((i) => i.type === 'bot' && i.bot_uuid === KISAN_MITRA_ID)!;
    expect(kisan.description).toBe(BOT_DESCRIPTIONS[KISAN_MITRA_ID]!.te);
    // another language's words do not match
    expect((await t.ok('searchBots', { keyword: 'వ్యవసాయం' }, { session: me, headers: inLang('hi') })).search_results).toEqual([]);
  });

  it('answers mini app subscriptions of recent activity in the body\'s language', async () => {
    const me = await t.signIn();
    await t.server.db.query('INSERT INTO mini_app_subscriptions (user_uuid, mini_app_uuid, subscribed_at) VALUES ($1, $2, $3)', [me.tokens.user.user_uuid, COMPETITION_ZONE_ID, t.clock.now()]);
    const page = await t.ok('getRecentActivityPage', { language: 'gu' }, { session: me });
    expect(page.mini_app_subscription_list.map((a) => a.description)).toEqual([MINI_APP_DESCRIPTIONS[COMPETITION_ZONE_ID]!.gu]);
  });
});
