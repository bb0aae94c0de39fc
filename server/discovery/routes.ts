// Discovery, search and recent activity (spec part 1 §2, §3, §7). All auth: true. The lists are
// the caller's view (subscribed flags, their conversations); nothing in a body names a user.
// /select-bot needs no route of its own: it lists the caller's subscribed bots, which the app
// already has from get-conversation-list / get-recent-activity-page.
import { routes } from '../../src/api/contract';
import type { PinnedResource, SearchItem } from '../../src/api/discovery';
import type { RouteModule } from '../context';
import { conversationList } from '../bots/store';
import { BANNERS, CATEGORIES } from './catalog';
import { discoveryBots, matchesKeyword, miniAppSubscriptions, miniApps, stripFeatured } from './store';

/** Most search hits answered at once (a keyword like "a" matches nearly everything). */
export const SEARCH_MAX_RESULTS = 50;

export const discoveryRoutes: RouteModule = (api, ctx) => {
  const { db } = ctx;

  api.authRoute(routes.getDiscoveryPage, async ({ user }) => {
    const bots = await discoveryBots(db, user.userUuid);
    const used = new Set(bots.map((b) => b.category));
    return {
      bannerList: BANNERS.map((b) => ({ ...b })),
      iconList: bots.filter((b) => b.featured).map(stripFeatured),
      recommendedBotsIconList: bots.map(stripFeatured),
      categoryList: CATEGORIES.filter((c) => used.has(c.category_id)).map((c) => ({ ...c })),
      miniApps: await miniApps(db),
    };
  });

  api.authRoute(routes.getRecentActivityPage, async ({ user }) => {
    // most recent first from the store; pinned ones move to the front, keeping that order
    const conversations = await conversationList(db, user.userUuid, false);
    const apps = await miniAppSubscriptions(db, user.userUuid);
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

  api.authRoute(routes.searchBots, async ({ body, user }) => {
    const names = new Map(CATEGORIES.map((c) => [c.category_id, c.name]));
    const bots = (await discoveryBots(db, user.userUuid)).map(stripFeatured);
    const apps = await miniApps(db);
    const hits: SearchItem[] = [...bots, ...apps].filter((item) => matchesKeyword(body.keyword, item, names.get(item.category)));
    return { keyword: body.keyword, search_results: hits.slice(0, SEARCH_MAX_RESULTS) };
  });
};
