// The one feature gate (spec part 1 §3 remote flags, part 2 §3 custom code, §6 "Screens are
// gated by remote flags ... Custom code can include or exclude features"): every remote flag is
// read here, typed, with the signed-in user's custom code applied over the flags. The app's
// screens, its navigation and its routes read the gate (src/db/hooks/use-feature-gate.ts); the
// reference server applies the same function to the areas it refuses (engage, rewards).
//
// Custom code rules (the product's reading of part 2 §4 "a code can include or exclude features"):
//   - type 'additive' (the default): a feature is on when its flag is on or the code includes it;
//   - type 'exclusive': only the features the code includes are on, whatever the flags;
//   - in both, a feature the code excludes is off (exclusion wins).
// A dot badge (dot_*) shows only on a feature that is on.
import type { RemoteFlags, UpsellingFeature } from '../api/remote-flags';
import { welcomeBannerDesign, type WelcomeBannerDesign } from './guides';
import { FIXED_MINI_APP_IDS } from './mini-apps';

/** The features a flag or a custom code switches (their names in a code's lists). */
export const GATED_FEATURES = [
  'rewards', 'engage', 'leaderboards', 'competition_zone', 'skills_corner', 'digital_class', 'posts', 'live_quiz', 'location',
] as const;
export type GatedFeature = (typeof GATED_FEATURES)[number];

export const CUSTOM_CODE_TYPES = ['additive', 'exclusive'] as const;
export type CustomCodeType = (typeof CUSTOM_CODE_TYPES)[number];

/** What a custom code does (profile.custom_code_details, custom-code/get-details). */
export interface CustomCodeFeatures {
  type: CustomCodeType;
  included_features: readonly string[];
  excluded_features: readonly string[];
}

/** The flag that switches each feature. */
const FLAG_OF: Record<GatedFeature, keyof RemoteFlags> = {
  rewards: 'rewards_enable',
  engage: 'enable_engage',
  leaderboards: 'leaderboards_enable',
  competition_zone: 'competition_zone_enable',
  skills_corner: 'skills_corner_enable',
  digital_class: 'digilab_enable',
  posts: 'posts_enable',
  live_quiz: 'live_quiz_enable',
  location: 'location_enable',
};

/** The dot badges, by the feature they mark. */
const DOT_OF = {
  digital_class: 'dot_digilab',
  engage: 'dot_engage',
  live_quiz: 'dot_live_quiz',
  rewards: 'dot_reward',
  leaderboards: 'dot_leaderboards',
} as const satisfies Partial<Record<GatedFeature, keyof RemoteFlags>>;
export type DotFeature = keyof typeof DOT_OF;

export interface FeatureGate {
  /** Whether each feature is on for this user. */
  on: Readonly<Record<GatedFeature, boolean>>;
  /** The features that show a dot badge (on, with their dot_* flag). */
  dots: ReadonlySet<GatedFeature>;
  /** The running build is below min_version_code: the app must update before anything else. */
  forceUpdate: boolean;
  /** upselling_features_list entries whose deep link leads to a feature that is on (or to no gated one). */
  upselling: readonly UpsellingFeature[];
  /** welcome_banner_design: which design the welcome banner draws. */
  welcomeBannerDesign: WelcomeBannerDesign;
  /** support_bot_mini_apps_hidden: the Chat tab lists the user's bots only, not their mini apps. */
  supportBotMiniAppsHidden: boolean;
  /** web_button_tap_to_send_flag: a website button of an action message also sends its label to the bot. */
  tapToSend: boolean;
  /** web_button_tap_to_send_flag_2: the same for the website buttons of cards. */
  tapToSend2: boolean;
  /** in_app_review_flag: the Chat tab asks once to rate a bot the user has talked with. */
  inAppReview: boolean;
  limitPinBots: number;
  privacyPolicyUrl: string;
  hiddenBots: readonly string[];
}

function isFeature(name: string): name is GatedFeature {
  return (GATED_FEATURES as readonly string[]).includes(name);
}

/** One feature for this flag set and custom code. */
export function featureOn(feature: GatedFeature, flags: RemoteFlags, code: CustomCodeFeatures | null): boolean {
  if (code?.excluded_features.includes(feature)) return false;
  const included = code?.included_features.includes(feature) ?? false;
  if (code?.type === 'exclusive') return included;
  return included || flags[FLAG_OF[feature]] === true;
}

/** The routes each feature owns: off, they are absent from navigation and their page says so. */
export const FEATURE_ROUTES: Readonly<Record<GatedFeature, readonly string[]>> = {
  rewards: ['/rewards', '/lucky-draw-results', '/cash-reward', '/coupon', '/spin-the-wheel', '/memory-match'],
  engage: ['/engage', '/engage-play'],
  leaderboards: ['/leaderboards'],
  competition_zone: ['/competition-zone', '/competition-details', '/competition-all-entries', '/submission-details', '/past-competitions', '/my-certificates', '/competition-upload', '/competition-preview'],
  skills_corner: ['/skills-corner'],
  digital_class: ['/digital-class'],
  posts: ['/feed', '/my-activity'],
  live_quiz: [],
  location: ['/share-location'],
};

/**
 * The built-in mini apps (spec part 2 §2 fixed ids) each feature owns: off, the app leaves them out
 * of Discover and the mini-app lists, and the server refuses their mini-app calls.
 */
export const FEATURE_MINI_APPS: Readonly<Record<GatedFeature, readonly string[]>> = {
  rewards: [FIXED_MINI_APP_IDS.rewards, FIXED_MINI_APP_IDS.memoryMatch],
  engage: [],
  leaderboards: [],
  competition_zone: [FIXED_MINI_APP_IDS.competitionZone],
  skills_corner: [FIXED_MINI_APP_IDS.skillsCorner],
  digital_class: [FIXED_MINI_APP_IDS.digitalClass],
  posts: [],
  live_quiz: [FIXED_MINI_APP_IDS.liveQuiz],
  location: [],
};

/** The feature that owns a built-in mini app, or null (any other mini app is not gated). */
export function featureOfMiniApp(miniAppUuid: string): GatedFeature | null {
  for (const feature of GATED_FEATURES) if (FEATURE_MINI_APPS[feature].includes(miniAppUuid)) return feature;
  return null;
}

/** The feature that owns a route path (query and hash ignored), or null. */
export function featureOfPath(path: string): GatedFeature | null {
  const bare = path.split(/[?#]/)[0] ?? '';
  for (const feature of GATED_FEATURES) if (FEATURE_ROUTES[feature].includes(bare)) return feature;
  return null;
}

/** Any custom code's lists, kept to the features this build knows. */
export function knownFeatures(names: readonly string[]): GatedFeature[] {
  return names.filter(isFeature);
}

export function featureGate(flags: RemoteFlags, code: CustomCodeFeatures | null, buildVersionCode: number | null): FeatureGate {
  const on = Object.fromEntries(GATED_FEATURES.map((f) => [f, featureOn(f, flags, code)])) as Record<GatedFeature, boolean>;
  const dots = new Set<GatedFeature>();
  for (const [feature, flag] of Object.entries(DOT_OF) as [DotFeature, keyof RemoteFlags][]) {
    if (on[feature] && flags[flag] === true) dots.add(feature);
  }
  const upselling = flags.upselling_features_list.filter((entry) => {
    const feature = featureOfPath(entry.deeplink);
    return feature === null || on[feature];
  });
  return {
    on,
    dots,
    forceUpdate: buildVersionCode !== null && flags.min_version_code > buildVersionCode,
    upselling,
    welcomeBannerDesign: welcomeBannerDesign(flags.welcome_banner_design),
    supportBotMiniAppsHidden: flags.support_bot_mini_apps_hidden,
    tapToSend: flags.web_button_tap_to_send_flag,
    tapToSend2: flags.web_button_tap_to_send_flag_2,
    inAppReview: flags.in_app_review_flag,
    limitPinBots: flags.limit_pin_bots,
    privacyPolicyUrl: flags.privacy_policy_url,
    hiddenBots: flags.hidden_bots,
  };
}
