// Where a route sends the user, given who they are (issue Foundation part 4): signed-in users
// skip the login screens, signed-out users go to the login screen, and onboarding is shown while
// a step is left. Pure, so the rules are unit-tested apart from the router.
import type { OnboardingStep } from '../domain/onboarding';

export type AppPath = '/' | '/otp-verification' | '/onboarding' | '/home';

export interface AuthSnapshot {
  signedIn: boolean;
  /** auth-flow.otpRequested with a mobile: a code was sent and the OTP screen has a number to show. */
  otpRequested: boolean;
  onboardingStep: OnboardingStep | null;
}

/** The path to redirect to, or null when `path` may be shown. */
export function redirectFor(path: AppPath, auth: AuthSnapshot): AppPath | null {
  if (auth.signedIn) {
    const home: AppPath = auth.onboardingStep !== null ? '/onboarding' : '/home';
    return path === home ? null : home;
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
      return '/';
  }
}
