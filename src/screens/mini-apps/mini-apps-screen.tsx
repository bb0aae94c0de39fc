// /mini-apps (spec part 2 §2): every mini app with its rating, opened by the open rule; a link to
// each one's info. Offline it lists what the device kept from the last visit and says so.
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { loadMiniApps } from '../../db/commands';
import { useMiniApps, useSyncStatus } from '../../db/hooks';
import { Avatar } from '../../ui/avatar';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../bots/page-header';
import { useT } from '../shared/use-t';
import { useOpenMiniApp } from './open-mini-app';
import '../bots/bots.css';
import './mini-apps.css';

export default function MiniAppsScreen() {
  const t = useT();
  const { loaded, value: apps } = useMiniApps();
  const online = useSyncStatus().doc.online;
  const open = useOpenMiniApp();
  const [notice, setNotice] = useState('');
  const [failed, setFailed] = useState(false);
  const [fetched, setFetched] = useState(false);

  useEffect(() => {
    if (!online) return;
    void loadMiniApps().then((r) => {
      setFetched(true);
      setFailed(!r.ok && r.error.key !== 'noResponse' && r.error.key !== 'cancelled');
    });
  }, [online]);

  return (
    <div className="bots-page">
      <PageHeader title={t('miniApp.list.title')} />
      <main className="bots-main">
        {!online && <p className="mini-apps__note" role="status">{t('miniApp.list.offline')}</p>}
        {failed && <p className="mini-apps__note mini-apps__note--error" role="alert">{t('miniApp.list.loadFailed')}</p>}
        {apps.length === 0 ? (loaded && fetched ? <EmptyState title={t('miniApp.list.empty')} /> : null) : (
          <ul className="mini-apps" data-testid="mini-app-list">
            {apps.map(({ app }) => (
              <li key={app.mini_app_uuid} className="bots-card mini-apps__item" data-testid="mini-app-item">
                <button type="button" className="mini-apps__open" onClick={() => setNotice(open(app) ?? '')}>
                  <Avatar name={app.name} src={app.icon} size="small" />
                  <span className="mini-apps__text">
                    <span className="mini-apps__name">{app.name}</span>
                    <span className="mini-apps__description">{app.description}</span>
                    <span className="mini-apps__rating">{app.rating_count > 0 ? t('miniApp.info.rating', { rating: app.rating, count: app.rating_count }) : t('miniApp.info.noRatings')}</span>
                  </span>
                </button>
                <Link to="/mini-app-info" search={{ id: app.mini_app_uuid }} className="mini-apps__about" aria-label={t('miniApp.list.about', { name: app.name })}>
                  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                    <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="2" />
                    <path d="M12 11v6M12 7.5v.01" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
                  </svg>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <p className="mini-apps__note" role="status">{notice}</p>
      </main>
    </div>
  );
}
