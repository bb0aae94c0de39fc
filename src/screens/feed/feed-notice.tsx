// The feed's notice: the last refused act's catalogue text (feed.refused.<op>), until dismissed.
import { dismissFeedNotice } from '../../db/commands';
import { useFeedMeta } from '../../db/hooks';
import { Button } from '../../ui/button';
import { useT } from '../shared/use-t';

export function FeedNotice() {
  const t = useT();
  const notice = useFeedMeta().value?.notice;
  if (!notice) return null;
  return (
    <div className="feed__notice" role="alert" data-testid="feed-notice">
      <span>{t(`feed.refused.${notice.op}`)}</span>
      <Button variant="text" onClick={() => void dismissFeedNotice()}>{t('feed.dismiss')}</Button>
    </div>
  );
}
