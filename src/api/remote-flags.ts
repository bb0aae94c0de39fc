// The remote flags of spec part 1 §3 (and part 2 §3), as the reference server serves them and
// the app keeps them (an RxDB local document, so they hold offline). Plain types and defaults:
// the defaults apply before the first fetch of a fresh install, and to any flag the server omits.
import type { z } from 'zod';
import type { remoteFlagsSchema, upsellingFeatureSchema } from './remote-flags-schema';

export type UpsellingFeature = z.output<typeof upsellingFeatureSchema>;

/** The flags; their schema is remote-flags-schema.ts (types only here, so the page carries no zod). */
export type RemoteFlags = z.output<typeof remoteFlagsSchema>;

export const DEFAULT_REMOTE_FLAGS: RemoteFlags = {
  digilab_enable: false,
  dot_digilab: false,
  dot_engage: false,
  dot_live_quiz: false,
  dot_reward: false,
  enable_engage: false,
  in_app_review_flag: false,
  leaderboards_enable: false,
  dot_leaderboards: false,
  limit_pin_bots: 5,
  live_quiz_enable: false,
  location_enable: true,
  min_version_code: 0,
  privacy_policy_url: '/terms-of-use-menu',
  rewards_enable: false,
  web_button_tap_to_send_flag: true,
  web_button_tap_to_send_flag_2: false,
  welcome_banner_design: 'default',
  skills_corner_enable: false,
  competition_zone_enable: false,
  posts_enable: true,
  upselling_features_list: [],
  support_bot_mini_apps_hidden: false,
  hidden_bots: [],
  full_app_url: '',
  welcome_banner_enable: true,
  app_tour_enable: true,
  contextual_help_enable: true,
  feature_highlights_enable: true,
  hamburger_menu_enable: true,
};

/** The visibility toggles of spec part 1 §2 that the guides and the hamburger menu answer to. */
export type ScreenToggle = 'welcome_banner' | 'app_tour' | 'contextual_help' | 'feature_highlights' | 'hamburger_menu';

/**
 * Whether a toggled screen is on. The one place these toggles are read (issue 18): a feature gate
 * that also applies custom-code features folds in here.
 */
export function screenToggleOn(flags: RemoteFlags, toggle: ScreenToggle): boolean {
  return flags[`${toggle}_enable`];
}

/** The local document id under which the app keeps the last fetched flags. */
export const REMOTE_FLAGS_DOC_ID = 'remote-flags';

/** The local document's shape: the flags and when they were fetched (epoch ms; null: never). */
export interface RemoteFlagsDoc {
  flags: RemoteFlags;
  fetchedAt: number | null;
}
