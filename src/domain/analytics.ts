// Analytics rules of the spec (part 1 §9, part 2 §3, §4, §7): which routes are screens and what
// they are called, the events the app records, and what an event may carry. Pure: the page's
// tracker (src/db/analytics.ts), the worker's sender (src/sync/analytics-sync.ts) and the
// server's ingestion route (server/analytics) all check events with these rules.

/** Spec: screen names are the last path segment of these routes. */
export const ANALYTICS_SCREENS = [
  'image-preview', 'bot-review', 'archived', 'blocked', 'bot-info', 'engage', 'settings', 'otp-verification',
  'manage-profile', 'rewards', 'lucky-draw-results', 'cash-reward', 'coupon', 'manage-upi', 'leaderboards',
  'past-competitions', 'competition-zone', 'competition-details', 'submission-details', 'my-certificates',
  'competition-all-entries', 'feed', 'my-activity', 'memory-match', 'mini-app-info', 'custom-code',
] as const;
const SCREEN_SET: ReadonlySet<string> = new Set(ANALYTICS_SCREENS);
/** The login route's screen name (it counts only when no mobile is stored). */
export const LOGIN_SCREEN = 'login';

/**
 * The screen a path counts as, or null when it is not one of the spec's screens. The login route
 * ('/') counts as 'login' only when no mobile number is stored (a stored one means the app is
 * about to move on, not that a person is looking at the login screen).
 */
export function screenNameFor(pathname: string, mobileStored: boolean): string | null {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  if (path === '/' || path === '') return mobileStored ? null : LOGIN_SCREEN;
  const last = path.replace(/\/+$/, '').split('/').pop() ?? '';
  return SCREEN_SET.has(last) ? last : null;
}

/** The events the app records (spec part 2 §7: OTP, bot subscribe, mute, block, archive, quiz, rewards, competition, media_uploaded). */
export const ANALYTICS_EVENT = {
  screenView: 'screen_view',
  /** sign-in steps: the number entered and a code asked for; the code accepted; onboarding done */
  otpRequested: 'otp_requested',
  otpVerified: 'otp_verified',
  otpFailed: 'otp_failed',
  onboardingCompleted: 'onboarding_completed',
  botSubscribe: 'bot_subscribe',
  botMute: 'bot_mute',
  botBlock: 'bot_block',
  botArchive: 'bot_archive',
  quizAnswer: 'quiz_answer',
  reward: 'reward',
  competitionEntry: 'competition_entry',
  mediaUploaded: 'media_uploaded',
  /** a bot's own event from the webhook's meta.gaEvents, when its action is not a valid name */
  botEvent: 'bot_event',
} as const;

/** GA4 Measurement Protocol limits, the strictest of the providers: one batch, names, parameters. */
export const ANALYTICS_LIMITS = {
  /** events per request (GA4: 25) */
  batch: 25,
  /** parameters per event (GA4: 25) */
  params: 25,
  /** event and parameter names (GA4: 40) */
  nameChars: 40,
  /** string parameter values (GA4: 100) */
  valueChars: 100,
} as const;

/** How long the first buffered event waits for others before a batch goes (online; a reconnect sends at once). */
export const ANALYTICS_BATCH_DELAY_MS = 5_000;

/** GA4 event and parameter names: a letter, then letters, digits and underscores. */
export const ANALYTICS_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
/** Runs of digits (spaces and dashes inside, as people write numbers). */
const DIGIT_RUN = /\d(?:[\s-]?\d)*/g;
/** A phone number has 8 (Singapore) to 13 (a dial code and India's 10) digits; bot ids have 16. */
const PHONE_DIGITS = { min: 8, max: 13 } as const;

export type AnalyticsParamValue = string | number | boolean;
export type AnalyticsParams = Record<string, AnalyticsParamValue>;

/** Whether a value could carry a phone number: a run of 8 to 13 digits, as text or as a number. */
export function looksLikePhone(value: AnalyticsParamValue): boolean {
  if (typeof value === 'boolean') return false;
  const text = typeof value === 'number' ? String(Math.trunc(Math.abs(value))) : value;
  return (text.match(DIGIT_RUN) ?? []).some((run) => {
    const digits = run.replace(/\D/g, '').length;
    return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
  });
}

/**
 * What of `params` may leave the device: valid names only, strings cut to 100 characters, and
 * nothing that looks like a phone number (the user's alias is a salted hash, never the number).
 */
export function scrubParams(params: Readonly<Record<string, unknown>>): AnalyticsParams {
  const out: AnalyticsParams = {};
  for (const [key, raw] of Object.entries(params)) {
    if (Object.keys(out).length >= ANALYTICS_LIMITS.params) break;
    if (!ANALYTICS_NAME_PATTERN.test(key)) continue;
    if (typeof raw !== 'string' && typeof raw !== 'boolean' && !(typeof raw === 'number' && Number.isFinite(raw))) continue;
    const value = typeof raw === 'string' ? raw.slice(0, ANALYTICS_LIMITS.valueChars) : raw;
    if (looksLikePhone(value)) continue;
    out[key] = value;
  }
  return out;
}

/** A bot's event (the webhook's meta.gaEvents: category, action, label, value) as an app event. */
export function botGaEvent(ga: { category: string; action: string; label: string; value: number }): { name: string; params: AnalyticsParams } {
  const action = ga.action.trim().replace(/[^A-Za-z0-9_]+/g, '_').slice(0, ANALYTICS_LIMITS.nameChars);
  const named = ANALYTICS_NAME_PATTERN.test(action);
  return {
    name: named ? action : ANALYTICS_EVENT.botEvent,
    params: scrubParams({ category: ga.category, label: ga.label, value: ga.value, ...(named ? {} : { action: ga.action }) }),
  };
}
