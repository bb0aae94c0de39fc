// /my-activity (spec part 2 §2, §5, §8): the user's own past acts on posts, newest first, by 20,
// filtered by type (only known types are kept). Offline it shows what was last read and says so.
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from '@tanstack/react-router';
import { loadActivity } from '../../db/commands';
import { useActivity, useFeedMeta } from '../../db/hooks';
import { ACTIVITY_TYPES, type ActivityType } from '../../domain/feed-rules';
import { Button } from '../../ui/button';
import { ChipGroup } from '../../ui/chip-group';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../bots/page-header';
import { useOnline } from '../shared/use-online';
import { useT } from '../shared/use-t';
import '../bots/bots.css';
import './feed.css';

const ALL = 'all';

export default function MyActivityScreen() {
  const intl = useIntl();
  const t = useT();
  const navigate = useNavigate();
  const online = useOnline();
  const [type, setType] = useState<ActivityType | null>(null);
  const { loaded, value: rows } = useActivity(type);
  const meta = useFeedMeta().value;
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async (more: boolean) => {
    setLoading(true);
    const result = await loadActivity(type, more);
    setLoading(false);
    setFailed(!result.ok && result.error.key !== 'noResponse' && result.error.key !== 'cancelled');
  }, [type]);

  useEffect(() => {
    if (online) void load(false);
  }, [online, load]);

  const hasMore = meta?.activityHasMore[type ?? ALL] ?? false;
  const chips = [{ id: ALL, label: t('myActivity.all') }, ...ACTIVITY_TYPES.map((a) => ({ id: a, label: t(`myActivity.type.${a}`) }))];

  return (
    <div className="bots-page">
      <PageHeader title={t('myActivity.title')} />
      <main className="bots-main feed-page">
        {!online && <p className="feed__note" role="status">{t('myActivity.offline')}</p>}
        <ChipGroup label={t('myActivity.filters')} chips={chips} selected={type ?? ALL} onSelect={(id) => setType(id === ALL ? null : (id as ActivityType))} />
        {failed && <p className="feed__note feed__note--error" role="alert">{t('myActivity.error')}</p>}
        {loaded && rows.length === 0 && !loading && <EmptyState title={t('myActivity.title')} body={t('myActivity.empty')} />}
        <ul className="feed-activity" data-testid="activity-list">
          {rows.map((a) => (
            <li key={a.activity_uuid} className="bots-card feed-activity__row" data-testid="activity-row">
              <button type="button" className="feed-activity__open" onClick={() => void navigate({ to: '/feed', search: { post: a.post_uuid } })}>
                <span className="feed-activity__what">{t(`myActivity.row.${a.type as ActivityType}`, { detail: a.type === 'reaction' ? t(`feed.reaction.${a.detail as 'like'}`) : a.detail })}</span>
                <span className="feed-activity__post">{a.post_title}</span>
                <time className="feed-activity__time" dateTime={new Date(a.created_at).toISOString()}>
                  {intl.formatDate(a.created_at, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' })}
                </time>
              </button>
            </li>
          ))}
        </ul>
        {loading && <p className="feed__note" role="status">{t('feed.loading')}</p>}
        {hasMore && online && !loading && <Button variant="secondary" block onClick={() => void load(true)}>{t('myActivity.loadMore')}</Button>}
      </main>
    </div>
  );
}
