// Onboarding after sign-in (spec part 1 §4): language, then name, then location, each shown
// while useOnboardingStep() says it is missing. Finishing the last step makes the step null and
// the route guard moves on to home.
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useOnboardingStep } from '../../db/ui-surface';
import type { OnboardingStep } from '../../domain/onboarding';
import { ProgressSteps } from '../../ui/progress-steps';
import { Brand } from '../shared/brand';
import { LanguageStep } from './language-step';
import { NameStep } from './name-step';
import { LocationStep } from './location-step';
import './onboarding.css';

const STEPS: readonly OnboardingStep[] = ['language', 'name', 'location'];

export default function OnboardingScreen() {
  const intl = useIntl();
  const step = useOnboardingStep();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  // A new step is a new page for a screen reader: move focus to its heading.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  if (step === null) return null;
  const index = STEPS.indexOf(step) + 1;
  return (
    <div className="onboarding">
      <header className="onboarding__top">
        <Brand />
      </header>
      <main className="onboarding__main">
        <div className="onboarding__card">
          <ProgressSteps current={index} total={STEPS.length} label={intl.formatMessage({ id: 'onboarding.progress' }, { current: index, total: STEPS.length })} />
          {step === 'language' && <LanguageStep headingRef={headingRef} />}
          {step === 'name' && <NameStep headingRef={headingRef} />}
          {step === 'location' && <LocationStep headingRef={headingRef} />}
        </div>
      </main>
    </div>
  );
}
