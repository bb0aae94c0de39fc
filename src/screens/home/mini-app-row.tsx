// A row of mini apps. No mini app screen is built yet, so a tap says so in the catalogue's words
// (spec part 1 §2: a path without a built-in screen shows the miniAppNotSupported message).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { DiscoveryMiniApp } from '../../api/discovery';
import { MSG } from '../../domain/errors';
import { IconTile } from '../../ui/icon-tile';

export function MiniAppRow({ apps, headingId, heading }: { apps: readonly DiscoveryMiniApp[]; headingId: string; heading: string }) {
  const intl = useIntl();
  const [notice, setNotice] = useState('');
  if (apps.length === 0) return null;
  return (
    <section className="discover__section" aria-labelledby={headingId}>
      <h2 className="home-list__heading" id={headingId}>{heading}</h2>
      <ul className="discover__row">
        {apps.map((app) => (
          <li key={app.mini_app_uuid}>
            <IconTile name={app.name} icon={app.icon} onOpen={() => setNotice(`${app.name}: ${intl.formatMessage({ id: MSG.miniAppNotSupported })}`)} />
          </li>
        ))}
      </ul>
      <p className="discover__notice" role="status">{notice}</p>
    </section>
  );
}
