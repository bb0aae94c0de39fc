// Wire shapes of discovery, search and recent activity (spec part 1 §3 "Discovery page",
// "Pinned resource"; §7 get-discovery-page-v2, get-recent-activity-page, search-v2), as zod
// schemas with their types inferred (the app imports the types only). The schemas of the bodies
// are in contract.ts, the rules that read these lists (new bot, search lists, category filter)
// in src/domain/discovery.ts.
import { z } from 'zod';
import { conversationEntrySchema } from './messages';

/** A bot as discovery lists it. launch_time and times are epoch ms. */
export const discoveryBotSchema = z.object({
  type: z.literal('bot'),
  bot_uuid: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  /** id of an entry of categoryList */
  category: z.string(),
  /** when the bot was launched: new while under 15 days old (NEW_BOT_MAX_AGE_MS) */
  launch_time: z.number(),
  subscriber_count: z.number(),
  subscribed: z.boolean(),
});
export type DiscoveryBot = z.output<typeof discoveryBotSchema>;

/** A mini app (spec part 2): opened by its path inside the app. */
export const discoveryMiniAppSchema = z.object({
  type: z.literal('mini-app'),
  mini_app_uuid: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  category: z.string(),
  /** the native link path of the mini app, e.g. /rewards (spec part 1 §2) */
  path: z.string(),
});
export type DiscoveryMiniApp = z.output<typeof discoveryMiniAppSchema>;

export const discoveryBannerSchema = z.object({
  banner_uuid: z.string(),
  /** image URL (same origin) */
  image: z.string(),
  /** what the banner says, for its accessible name */
  title: z.string(),
  /** an in-app link: /chat/<bot_uuid> or /mini-apps/<uuid> */
  deeplink: z.string(),
});
export type DiscoveryBanner = z.output<typeof discoveryBannerSchema>;

export const discoveryCategorySchema = z.object({
  /** stable id (education, health...); the app names it in the user's language */
  category_id: z.string(),
  /** English name, shown when the app has no translation for the id */
  name: z.string(),
});
export type DiscoveryCategory = z.output<typeof discoveryCategorySchema>;

/** GET /bot/get-discovery-page-v2 */
export const discoveryPageSchema = z.object({
  bannerList: z.array(discoveryBannerSchema),
  /** the featured row of icons */
  iconList: z.array(discoveryBotSchema),
  /** every bot worth recommending, newest launch first */
  recommendedBotsIconList: z.array(discoveryBotSchema),
  categoryList: z.array(discoveryCategorySchema),
  miniApps: z.array(discoveryMiniAppSchema),
});
export type DiscoveryPage = z.output<typeof discoveryPageSchema>;

/** Spec part 1 §3 "Pinned resource". */
export const pinnedResourceAnswerSchema = z.object({ uuid: z.string(), type: z.enum(['bot', 'mini-app']) });
export type PinnedResource = z.output<typeof pinnedResourceAnswerSchema>;

export const miniAppSubscriptionSchema = discoveryMiniAppSchema.extend({ subscribed_at: z.number() });
export type MiniAppSubscription = z.output<typeof miniAppSubscriptionSchema>;

/** POST /bot/get-recent-activity-page {language} */
export const recentActivityPageSchema = z.object({
  /** the user's conversations, pinned first, then by last activity */
  conversation_list: z.array(conversationEntrySchema),
  mini_app_subscription_list: z.array(miniAppSubscriptionSchema),
  pinned_list: z.array(pinnedResourceAnswerSchema),
});
export type RecentActivityPage = z.output<typeof recentActivityPageSchema>;

/** One hit of /bot/search-v2: bots and mini apps with their type (the app keeps type bot in the bots list, see searchLists). */
export const searchItemSchema = z.discriminatedUnion('type', [discoveryBotSchema, discoveryMiniAppSchema]);
export type SearchItem = z.output<typeof searchItemSchema>;

/** POST /bot/search-v2 {keyword} */
export const searchAnswerSchema = z.object({ keyword: z.string(), search_results: z.array(searchItemSchema) });
export type SearchAnswer = z.output<typeof searchAnswerSchema>;
