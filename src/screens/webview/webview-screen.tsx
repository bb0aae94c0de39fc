// /webview?url= (spec part 1 §2): an https link a bot sent, shown as where it leads with a button
// that opens it in a new tab (most sites refuse to be framed, and the app's frame-src admits only
// its mini apps) and a way back to the app. Anything but https is refused.
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { Button } from '../../ui/button';
import { PageHeader } from '../bots/page-header';
import { useT } from '../shared/use-t';
import '../bots/bots.css';
import '../mini-apps/mini-apps.css';

const route = getRouteApi('/webview');

/** The link when it is a well-formed https URL, else null. */
export function safeWebviewUrl(raw: string): URL | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' && url.hostname !== '' ? url : null;
  } catch {
    return null;
  }
}

export default function WebviewScreen() {
  const t = useT();
  const router = useRouter();
  const { url } = route.useSearch();
  const safe = safeWebviewUrl(url);
  const back = () => (window.history.length > 1 ? router.history.back() : router.history.push('/home'));
  return (
    <div className="bots-page">
      <PageHeader title={safe?.hostname ?? t('webview.title')} />
      <main className="bots-main">
        {safe ? (
          <>
            <p className="mini-apps__note">{t('webview.lead')}</p>
            <p className="bots-card mini-apps__url" data-testid="webview-url">{safe.href}</p>
            <div className="bots-actions">
              <a className="btn btn--primary" href={safe.href} target="_blank" rel="noopener noreferrer">{t('webview.open')}</a>
              <Button variant="secondary" onClick={back}>{t('webview.back')}</Button>
            </div>
          </>
        ) : (
          <>
            <p className="mini-apps__note mini-apps__note--error" role="alert">{t('webview.invalid')}</p>
            <Button variant="secondary" onClick={back}>{t('webview.back')}</Button>
          </>
        )}
      </main>
    </div>
  );
}
