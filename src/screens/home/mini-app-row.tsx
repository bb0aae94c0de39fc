// A row of mini apps. A tap opens the mini app by the open rule (spec part 2 §2;
// screens/mini-apps/open-mini-app.ts): a built-in screen's path opens that screen, a registered web
// mini app its view, and any other path says miniAppNotSupported.
import { useState } from 'react';
import type { DiscoveryMiniApp } from '../../api/discovery';
import { IconTile } from '../../ui/icon-tile';
import { useOpenMiniApp } from '../mini-apps/open-mini-app';

export function MiniAppRow({ apps, headingId, heading }: { apps: readonly DiscoveryMiniApp[]; headingId: string; heading: string }) {
  const open = useOpenMiniApp();
  const [notice, setNotice] = useState('');
  if (apps.length === 0) return null;
  return (
    <section className="discover__section" aria-labelledby={headingId}>
      <h2 className="home-list__heading" id={headingId}>{heading}</h2>
      <ul className="discover__row">
        {apps.map((app) => (
          <li key={app.mini_app_uuid}>
            <IconTile name={app.name} icon={app.icon} onOpen={() => setNotice(open(app) ?? '')} />
          </li>
        ))}
      </ul>
      <p className="discover__notice" role="status">{notice}</p>
    </section>
  );
}
