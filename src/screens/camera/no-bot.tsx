import { Link } from '@tanstack/react-router';
import { useT } from '../shared/use-t';

/** A capture route opened without ?bot=: nothing to send to, so it says so. */
export function NoBot() {
  const t = useT();
  return (
    <main className="camera__main">
      <div className="camera__problem" role="alert">
        <p>{t('capture.noBot')}</p>
        <Link to="/home" className="btn btn--primary">{t('capture.noBot.home')}</Link>
      </div>
    </main>
  );
}
