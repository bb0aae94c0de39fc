// The onboarding step from the local documents (spec part 1 §4, rule in src/domain/onboarding.ts):
// only a signed-in user with a profile is onboarded. The language counts as set when it was
// chosen on this device or the profile has one.
import { onboardingStep, type OnboardingStep } from '../domain/onboarding';
import type { AppLanguageDoc, ProfileDoc, SessionDoc } from './local-docs';

export function onboardingStepFor(
  session: SessionDoc | null,
  appLanguage: AppLanguageDoc | null,
  profile: ProfileDoc | null,
): OnboardingStep | null {
  if (!session?.token || !profile) return null;
  return onboardingStep({
    language: appLanguage?.chosen ? appLanguage.code : profile.language,
    name: profile.name,
    stateCode: profile.state?.code,
  });
}
