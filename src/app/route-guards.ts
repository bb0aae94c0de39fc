// Where a route sends the user, given who they are: signed-in users
// skip the login screens, signed-out users go to the login screen, and onboarding is shown while
// a step is left. Pure, so the rules are unit-tested apart from the router.
import type { OnboardingStep } from '../domain/onboarding';

/** Routes a guard may send the user to (none needs parameters). */
export type RedirectPath = '/' | '/otp-verification' | '/onboarding' | '/home';
/**
 * Routes for signed-in users who finished onboarding. Each area adds its paths to this one list
 * (signed-out users are sent to login from any of them).
 */
export const MEMBER_PATHS = [
  '/home', '/chat/$botUuid',
  '/catalog', '/cart',
  '/settings', '/delete-account',
  '/select-bot',
  '/bot-info', '/bot-faq', '/bot-review', '/blocked', '/archived',
  '/feedback', '/faqs', '/terms-of-use-menu',
  '/saved-items',
] as const;
const MEMBER_SET: ReadonlySet<string> = new Set(MEMBER_PATHS);

/** Every guarded route, by its route path. */
export type AppPath = RedirectPath | (typeof MEMBER_PATHS)[number];
/** The bot profile and bot list screens: members only. */
export type BotProfilePath = '/bot-info' | '/bot-faq' | '/bot-review' | '/blocked' | '/archived';

export interface AuthSnapshot {
  signedIn: boolean;
  /** auth-flow.otpRequested with a mobile: a code was sent and the OTP screen has a number to show. */
  otpRequested: boolean;
  onboardingStep: OnboardingStep | null;
}

/** The path to redirect to, or null when `path` may be shown. */
export function redirectFor(path: AppPath, auth: AuthSnapshot): RedirectPath | null {
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
