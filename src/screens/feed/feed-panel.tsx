// The Post tab (issue 13; spec part 2 §2, §4): posts and notifications in one list, newest
// first, virtualised (@tanstack/react-virtual: only the cards near the screen are in the DOM).
// It reads a window of the stored feed (FEED_WINDOW_FIRST at open, FEED_WINDOW_STEP more near
// its end: src/db/hooks/use-feed.ts), and the server's next page once all that is stored is
// shown; pull down (or the Refresh button) to refresh. Opening it, and coming back to it (the
// page visible again), runs the refresh rule (first visit, > 6 h, or a new sign-in). Offline it
// shows what is stored and says so; taps are queued and marked pending. A refusal shows the
// act's catalogue text once. Posts_enable off: the tab says the feed is off.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { loadFeed, openFeed } from '../../db/commands';
import { useFeatureGate, useFeedItems, useFeedMeta, type ShownItem } from '../../db/hooks';
import { markBoot, useScreenPainted } from '../../db/ui-surface';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { useOnline } from '../shared/use-online';
import { useT } from '../shared/use-t';
import { PostCard } from './post-card';
import { NotificationCard } from './notification-card';
import { FeedNotice } from './feed-notice';
import { useViewTracker } from './use-view-tracker';
import { usePullToRefresh } from './use-pull-to-refresh';
import './feed.css';

/** Estimated card height before it is measured (px). */
const ESTIMATE = 320;
/** "Near the end": the last rendered row (overscan included) is within this many rows of the last read, about a screen. */
const NEAR_END_ROWS = 3;

interface RowProps {
  index: number;
  start: number;
  item: ShownItem;
  online: boolean;
  measure: (el: Element | null) => void;
  observe: (el: Element | null, postUuid: string) => void;
  onOpen: (path: string) => void;
}

/**
 * One row of the list. Memoised with a stable ref: a scroll re-renders the list, and an inline ref
 * would detach and re-measure every row on every frame (a forced layout each).
 */
const FeedRow = memo(function FeedRow({ index, start, item, online, measure, observe, onOpen }: RowProps) {
  const postUuid = item.type === 'post' ? item.shown.post.post_uuid : null;
  const ref = useCallback((el: HTMLDivElement | null) => {
    measure(el);
    if (postUuid) observe(el, postUuid);
  }, [measure, observe, postUuid]);
  return (
    <div ref={ref} data-index={index} className="feed__row" style={{ transform: `translateY(${start}px)` }}>
      {item.type === 'post' ? <PostCard shown={item.shown} online={online} /> : <NotificationCard item={item.item} onOpen={onOpen} />}
    </div>
  );
});

export default function FeedPanel() {
  const t = useT();
  const navigate = useNavigate();
  const online = useOnline();
  const { loaded, value: { items, more: moreStored }, grow } = useFeedItems();
  const meta = useFeedMeta().value;
  const [busy, setBusy] = useState<'refresh' | 'more' | null>(null);
  const [failed, setFailed] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const enabled = useFeatureGate().on.posts;
  // for bench/feed-open.bench.ts: when a cold start into this tab first rendered stored posts
  if (loaded && items.length > 0) markBoot('feed-render');
  // a cold start on /home starts the sync worker once the open tab is painted (src/main.tsx)
  useScreenPainted(loaded || !enabled);

  const run = useCallback(async (mode: 'open' | 'refresh' | 'more') => {
    setBusy(mode === 'more' ? 'more' : 'refresh');
    const result = mode === 'open' ? await openFeed() : await loadFeed(mode);
    setBusy(null);
    // offline is said by the offline note; other failures get the inline text
    setFailed(!result.ok && result.error.key !== 'noResponse' && result.error.key !== 'cancelled');
  }, []);

  useEffect(() => {
    if (!enabled || !online) return undefined;
    void run('open');
    // coming back to an app left open (a phone unlocked hours later) is a revisit too: the rule
    // (more than 6 hours, or a new sign-in) decides whether it refreshes
    const onVisible = () => {
      if (document.visibilityState === 'visible') void run('open');
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [enabled, online, run]);

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATE,
    overscan: 3,
    getItemKey: (i) => items[i]?.id ?? i,
  });
  const virtual = virtualizer.getVirtualItems();
  const last = virtual[virtual.length - 1];
  const nearEnd = last !== undefined && last.index >= items.length - NEAR_END_ROWS;
  useEffect(() => {
    // near the end of what is read: a wider window of what is stored, else the server's next page
    if (!nearEnd) return;
    if (moreStored) grow();
    else if (meta?.hasMore && online && busy === null && !failed) void run('more');
  }, [nearEnd, moreStored, grow, meta?.hasMore, online, busy, failed, run]);

  const observe = useViewTracker();
  const openPath = useCallback((to: string) => void navigate({ to }), [navigate]);
  const pull = usePullToRefresh(scroller, () => { if (online) void run('refresh'); });

  if (!enabled) return <EmptyState title={t('feed.off.title')} body={t('feed.off.body')} />;


  return (
    <div className="feed">
      <div className="feed__bar">
        {!online && <p className="feed__note" role="status">{t(items.length > 0 ? 'feed.offline' : 'feed.offlineEmpty')}</p>}
        {online && (
          <Button variant="text" onClick={() => void run('refresh')} pending={busy === 'refresh'} aria-label={t('feed.refresh')}>
            {t(busy === 'refresh' ? 'feed.refreshing' : 'feed.refresh')}
          </Button>
        )}
        <Button variant="text" onClick={() => void navigate({ to: '/my-activity' })}>{t('feed.myActivity')}</Button>
      </div>
      {pull.pulled && <p className="feed__pull" aria-hidden="true">{t('feed.pullToRefresh')}</p>}
      {failed && <p className="feed__note feed__note--error" role="alert">{t('feed.error.load')}</p>}
      <FeedNotice />
      {loaded && items.length === 0 && online && busy === null && !failed && <EmptyState title={t('feed.empty.title')} body={t('feed.empty.body')} />}
      <div ref={scroller} className="feed__scroller" data-testid="feed-list" aria-label={t('feed.list')} role="feed" aria-busy={busy !== null} {...pull.handlers}>
        <div className="feed__inner" style={{ height: virtualizer.getTotalSize() }}>
          {virtual.map((v) => {
            const item = items[v.index]!;
            return <FeedRow key={v.key} index={v.index} start={v.start} item={item} online={online} measure={virtualizer.measureElement} observe={observe} onOpen={openPath} />;
          })}
        </div>
        {busy === 'more' && <p className="feed__note" role="status">{t('feed.loading')}</p>}
        {meta && !meta.hasMore && !moreStored && items.length > 0 && <p className="feed__end">{t('feed.end')}</p>}
        {!moreStored && meta?.hasMore && online && busy === null && failed && <Button variant="secondary" block onClick={() => { setFailed(false); void run('more'); }}>{t('feed.loadMore')}</Button>}
      </div>
    </div>
  );
}
