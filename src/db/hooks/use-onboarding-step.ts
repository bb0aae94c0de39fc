import { useMemo } from 'react';
import type { OnboardingStep } from '../../domain/onboarding';
import { onboardingStepFor } from '../onboarding-step';
import { useLocalDoc } from './use-local-doc';

/** The onboarding step and whether the documents it depends on were read yet. */
export function useOnboardingState(): { loaded: boolean; step: OnboardingStep | null } {
  const session = useLocalDoc('session');
  const language = useLocalDoc('app-language');
  const profile = useLocalDoc('profile');
  const loaded = session.loaded && language.loaded && profile.loaded;
  const step = useMemo(() => onboardingStepFor(session.doc, language.doc, profile.doc), [session.doc, language.doc, profile.doc]);
  return { loaded, step };
}

/** Spec part 1 §4: 'language' | 'name' | 'location' after sign-in, null when done (or signed out, or still loading). */
export function useOnboardingStep(): OnboardingStep | null {
  return useOnboardingState().step;
}
