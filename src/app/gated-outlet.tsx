// The signed-in screens behind the one feature gate (src/domain/feature-gate.ts): a route of a
// feature that is off (remote flag or custom code) shows a clear notice instead of its screen,
// and a build below min_version_code shows only the update screen.
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { featureOfPath } from '../domain/feature-gate';
import { useFeatureGate } from '../db/hooks/use-feature-gate';
import { Button } from '../ui/button';
import { FeatureOff } from './feature-route';

export function GatedOutlet() {
  const intl = useIntl();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const gate = useFeatureGate();
  if (gate.forceUpdate) {
    return (
      <main className="feature-off" data-testid="force-update">
        <h1>{intl.formatMessage({ id: 'feature.forceUpdate.title' })}</h1>
        <p>{intl.formatMessage({ id: 'feature.forceUpdate.body' })}</p>
        <Button onClick={() => window.location.reload()}>{intl.formatMessage({ id: 'feature.forceUpdate.action' })}</Button>
      </main>
    );
  }
  const feature = featureOfPath(path);
  if (feature && !gate.on[feature]) return <FeatureOff feature={feature} />;
  return <Outlet />;
}
