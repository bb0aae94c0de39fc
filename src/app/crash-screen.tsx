import { useIntl } from 'react-intl';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import './app-shell.css';
import somethingWentWrongImage from './images/something-went-wrong.svg?inline';

/** The error boundary's screen: something-went-wrong with a way out. */
export function CrashScreen({ onRetry }: { onRetry: () => void }) {
  const intl = useIntl();
  return (
    <main className="app-center">
      <EmptyState
        level={2}
        illustration={<img src={somethingWentWrongImage} alt="" />}
        title={intl.formatMessage({ id: 'app.crash.title', defaultMessage: 'Something went wrong' })}
        body={intl.formatMessage({ id: 'app.crash.body', defaultMessage: 'Your data is safe on this phone. Try again, or reload the app.' })}
        action={
          <div className="app-crash__actions">
            <Button onClick={onRetry}>{intl.formatMessage({ id: 'app.crash.retry', defaultMessage: 'Try again' })}</Button>
            <Button variant="text" onClick={() => window.location.reload()}>
              {intl.formatMessage({ id: 'app.crash.reload', defaultMessage: 'Reload app' })}
            </Button>
          </div>
        }
      />
    </main>
  );
}
