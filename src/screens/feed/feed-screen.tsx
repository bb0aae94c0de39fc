// /feed (spec part 2 §2 "feed (single post)"): /feed?post=<uuid> opens that post (a deep link,
// a notification, a share), read from the device when stored and fetched when online; /feed
// alone shows the whole feed, as the Post tab does.
import { Suspense, useEffect, useState } from 'react';
import { useSearch } from '@tanstack/react-router';
import { loadFeedPost } from '../../db/commands';
import { useFeedPost } from '../../db/hooks';
import { FeedPanel } from '../../app/shell-chunks';
import { PageHeader } from '../bots/page-header';
import { useOnline } from '../shared/use-online';
import { useT } from '../shared/use-t';
import { PostCard } from './post-card';
import { FeedNotice } from './feed-notice';
import '../bots/bots.css';
import './feed.css';

function SinglePost({ postUuid }: { postUuid: string }) {
  const t = useT();
  const online = useOnline();
  const { loaded, value: shown } = useFeedPost(postUuid);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    // the stored copy shows at once; online it is read again for fresh counts
    if (!online) return;
    void loadFeedPost(postUuid).then((r) => setMissing(!r.ok && r.error.key !== 'noResponse' && r.error.key !== 'cancelled'));
  }, [postUuid, online]);
  if (shown) return <PostCard shown={shown} online={online} />;
  if (!loaded) return null;
  if (missing) return <p className="feed__note feed__note--error" role="alert">{t('feed.post.notFound')}</p>;
  return online ? <p className="feed__note" role="status">{t('feed.loading')}</p> : <p className="feed__note" role="status">{t('feed.post.notStored')}</p>;
}

export default function FeedScreen() {
  const t = useT();
  const { post } = useSearch({ strict: false }) as { post?: string };
  return (
    <div className="bots-page">
      <PageHeader title={t('feed.post.title')} />
      <main className="bots-main feed-page">
        {post && <FeedNotice />}
        {post ? <SinglePost postUuid={post} /> : (
          <Suspense fallback={null}><FeedPanel /></Suspense>
        )}
      </main>
    </div>
  );
}
