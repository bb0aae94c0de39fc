// Where a route sends the user, given who they are (issue Foundation part 4): signed-in users
// skip the login screens, signed-out users go to the login screen, and onboarding is shown while
// a step is left. Pure, so the rules are unit-tested apart from the router.
import type { OnboardingStep } from '../domain/onboarding';

/** Routes a guard may send the user to (none needs parameters). */
export type RedirectPath = '/' | '/otp-verification' | '/onboarding' | '/home';
/** Every guarded route, by its route path. */
export type AppPath = RedirectPath | '/chat/$botUuid' | '/catalog' | '/cart' | '/settings' | '/delete-account';

/** Routes for signed-in users who finished onboarding. */
const MEMBER_PATHS: ReadonlySet<AppPath> = new Set<AppPath>(['/home', '/chat/$botUuid', '/catalog', '/cart', '/settings', '/delete-account']);

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
    return MEMBER_PATHS.has(path) ? null : '/home';
  }
  switch (path) {
    case '/':
      // Open even while a code is pending: the phone's back button from the OTP screen lands
      // here with the number kept. A reload on the OTP screen stays there (its URL).
      return null;
    case '/otp-verification':
      return auth.otpRequested ? null : '/';
    case '/onboarding':
    case '/home':
    case '/chat/$botUuid':
    case '/catalog':
    case '/cart':
    case '/settings':
    case '/delete-account':
      return '/';
  }
}
