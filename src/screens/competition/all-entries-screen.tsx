// /competition-all-entries?competition={id} (spec part 2 §7 get-submissions): others' approved
// entries and the user's own, 20 at a time; scrolling to the end (or the button) loads the next
// page with offset = the count already loaded. Offline: the pages kept.
import { useEffect, useRef, useState } from 'react';
import { loadCompetitionEntries } from '../../db/commands';
import { useCompetitionDoc } from '../../db/hooks';
import { competitionDocId } from '../../db/schemas';
import { Button } from '../../ui/button';
import { useT } from '../shared/use-t';
import { EntryItem } from './entry-list';
import { LoadNotes, useLoad, useParam, ZonePage } from './zone-ui';

export default function AllEntriesScreen() {
  const t = useT();
  const id = useParam('competition');
  const doc = useCompetitionDoc<'entries'>(competitionDocId.entries(id)).value;
  const { online, failed } = useLoad(() => loadCompetitionEntries(id, false), id);
  const [more, setMore] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const entries = doc?.payload.submissions ?? [];
  const hasMore = !!doc && entries.length < doc.payload.total;
  const loadMore = async () => {
    if (more) return;
    setMore(true);
    await loadCompetitionEntries(id, true);
    setMore(false);
  };
  // the next page when the end of the list scrolls into view
  useEffect(() => {
    const node = end.current;
    if (!node || !hasMore || !online || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((e) => e.isIntersecting)) void loadMore();
    });
    observer.observe(node);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loadMore reads the current page
  }, [hasMore, online, entries.length]);
  return (
    <ZonePage title={t('competition.details.allEntries')}>
      <LoadNotes online={online} failed={failed} hasData={!!doc} />
      {doc && entries.length === 0 && <p className="competition__note">{t('competition.entries.empty')}</p>}
      <ul className="competition__list" data-testid="entries">{entries.map((s) => <EntryItem key={s.submission_uuid} s={s} />)}</ul>
      <div ref={end} />
      {more && <p className="competition__note" role="status">{t('competition.loading')}</p>}
      {hasMore && online && !more && <Button variant="secondary" block onClick={() => void loadMore()}>{t('competition.loadMore')}</Button>}
    </ZonePage>
  );
}
