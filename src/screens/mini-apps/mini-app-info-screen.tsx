// /mini-app-info?id= (spec part 2 §2, §7): a mini app's details, its rating with the user's own
// (submit-rating), subscribe, and open. Rating and subscribe show at once and are queued (the one
// action queue), so they work offline too; a refusal puts back what was there and says so.
import { useEffect, useState } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { dismissMiniAppNotice, loadMiniAppDetails, rateMiniApp, subscribeMiniApp } from '../../db/commands';
import { useMiniApp, useSyncStatus } from '../../db/hooks';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { PageHeader } from '../bots/page-header';
import { useT } from '../shared/use-t';
import { useIntl } from 'react-intl';
import { useOpenMiniApp } from './open-mini-app';
import '../bots/bots.css';
import './mini-apps.css';

const route = getRouteApi('/mini-app-info');

export default function MiniAppInfoScreen() {
  const t = useT();
  const intl = useIntl();
  const { id } = route.useSearch();
  const { loaded, value } = useMiniApp(id);
  const online = useSyncStatus().doc.online;
  const open = useOpenMiniApp();
  const [notFound, setNotFound] = useState(false);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    if (!id || !online) return;
    void loadMiniAppDetails(id).then((r) => setNotFound(!r.ok && r.error.key !== 'noResponse' && r.error.key !== 'cancelled'));
  }, [id, online]);

  const app = value?.app;
  return (
    <div className="bots-page">
      <PageHeader title={app?.name ?? t('miniApp.info.title')} />
      <main className="bots-main">
        {(!id || (loaded && !app && notFound)) && <p className="mini-apps__note mini-apps__note--error" role="alert">{t('miniApp.info.notFound')}</p>}
        {app && (
          <>
            <section className="bots-hero">
              <Avatar name={app.name} src={app.icon} size="large" />
              <h2 className="bots-hero__name">{app.name}</h2>
              <p className="bots-hero__description">{app.description}</p>
              <p className="mini-apps__rating" data-testid="mini-app-rating">{app.rating_count > 0 ? t('miniApp.info.rating', { rating: app.rating, count: app.rating_count }) : t('miniApp.info.noRatings')}</p>
            </section>
            <div className="bots-actions">
              <Button onClick={() => setNotice(open(app) ?? '')}>{t('miniApp.info.open')}</Button>
              <Button variant="secondary" disabled={app.subscribed} aria-pressed={app.subscribed} onClick={() => void subscribeMiniApp(app.mini_app_uuid)}>
                {app.subscribed ? t('miniApp.info.subscribed') : t('miniApp.info.subscribe')}
              </Button>
            </div>
            <section className="bots-card" aria-labelledby="mini-app-your-rating">
              <h2 className="bots-card__title" id="mini-app-your-rating">{t('miniApp.info.yourRating')}</h2>
              <div className="mini-apps__stars" role="group" aria-labelledby="mini-app-your-rating">
                {[1, 2, 3, 4, 5].map((n) => (
                  <button key={n} type="button" className="mini-apps__star" aria-pressed={(app.user_rating ?? 0) >= n}
                    aria-label={t('miniApp.info.rate', { stars: n })} onClick={() => void rateMiniApp(app.mini_app_uuid, n)}>
                    {(app.user_rating ?? 0) >= n ? '★' : '☆'}
                  </button>
                ))}
              </div>
            </section>
            {value.activity && <p className="mini-apps__note">{t('miniApp.info.lastActivity', { activity: value.activity.activity })}</p>}
            {value.notice && (
              <p className="mini-apps__note mini-apps__note--error" role="alert">
                {intl.formatMessage({ id: value.notice })}{' '}
                <Button variant="secondary" onClick={() => void dismissMiniAppNotice(app.mini_app_uuid)}>{t('miniApp.notice.dismiss')}</Button>
              </p>
            )}
          </>
        )}
        <p className="mini-apps__note" role="status">{notice}</p>
      </main>
    </div>
  );
}
