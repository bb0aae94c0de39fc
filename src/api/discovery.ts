// Wire shapes of discovery, search and recent activity (spec part 1 §3 "Discovery page",
// "Pinned resource"; §7 get-discovery-page-v2, get-recent-activity-page, search-v2). Plain types:
// the zod schemas of the bodies are in contract.ts, the rules that read these lists (new bot,
// search lists, category filter) in src/domain/discovery.ts.
import type { ConversationEntry } from './messages';

/** A bot as discovery lists it. launch_time and times are epoch ms. */
export interface DiscoveryBot {
  type: 'bot';
  bot_uuid: string;
  name: string;
  description: string;
  icon: string;
  /** id of an entry of categoryList */
  category: string;
  /** when the bot was launched: new while under 15 days old (NEW_BOT_MAX_AGE_MS) */
  launch_time: number;
  subscriber_count: number;
  subscribed: boolean;
}

/** A mini app (spec part 2): opened by its path inside the app. */
export interface DiscoveryMiniApp {
  type: 'mini-app';
  mini_app_uuid: string;
  name: string;
  description: string;
  icon: string;
  category: string;
  /** the native link path of the mini app, e.g. /rewards (spec part 1 §2) */
  path: string;
}

export interface DiscoveryBanner {
  banner_uuid: string;
  /** image URL (same origin) */
  image: string;
  /** what the banner says, for its accessible name */
  title: string;
  /** an in-app link: /chat/<bot_uuid> or /mini-apps/<uuid> */
  deeplink: string;
}

export interface DiscoveryCategory {
  /** stable id (education, health...); the app names it in the user's language */
  category_id: string;
  /** English name, shown when the app has no translation for the id */
  name: string;
}

/** GET /bot/get-discovery-page-v2 */
export interface DiscoveryPage {
  bannerList: DiscoveryBanner[];
  /** the featured row of icons */
  iconList: DiscoveryBot[];
  /** every bot worth recommending, newest launch first */
  recommendedBotsIconList: DiscoveryBot[];
  categoryList: DiscoveryCategory[];
  miniApps: DiscoveryMiniApp[];
}

/** Spec part 1 §3 "Pinned resource". */
export interface PinnedResource {
  uuid: string;
  type: 'bot' | 'mini-app';
}

export interface MiniAppSubscription extends DiscoveryMiniApp {
  subscribed_at: number;
}

/** POST /bot/get-recent-activity-page {language} */
export interface RecentActivityPage {
  /** the user's conversations, pinned first, then by last activity */
  conversation_list: ConversationEntry[];
  mini_app_subscription_list: MiniAppSubscription[];
  pinned_list: PinnedResource[];
}

/** One hit of /bot/search-v2: bots and mini apps with their type (the app keeps type bot in the bots list, see searchLists). */
export type SearchItem = DiscoveryBot | DiscoveryMiniApp;

/** POST /bot/search-v2 {keyword} */
export interface SearchAnswer {
  keyword: string;
  search_results: SearchItem[];
}
