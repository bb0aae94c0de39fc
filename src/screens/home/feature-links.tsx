// The features the gate has on (src/domain/feature-gate.ts), as links on Discover, each with its
// dot badge (dot_*) when the flag asks for one; a feature that is off is not listed. Below them
// the upselling_features_list entries, each opening its deep link.
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import type { GatedFeature } from '../../domain/feature-gate';
import { useFeatureGate } from '../../db/ui-surface';
import { useBotLinks } from './use-bot-links';

const LINKS: readonly { feature: GatedFeature; to: '/engage' | '/rewards' | '/competition-zone' | '/leaderboards' | '/skills-corner' | '/digital-class' }[] = [
  { feature: 'engage', to: '/engage' },
  { feature: 'rewards', to: '/rewards' },
  { feature: 'competition_zone', to: '/competition-zone' },
  { feature: 'leaderboards', to: '/leaderboards' },
  { feature: 'skills_corner', to: '/skills-corner' },
  { feature: 'digital_class', to: '/digital-class' },
];

export function FeatureLinks() {
  const intl = useIntl();
  const gate = useFeatureGate();
  const links = useBotLinks();
  const shown = LINKS.filter((l) => gate.on[l.feature]);
  if (shown.length === 0 && gate.upselling.length === 0) return null;
  return (
    <section className="discover__section feature-links" aria-labelledby="discover-explore">
      <h2 className="home-list__heading" id="discover-explore">{intl.formatMessage({ id: 'feature.explore' })}</h2>
      <ul className="feature-links__row">
        {shown.map((l) => {
          const name = intl.formatMessage({ id: `feature.${l.feature}` });
          const dot = gate.dots.has(l.feature);
          return (
            <li key={l.feature}>
              <Link to={l.to} className="feature-links__link" data-feature={l.feature} aria-label={dot ? intl.formatMessage({ id: 'feature.newDot' }, { feature: name }) : name}>
                {name}{dot && <span className="feature-links__dot" aria-hidden="true" data-testid={`dot-${l.feature}`} />}
              </Link>
            </li>
          );
        })}
      </ul>
      {gate.upselling.length > 0 && (
        <ul className="feature-links__row" aria-label={intl.formatMessage({ id: 'feature.upselling' })}>
          {gate.upselling.map((u) => (
            <li key={`${u.feature}-${u.deeplink}`}>
              <button type="button" className="feature-links__link feature-links__link--upsell" data-testid="upsell" onClick={() => links.openLink(u.deeplink)}>{u.feature}</button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
