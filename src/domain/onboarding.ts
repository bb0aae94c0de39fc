// The onboarding step after a successful sign-in (spec part 1 §4): language first, then name,
// then location; null when nothing is left to ask.
import { isBlank } from './text-field';

export type OnboardingStep = 'language' | 'name' | 'location';

export interface OnboardingFacts {
  /** The chosen app language; null/undefined while the user has not picked one. */
  language: string | null | undefined;
  name: string | null | undefined;
  /** The profile's state code (profile.state?.code). */
  stateCode: string | null | undefined;
}

export function onboardingStep(facts: OnboardingFacts): OnboardingStep | null {
  if (facts.language == null || facts.language === '') return 'language';
  if (facts.name == null || isBlank(facts.name)) return 'name';
  if (facts.stateCode == null || isBlank(facts.stateCode)) return 'location';
  return null;
}
