// A feed notification (issue 13): its bot, title, body and an Open link to its deep link when
// that is a page of this app.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { FeedNotification } from '../../api/feed-contract';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { useT } from '../shared/use-t';

/** The app path of a deep link, or null when it leaves the app. */
export function appPathOf(deepLink: string): string | null {
  try {
    const url = new URL(deepLink, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

export function NotificationCard({ item, onOpen }: { item: { notification: FeedNotification }; onOpen: (path: string) => void }) {
  const intl = useIntl();
  const t = useT();
  const n = item.notification;
  const titleId = useId();
  const path = n.deep_link ? appPathOf(n.deep_link) : null;
  return (
    <article className="feed-card feed-notification" aria-labelledby={titleId} data-testid="feed-notification">
      <header className="feed-card__head">
        <Avatar name={n.bot.name || '?'} src={n.bot.icon} size="small" />
        <span className="feed-card__bot">{n.bot.name} · {t('feed.notification')}</span>
        <time className="feed-card__time" dateTime={new Date(n.created_at).toISOString()}>
          {intl.formatDate(n.created_at, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' })}
        </time>
      </header>
      <h3 id={titleId} className="feed-card__title">{n.title}</h3>
      {n.body && <p className="feed-card__body">{n.body}</p>}
      {path && <Button variant="secondary" onClick={() => onOpen(path)}>{t('feed.open')}</Button>}
    </article>
  );
}
