// The one-time guides of issue 18 (spec part 1 §2 and part 2 §2 visibility toggles): the welcome
// banner, the app tour, contextual help and feature highlights. Each is shown once per device
// (the ids seen are kept in the settings local document, which survives logout) and only while
// its remote switch is on. The ids are a fixed list, so what is remembered stays a few words.
// The in-app review ask is one of them: shown once, while in_app_review_flag is on.

export const GUIDE_IDS = ['welcome-banner', 'app-tour', 'help-chat', 'highlight-qr-scan', 'in-app-review'] as const;
export type GuideId = (typeof GUIDE_IDS)[number];

/** The remote switch each guide answers to: a visibility toggle (its `_enable` flag), or a flag of its own. */
export type GuideToggle = 'welcome_banner' | 'app_tour' | 'contextual_help' | 'feature_highlights';
export type GuideSwitch = { toggle: GuideToggle } | { flag: 'in_app_review_flag' };

export const GUIDE_SWITCH: Record<GuideId, GuideSwitch> = {
  'welcome-banner': { toggle: 'welcome_banner' },
  'app-tour': { toggle: 'app_tour' },
  'help-chat': { toggle: 'contextual_help' },
  'highlight-qr-scan': { toggle: 'feature_highlights' },
  'in-app-review': { flag: 'in_app_review_flag' },
};

function isGuideId(value: string): value is GuideId {
  return (GUIDE_IDS as readonly string[]).includes(value);
}

/** Whether a guide shows now: its toggle is on and this device has not shown it yet. */
export function shouldShowGuide(id: GuideId, seen: readonly string[], toggleOn: boolean): boolean {
  return toggleOn && !seen.includes(id);
}

/** The seen list after a guide was shown: known ids only, each once (an old build's ids drop out). */
export function markGuideSeen(seen: readonly string[], id: GuideId): GuideId[] {
  const known = seen.filter(isGuideId);
  return known.includes(id) ? known : [...known, id];
}

/** The welcome banner's designs; welcome_banner_design picks one, anything unknown is the default. */
export const WELCOME_BANNER_DESIGNS = ['default', 'festive', 'minimal'] as const;
export type WelcomeBannerDesign = (typeof WELCOME_BANNER_DESIGNS)[number];

export function welcomeBannerDesign(flag: unknown): WelcomeBannerDesign {
  return WELCOME_BANNER_DESIGNS.find((design) => design === flag) ?? 'default';
}

/** What this device knows of a bot's rating and review by the user (the stored bot profile). */
export interface StoredOwnReview {
  /** get-rating's answer as stored; null: never read */
  rating: { user_rating: number | null } | null;
  /** get-review's answer: the user's own review, or null */
  myReview: unknown;
}

/** A conversation the in-app review ask may name. */
export interface ReviewAskCandidate { bot_uuid: string; conversed: boolean; block_time: number | null }

/**
 * The in-app review ask (in_app_review_flag): the first of the conversations (newest first) the
 * user wrote in and has not blocked, skipping every bot the user already rated or reviewed, as the
 * stored bot profile says. A bot whose profile was never read is not asked about: `toLoad` names it
 * (read its profile, when online, then decide), unless it was already tried (`tried`), in which case
 * it is passed over: with nothing stored, nothing is asked about it.
 */
export function reviewAskTarget<C extends ReviewAskCandidate>(
  conversations: readonly C[],
  stored: Readonly<Record<string, StoredOwnReview | undefined>>,
  tried: ReadonlySet<string>,
): { ask: C | null; toLoad: string | null } {
  for (const c of conversations) {
    if (!c.conversed || c.block_time !== null) continue;
    const known = stored[c.bot_uuid];
    if (!known || known.rating === null) {
      if (tried.has(c.bot_uuid)) continue;
      return { ask: null, toLoad: c.bot_uuid };
    }
    if (known.rating.user_rating !== null || (known.myReview !== null && known.myReview !== undefined)) continue;
    return { ask: c, toLoad: null };
  }
  return { ask: null, toLoad: null };
}
