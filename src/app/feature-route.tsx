// What a route of a feature that is off shows (gated-outlet.tsx): its name, that it is off for this
// account, and the way home. The navigation leaves the feature out (src/screens/home/feature-links.tsx).
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import type { GatedFeature } from '../domain/feature-gate';

export function FeatureOff({ feature }: { feature: GatedFeature }) {
  const intl = useIntl();
  const name = intl.formatMessage({ id: `feature.${feature}` });
  return (
    <main className="feature-off" data-testid="feature-off">
      <h1>{intl.formatMessage({ id: 'feature.off.title' }, { feature: name })}</h1>
      <p>{intl.formatMessage({ id: 'feature.off.body' })}</p>
      <Link to="/home">{intl.formatMessage({ id: 'feature.off.home' })}</Link>
    </main>
  );
}

