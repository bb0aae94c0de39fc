// A row of mini apps. A tap opens the mini app by the open rule (spec part 2 §2;
// screens/mini-apps/open-mini-app.ts): a built-in screen's path opens that screen, a registered web
// mini app its view, and any other path says miniAppNotSupported. A built-in mini app whose
// feature is off for the user (the one gate: flags with the custom code over them) is not listed,
// wherever the row is (Discover, its search, the Chat tab); one whose feature has its dot_* flag on
// carries the dot badge (Live Quiz with dot_live_quiz).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { DiscoveryMiniApp } from '../../api/discovery';
import { useFeatureGate } from '../../db/ui-surface';
import { featureOfMiniApp } from '../../domain/feature-gate';
import { IconTile } from '../../ui/icon-tile';
import { useOpenMiniApp } from '../mini-apps/open-mini-app';

export function MiniAppRow({ apps, headingId, heading }: { apps: readonly DiscoveryMiniApp[]; headingId: string; heading: string }) {
  const intl = useIntl();
  const open = useOpenMiniApp();
  const gate = useFeatureGate();
  const [notice, setNotice] = useState('');
  const shown = apps.flatMap((app) => {
    const feature = featureOfMiniApp(app.mini_app_uuid);
    if (feature !== null && !gate.on[feature]) return [];
    return [{ app, dot: feature !== null && gate.dots.has(feature) }];
  });
  if (shown.length === 0) return null;
  return (
    <section className="discover__section" aria-labelledby={headingId}>
      <h2 className="home-list__heading" id={headingId}>{heading}</h2>
      <ul className="discover__row">
        {shown.map(({ app, dot }) => (
          <li key={app.mini_app_uuid} data-mini-app={app.mini_app_uuid}>
            <IconTile name={app.name} icon={app.icon} dotLabel={dot ? intl.formatMessage({ id: 'feature.newDot' }, { feature: app.name }) : undefined} onOpen={() => setNotice(open(app) ?? '')} />
          </li>
        ))}
      </ul>
      <p className="discover__notice" role="status">{notice}</p>
    </section>
  );
}
