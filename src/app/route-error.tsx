// What a route shows when it cannot render. A screen's code is a lazy chunk: a page the service
// worker does not control yet (the first visit, before its precache is in) cannot fetch one
// offline. The router's own answer to a chunk that fails to load is to reload the page once,
// which offline lands on the browser's "no internet" page and loses the app; so a chunk that
// fails while the browser is offline becomes ScreenNeedsNetwork, shown here with a way to try
// again and a way back, and every other failure gets the crash screen.
import { useIntl } from 'react-intl';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { CrashScreen } from './crash-screen';
import './app-shell.css';
import noInternetImage from './images/no-internet.svg?inline';

/** A screen's code could not be fetched because the device is offline. */
export class ScreenNeedsNetwork extends Error {
  constructor(cause: unknown) {
    super('screen code not available offline', { cause });
    this.name = 'ScreenNeedsNetwork';
  }
}

/** The chunk loader, with an offline failure told apart from others (see above). */
export function offlineAware<T>(load: () => Promise<T>): () => Promise<T> {
  return () => load().catch((error: unknown) => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ScreenNeedsNetwork(error);
    throw error;
  });
}

export function RouteError({ error, reset }: ErrorComponentProps) {
  const intl = useIntl();
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  if (!(error instanceof ScreenNeedsNetwork)) return <CrashScreen onRetry={retry} />;
  return (
    <main className="app-center">
      <EmptyState
        level={2}
        illustration={<img src={noInternetImage} alt="" />}
        title={intl.formatMessage({ id: 'app.screenOffline.title' })}
        body={intl.formatMessage({ id: 'app.screenOffline.body' })}
        action={
          <div className="app-crash__actions">
            <Button onClick={retry}>{intl.formatMessage({ id: 'app.crash.retry' })}</Button>
            <Button variant="text" onClick={() => router.history.back()}>{intl.formatMessage({ id: 'app.screenOffline.back' })}</Button>
          </div>
        }
      />
    </main>
  );
}
