import type { Ref } from 'react';

export function StepHeading({ headingRef, title, subtitle }: { headingRef: Ref<HTMLHeadingElement>; title: string; subtitle: string }) {
  return (
    <div className="onboarding__heading">
      <h1 ref={headingRef} tabIndex={-1} className="onboarding__title">
        {title}
      </h1>
      <p className="onboarding__subtitle">{subtitle}</p>
    </div>
  );
}
