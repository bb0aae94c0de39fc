// Where a route sends the user, given who they are: signed-in users
// skip the login screens, signed-out users go to the login screen, and onboarding is shown while
// a step is left. A standalone (single-bot) session sees its bot's thread only (/bot/<id>), and a
// signed-out visitor of /bot/<id> stays there (the screen starts a standalone session). Pure, so
// the rules are unit-tested apart from the router.
import type { OnboardingStep } from '../domain/onboarding';

/**
 * Routes a guard may send the user to. The two with a parameter take the bot: '/bot/$botId' the
 * standalone session's (AuthSnapshot.standaloneBot), '/chat/$botUuid' the one the URL named.
 */
export type RedirectPath = '/' | '/otp-verification' | '/onboarding' | '/home' | '/bot/$botId' | '/chat/$botUuid';
/**
 * Routes for signed-in users who finished onboarding. Each area adds its paths to this one list
 * (signed-out users are sent to login from any of them).
 */
export const MEMBER_PATHS = [
  '/home', '/chat/$botUuid', '/list', '/share-location',
  '/catalog', '/cart',
  '/settings', '/delete-account',
  '/select-bot',
  '/bot-info', '/bot-faq', '/bot-review', '/blocked', '/archived',
  '/feedback', '/faqs', '/terms-of-use-menu',
  '/saved-items',
  '/competition-zone', '/competition-details', '/competition-all-entries', '/submission-details', '/past-competitions',
  '/my-certificates', '/leaderboards', '/competition-upload', '/competition-preview', '/pdf-viewer',
  '/engage', '/engage-play', '/rewards', '/lucky-draw-results', '/cash-reward', '/coupon', '/spin-the-wheel', '/memory-match',
  '/manage-upi', '/checkout', '/payment-processing',
  '/mini-apps', '/mini-app-info', '/mini-app', '/skills-corner', '/digital-class', '/webview',
  '/feed', '/my-activity',
  '/qr-code-scan', '/image-capture', '/images-captured', '/video-capture', '/desktop-media-capture', '/welcome-banner',
  '/manage-profile', '/custom-code',
] as const;
const MEMBER_SET: ReadonlySet<string> = new Set(MEMBER_PATHS);

/** Every guarded route, by its route path. */
export type AppPath = RedirectPath | (typeof MEMBER_PATHS)[number];
/** The bot profile and bot list screens: members only. */
export type BotProfilePath = '/bot-info' | '/bot-faq' | '/bot-review' | '/blocked' | '/archived';

export interface AuthSnapshot {
  /** A member's session (mobile and code); a standalone session is not one. */
  signedIn: boolean;
  /**
   * The bot of a standalone (single-bot) web session (spec part 1 §1, start-session), or null:
   * then every route but that bot's thread leads to it. Absent: none.
   */
  standaloneBot?: string | null;
  /** auth-flow.otpRequested with a mobile: a code was sent and the OTP screen has a number to show. */
  otpRequested: boolean;
  onboardingStep: OnboardingStep | null;
}

/** The path to redirect to, or null when `path` may be shown. */
export function redirectFor(path: AppPath, auth: AuthSnapshot): RedirectPath | null {
  // standalone: no home, no other bots, no sign-in screens (spec part 1 §1: other bots are hidden)
  // (its saved items are the one other screen: that bot's own, src/screens/saved/)
  if (auth.standaloneBot) return path === '/bot/$botId' || path === '/saved-items' ? null : '/bot/$botId';
  if (path === '/bot/$botId') {
    // a member opening a bot's standalone link gets the bot in the app they know
    if (auth.signedIn) return auth.onboardingStep !== null ? '/onboarding' : '/chat/$botUuid';
    return null;
  }
  if (auth.signedIn) {
    if (auth.onboardingStep !== null) return path === '/onboarding' ? null : '/onboarding';
    return MEMBER_SET.has(path) ? null : '/home';
  }
  switch (path) {
    case '/':
      // Open even while a code is pending: the phone's back button from the OTP screen lands
      // here with the number kept. A reload on the OTP screen stays there (its URL).
      return null;
    case '/otp-verification':
      return auth.otpRequested ? null : '/';
    default:
      // '/onboarding' and every member path
      return '/';
  }
}
