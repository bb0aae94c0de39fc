// Saved posts in the saved items screen (spec part 2 §2 "Saved items: saved posts, paged"; §8
// page 8): the posts the user saved, as last read (offline too), Load more by 8. Unsaving is the
// post's own Save toggle (queued; the post leaves the list at once).
import { useEffect, useState } from 'react';
import { loadSavedPosts } from '../../db/commands';
import { useFeedMeta, useSavedPosts } from '../../db/hooks';
import { Button } from '../../ui/button';
import { useOnline } from '../shared/use-online';
import { useT } from '../shared/use-t';
import { PostCard } from './post-card';
import './feed.css';

export default function SavedPostsSection() {
  const t = useT();
  const online = useOnline();
  const { loaded, value: posts } = useSavedPosts();
  const meta = useFeedMeta().value;
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const load = async (more: boolean) => {
    setLoading(true);
    const result = await loadSavedPosts(more);
    setLoading(false);
    setFailed(!result.ok && result.error.key !== 'noResponse' && result.error.key !== 'cancelled');
  };
  useEffect(() => {
    if (online) void load(false);
  }, [online]);
  return (
    <section className="feed-saved" aria-labelledby="feed-saved-title" data-testid="saved-posts">
      <h2 id="feed-saved-title" className="feed-saved__title">{t('feed.savedPosts.title')}</h2>
      {failed && <p className="feed__note feed__note--error" role="alert">{t('feed.error.load')}</p>}
      {loaded && posts.length === 0 && !loading && <p className="feed__note">{t('feed.savedPosts.empty')}</p>}
      {posts.map((shown) => <PostCard key={shown.post.post_uuid} shown={shown} online={online} />)}
      {loading && <p className="feed__note" role="status">{t('feed.loading')}</p>}
      {meta?.savedHasMore && posts.length > 0 && online && !loading && (
        <Button variant="secondary" block onClick={() => void load(true)}>{t('feed.savedPosts.loadMore')}</Button>
      )}
    </section>
  );
}
