// /saved-items (spec part 1 §3 saved item, §7, §9 page size 8): the messages the
// user saved, newest first, with bot filter chips, "Load more" by 8, and unsave with undo.
// Offline it shows what the 'saved-items' document kept from the last visit and says so.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from '@tanstack/react-router';
import type { SavedItem } from '../../api/contract';
import { dismissSavedItemsNotice, loadSavedItems, undoUnsaveSavedItem, unsaveSavedItem } from '../../db/commands';
import { useSavedItems, useSavedPosts, useSession, useSyncStatus } from '../../db/hooks';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { ChipGroup } from '../../ui/chip-group';
import { EmptyState } from '../../ui/empty-state';
import { MarkupText } from '../../ui/markup-text';
import { previewOf } from '../home/conversation-preview';
import { PageHeader } from '../bots/page-header';
import { PageHeader as SharedPageHeader } from '../shared/page-header';
import { UndoToast } from './undo-toast';
import '../bots/bots.css';
import './saved-items.css';
import { useT } from '../shared/use-t';

const ALL = 'all';
// saved feed posts (issue 13), their own chunk
const SavedPostsSection = lazy(() => import('../feed/saved-posts-section'));

export default function SavedItemsScreen() {
  const intl = useIntl();
  const t = useT();
  const navigate = useNavigate();
  const { loaded, doc } = useSavedItems();
  const online = useSyncStatus().doc.online;
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [undoFor, setUndoFor] = useState<string | null>(null);
  // with saved posts below, "No saved items yet" would be untrue: only the hint is shown
  const hasSavedPosts = useSavedPosts().value.length > 0;
  // The standalone (single-bot) app: that bot's items only (the server holds such a session to its
  // bot too), no bot chips, no saved feed posts (no feed in that mode), and back leads to its thread.
  const session = useSession();
  const oneBot = session.doc?.isStandalone === true ? session.doc.selectedBot?.bot_uuid ?? null : null;
  const openBot = (botUuid: string) => void (oneBot
    ? navigate({ to: '/bot/$botId', params: { botId: oneBot } })
    : navigate({ to: '/chat/$botUuid', params: { botUuid } }));

  const load = useCallback(async (filter: string | null, more: boolean) => {
    setLoading(true);
    const result = await loadSavedItems(filter, more);
    setLoading(false);
    // offline is said by the offline note; other failures get the inline text
    setLoadFailed(!result.ok && result.error.key !== 'noResponse' && result.error.key !== 'cancelled');
  }, []);

  // the first page of the filter last shown, each time the screen opens (and when back online)
  useEffect(() => {
    if (loaded && online && session.loaded) void load(oneBot ?? doc.filter, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening and on reconnecting
  }, [loaded, online, session.loaded]);

  const filter = oneBot ?? doc.filter;
  // offline, a filter picked here narrows what is stored; online the engine reads it anew
  const shown = filter ? doc.items.filter((i) => i.bot_uuid === filter) : doc.items;
  // a bot whose last item was just unsaved leaves the chips (unless it is the one chosen)
  const bots = oneBot ? [] : doc.filters.filter((f) => f.count > 0 || f.bot_uuid === filter);
  const chips = [{ id: ALL, label: t('savedItems.all') }, ...bots.map((f) => ({ id: f.bot_uuid, label: `${f.name} (${f.count})` }))];

  const unsave = (item: SavedItem) => {
    setUndoFor(item.saved_item_uuid);
    void unsaveSavedItem(item.saved_item_uuid);
  };

  const body = (item: SavedItem) => {
    const text = item.message.text?.body?.trim();
    if (text) return <MarkupText text={text} />;
    const preview = previewOf(item.message);
    return <span className="saved-item__kind">{preview.kind === 'word' ? t(`chat.preview.${preview.word}`) : ''}</span>;
  };

  return (
    <div className="bots-page">
      {oneBot
        ? <SharedPageHeader title={t('savedItems.title')} onFallback={() => openBot(oneBot)} />
        : <PageHeader title={t('savedItems.title')} />}
      <main className="bots-main">
        {!online && <p className="saved-items__note" role="status">{t(shown.length > 0 ? 'savedItems.offline' : 'savedItems.offlineEmpty')}</p>}
        {bots.length > 0 && (
          <ChipGroup label={t('savedItems.filters')} chips={chips} selected={filter ?? ALL}
            onSelect={(id) => void load(id === ALL ? null : id, false)} />
        )}
        {loadFailed && <p className="saved-items__note saved-items__note--error" role="alert">{t('savedItems.error.load')}</p>}
        {shown.length === 0 ? (
          loaded && online && !loading && doc.fetchedAt !== null ? (
            hasSavedPosts && !oneBot ? <p className="saved-items__note">{t('savedItems.empty.body')}</p> : <EmptyState title={t('savedItems.empty.title')} body={t('savedItems.empty.body')} />
          ) : null
        ) : (
          <ul className="saved-items" data-testid="saved-items-list">
            {shown.map((item) => (
              <li key={item.saved_item_uuid} className="bots-card saved-item" data-testid="saved-item">
                <button type="button" className="saved-item__open" title={t('savedItems.openChat', { name: item.bot_name })}
                  onClick={() => openBot(item.bot_uuid)}>
                  <span className="saved-item__head">
                    <Avatar name={item.bot_name || '?'} src={item.bot_icon} size="small" />
                    <span className="saved-item__bot">{item.bot_name}</span>
                    <time className="saved-item__time" dateTime={new Date(item.saved_at).toISOString()}>
                      {t('savedItems.savedAt', { date: intl.formatDate(item.saved_at, { day: 'numeric', month: 'short', year: 'numeric' }) })}
                    </time>
                  </span>
                </button>
                <div className="saved-item__body">{body(item)}</div>
                <div className="saved-item__actions">
                  <Button variant="secondary" aria-label={t('savedItems.unsaveName', { name: item.bot_name })} onClick={() => unsave(item)}>
                    {t('savedItems.unsave')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {loading && <p className="saved-items__note" role="status">{t('savedItems.loading')}</p>}
        {doc.hasMore && online && !loading && (
          <Button variant="secondary" block onClick={() => void load(filter, true)}>{t('savedItems.loadMore')}</Button>
        )}
        {!oneBot && <Suspense fallback={null}><SavedPostsSection /></Suspense>}
      </main>
      <UndoToast
        undo={undoFor && !doc.notice ? { text: t('savedItems.unsaved'), label: t('savedItems.undo'), onUndo: () => { const id = undoFor; setUndoFor(null); void undoUnsaveSavedItem(id); } } : null}
        notice={doc.notice ? { text: intl.formatMessage({ id: doc.notice.textId }), label: t('savedItems.dismiss'), onDismiss: () => void dismissSavedItemsNotice() } : null}
        onExpire={() => setUndoFor(null)}
      />
    </div>
  );
}
