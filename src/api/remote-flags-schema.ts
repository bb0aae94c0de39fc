// The schema of the remote flags (spec part 1 §3), apart from remote-flags.ts: that module's
// defaults are read by the page, which must not carry zod; it takes the type from here (import type).
import { z } from 'zod';

export const upsellingFeatureSchema = z.object({ feature: z.string(), deeplink: z.string() });

export const remoteFlagsSchema = z.object({
  digilab_enable: z.boolean(),
  dot_digilab: z.boolean(),
  dot_engage: z.boolean(),
  dot_live_quiz: z.boolean(),
  dot_reward: z.boolean(),
  enable_engage: z.boolean(),
  in_app_review_flag: z.boolean(),
  leaderboards_enable: z.boolean(),
  dot_leaderboards: z.boolean(),
  /** How many bots a user may pin. */
  limit_pin_bots: z.number(),
  live_quiz_enable: z.boolean(),
  location_enable: z.boolean(),
  /** Below this version_code the app must update. */
  min_version_code: z.number(),
  privacy_policy_url: z.string(),
  rewards_enable: z.boolean(),
  web_button_tap_to_send_flag: z.boolean(),
  web_button_tap_to_send_flag_2: z.boolean(),
  welcome_banner_design: z.string(),
  skills_corner_enable: z.boolean(),
  competition_zone_enable: z.boolean(),
  posts_enable: z.boolean(),
  upselling_features_list: z.array(upsellingFeatureSchema),
  support_bot_mini_apps_hidden: z.boolean(),
  /** Visibility toggles of the one-time guides and the hamburger menu (spec part 1 §2); read through guideToggleOn. */
  welcome_banner_enable: z.boolean(),
  app_tour_enable: z.boolean(),
  contextual_help_enable: z.boolean(),
  feature_highlights_enable: z.boolean(),
  hamburger_menu_enable: z.boolean(),
  /** Bots filtered out of the conversation list and recent activity (spec part 1 §3). */
  hidden_bots: z.array(z.string()),
  /** The full app's address for a host mapped to one bot (the server's FULL_APP_URL); '' none. */
  full_app_url: z.string(),
});

/**
 * The remote config answer as the client takes it: any object. Each flag is then checked on its
 * own against its schema above (src/sync/app-checks.ts sanitizeFlags), so one flag of a wrong
 * type is dropped (its default stays) instead of refusing every flag of the answer.
 */
export const remoteFlagsAnswerSchema = z.record(z.string(), z.unknown());
