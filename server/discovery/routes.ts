// Discovery, search and recent activity (spec part 1 §2, §3, §7). All auth: true. The lists are
// the caller's view (subscribed flags, their conversations); nothing in a body names a user.
// /select-bot needs no route of its own: it lists the caller's subscribed bots, which the app
// already has from get-conversation-list / get-recent-activity-page.
import { routes } from '../../src/api/contract';
import type { DiscoveryBot, DiscoveryMiniApp, PinnedResource, SearchItem } from '../../src/api/discovery';
import type { LanguageCode } from '../../src/domain/language-codes';
import type { RouteModule } from '../context';
import { conversationList } from '../bots/store';
import { BANNERS, CATEGORIES } from './catalog';
import { inLanguage, languageOf } from '../http/language';
import { BANNER_TITLES, BOT_DESCRIPTIONS, CATEGORY_NAMES, MINI_APP_DESCRIPTIONS } from './catalog-text';
import { matchesSearch } from '../../src/domain/discovery';
import { discoveryBots, miniAppSubscriptions, miniApps, stripFeatured, suggestedSearchBots } from './store';

/** Most search hits answered at once (a keyword like "a" matches nearly everything). */
export const SEARCH_MAX_RESULTS = 50;

const localBot = <B extends DiscoveryBot>(bot: B, language: LanguageCode): B =>
  ({ ...bot, description: inLanguage(BOT_DESCRIPTIONS, bot.bot_uuid, language, bot.description) });
const localMiniApp = <A extends DiscoveryMiniApp>(app: A, language: LanguageCode): A =>
  ({ ...app, description: inLanguage(MINI_APP_DESCRIPTIONS, app.mini_app_uuid, language, app.description) });
const categoryName = (categoryId: string, english: string, language: LanguageCode) => inLanguage(CATEGORY_NAMES, categoryId, language, english);

export const discoveryRoutes: RouteModule = (api, ctx) => {
  const { db } = ctx;

  api.authRoute(routes.getDiscoveryPage, async ({ user, request }) => {
    const language = languageOf(request);
    const bots = (await discoveryBots(db, user.userUuid)).map((b) => localBot(b, language));
    const used = new Set(bots.map((b) => b.category));
    return {
      bannerList: BANNERS.map((b) => ({ ...b, title: inLanguage(BANNER_TITLES, b.banner_uuid, language, b.title) })),
      iconList: bots.filter((b) => b.featured).map(stripFeatured),
      recommendedBotsIconList: bots.map(stripFeatured),
      categoryList: CATEGORIES.filter((c) => used.has(c.category_id)).map((c) => ({ ...c, name: categoryName(c.category_id, c.name, language) })),
      miniApps: (await miniApps(db)).map((a) => localMiniApp(a, language)),
    };
  });

  api.authRoute(routes.getRecentActivityPage, async ({ user, body }) => {
    // most recent first from the store; pinned ones move to the front, keeping that order
    const conversations = await conversationList(db, user.userUuid, false);
    const apps = (await miniAppSubscriptions(db, user.userUuid)).map((a) => localMiniApp(a, body.language));
    const pinned: PinnedResource[] = [
      ...conversations.filter((c) => c.pinned).map((c) => ({ uuid: c.bot_uuid, type: 'bot' as const })),
      ...apps.filter((a) => a.pinned).map((a) => ({ uuid: a.mini_app_uuid, type: 'mini-app' as const })),
    ];
    return {
      conversation_list: [...conversations.filter((c) => c.pinned), ...conversations.filter((c) => !c.pinned)],
      mini_app_subscription_list: apps.map(({ pinned: _pinned, ...app }) => app),
      pinned_list: pinned,
    };
  });

  api.authRoute(routes.searchBots, async ({ body, user, request }) => {
    // Everything the app shows (discovery's bots, the suggested bots, every mini app) is found by
    // its name, description or category, in English or the caller's language (people type both),
    // ignoring case, accents and the nukta (src/domain/discovery.ts searchKey). The hits are
    // answered in the caller's language, those matched by name first.
    const language = languageOf(request);
    const category = (id: string) => {
      const c = CATEGORIES.find((x) => x.category_id === id);
      return c ? [c.category_id, c.name, categoryName(id, c.name, language)] : [];
    };
    const texts = (item: SearchItem): string[] => {
      const local = item.type === 'bot' ? localBot(item, language) : localMiniApp(item, language);
      return [item.name, item.description, local.description, ...category(item.category)];
    };
    const items: SearchItem[] = [
      ...(await discoveryBots(db, user.userUuid)).map(stripFeatured),
      ...(await suggestedSearchBots(db, user.userUuid)),
      ...(await miniApps(db)),
    ];
    const hits = items.filter((i) => matchesSearch(body.keyword, texts(i)));
    const byName = (i: SearchItem) => (matchesSearch(body.keyword, [i.name]) ? 0 : 1);
    const ranked = hits.map((item, index) => ({ item, index })).sort((a, b) => byName(a.item) - byName(b.item) || a.index - b.index);
    return {
      keyword: body.keyword,
      search_results: ranked.slice(0, SEARCH_MAX_RESULTS).map(({ item }) => (item.type === 'bot' ? localBot(item, language) : localMiniApp(item, language))),
    };
  });
};
