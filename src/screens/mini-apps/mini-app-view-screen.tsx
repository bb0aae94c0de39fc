// /mini-app?id= (spec part 2 §4 "Mini-app view"): loads the mini app's details, subscribes when the
// user is not subscribed yet (queued), and shows an error state when loading is refused. A web
// mini app runs in an iframe sandboxed without allow-same-origin (its own opaque origin: it can
// reach nothing of the app's), speaking to the app only through the bridge (use-mini-app-bridge.ts).
// A built-in one goes to its screen; anything else says miniAppNotSupported.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { loadMiniAppDetails, subscribeMiniApp } from '../../db/commands';
import { useAppLanguage, useMiniApp, useMiniAppPermissions, useSyncStatus } from '../../db/hooks';
import { MSG } from '../../domain/errors';
import { miniAppTarget, type MiniAppPermission } from '../../domain/mini-apps';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PageHeader } from '../bots/page-header';
import { useT } from '../shared/use-t';
import { useMiniAppBridge } from './use-mini-app-bridge';
import '../bots/bots.css';
import './mini-apps.css';

const route = getRouteApi('/mini-app');

type State = 'loading' | 'ready' | 'error' | 'offline';

export default function MiniAppViewScreen() {
  const t = useT();
  const intl = useIntl();
  const router = useRouter();
  const { id } = route.useSearch();
  const { value } = useMiniApp(id);
  const permissions = useMiniAppPermissions(id).value;
  const language = useAppLanguage().doc?.code ?? 'en';
  const online = useSyncStatus().doc.online;
  // read by load() without making it a new function (load runs once per mini app, not per network change)
  const onlineNow = useRef(online);
  onlineNow.current = online;
  const [state, setState] = useState<State>('loading');
  const [notice, setNotice] = useState('');
  const [asking, setAsking] = useState<{ permission: MiniAppPermission; answer: (granted: boolean) => void } | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);

  const load = useCallback(async () => {
    if (!id) return setState('error');
    setState('loading');
    const r = await loadMiniAppDetails(id);
    // offline: whatever the failure's key, the user is told the network is missing, not an error
    if (!r.ok) return setState(r.error.key === 'noResponse' || !onlineNow.current ? 'offline' : 'error');
    const target = miniAppTarget(r.value.mini_app);
    if (target.kind === 'native') {
      router.history.replace(target.to);
      return;
    }
    if (target.kind === 'unsupported' || !r.value.mini_app.entry_path) {
      setNotice(`${r.value.mini_app.name}: ${intl.formatMessage({ id: MSG.miniAppNotSupported })}`);
      return setState('error');
    }
    // spec part 2 §4: the view subscribes the user when not subscribed yet
    if (!r.value.mini_app.subscribed) void subscribeMiniApp(id);
    setState('ready');
  }, [id, router, intl]);

  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mini app
  }, [id]);

  const app = value?.app;
  useMiniAppBridge(frame, app && state === 'ready' ? {
    miniAppUuid: app.mini_app_uuid,
    language,
    permissions,
    askPermission: (permission) => new Promise<boolean>((resolve) => setAsking({ permission, answer: resolve })),
    openNative: (to) => router.history.push(to),
    notSupported: () => setNotice(`${app.name}: ${intl.formatMessage({ id: MSG.miniAppNotSupported })}`),
    close: () => (window.history.length > 1 ? router.history.back() : router.history.push('/mini-apps')),
  } : null);

  const answer = (granted: boolean) => {
    asking?.answer(granted);
    setAsking(null);
  };
  const src = app?.entry_path ? `${app.entry_path}?lang=${encodeURIComponent(language)}&host=${encodeURIComponent(window.location.origin)}` : '';

  return (
    <div className="bots-page mini-app-view">
      <PageHeader title={app?.name ?? t('miniApp.info.title')} />
      {state === 'ready' && app && src ? (
        <iframe ref={frame} className="mini-app-view__frame" src={src} title={t('miniApp.view.frameTitle', { name: app.name })}
          sandbox="allow-scripts allow-forms" referrerPolicy="no-referrer" data-testid="mini-app-frame" />
      ) : (
        <main className="bots-main">
          {state === 'loading' && <p className="mini-apps__note" role="status">{t('miniApp.view.loading', { name: app?.name ?? '' })}</p>}
          {state === 'offline' && <p className="mini-apps__note" role="alert">{t('miniApp.view.offline')}</p>}
          {state === 'error' && <p className="mini-apps__note mini-apps__note--error" role="alert" data-testid="mini-app-error">{t('miniApp.view.error')}</p>}
          {(state === 'offline' || state === 'error') && <Button variant="secondary" disabled={!online && state === 'offline'} onClick={() => void load()}>{t('miniApp.view.retry')}</Button>}
        </main>
      )}
      <p className="mini-apps__note mini-app-view__notice" role="status">{notice}</p>
      {asking && app && (
        <ConfirmDialog title={t(asking.permission === 'location' ? 'miniApp.permission.location' : 'miniApp.permission.notifications', { name: app.name })}
          denyLabel={t('miniApp.permission.deny')} allowLabel={t('miniApp.permission.allow')} onDeny={() => answer(false)} onAllow={() => answer(true)} />
      )}
    </div>
  );
}
