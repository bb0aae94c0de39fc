// The thread's scrolling list, virtualised (@tanstack/react-virtual, rows measured as they
// render), so the DOM holds only the rows on screen plus a few either side however long the
// history: a 10,000-message thread keeps well under 300 list nodes (test/e2e/thread.test.ts).
// Rows: a date tag before each day, the unread marker, the messages (thread-window.ts).
// Scrolling: opens at the unread marker or the newest message; near the top it asks for older
// messages (the virtualiser anchors to the end, so rows prepended above keep what the user reads
// in place); near the bottom it asks for newer ones; new messages are followed while the user is
// at the bottom, else a 'jump to newest' button counts them. The user's own send always scrolls
// down.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { MessageDoc } from '../../db/ui-surface';
import { Spinner } from '../../ui/spinner';
import { dateTag } from '../../domain/chat-time';
import { ThreadMessage } from './message-content';
import { extendThreadRows, newSince, OLDER_PREFETCH_ROWS, type ThreadRow, type ThreadRows } from './thread-window';
import { isAtBottom } from './thread-items';

export interface MessageListProps {
  botUuid: string;
  botName: string;
  botIcon: string;
  messages: readonly MessageDoc[];
  loaded: boolean;
  /** The first unread bot message when the thread opened (the marker goes above it). */
  unreadAnchorId: string | null;
  loadingOlder: boolean;
  /** A page of the window is being read: near-top waits for it. */
  reading: boolean;
  onNearTop: () => void;
  onNearBottom: () => void;
}

/** The list's clock: relative times and ttl move on each minute without a render per second. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

export function MessageList({ botUuid, botName, botIcon, messages, loaded, unreadAnchorId, loadingOlder, reading, onNearTop, onNearBottom }: MessageListProps) {
  const intl = useIntl();
  const now = useMinuteClock();
  const scroller = useRef<HTMLDivElement>(null);
  // a page added above builds only its own rows (thread-window.ts extendThreadRows)
  const built = useRef<ThreadRows<MessageDoc> | null>(null);
  const rows = useMemo(() => (built.current = extendThreadRows(built.current, messages, unreadAnchorId)).rows, [messages, unreadAnchorId]);
  const [atBottom, setAtBottom] = useState(true);
  const [lastSeenId, setLastSeenId] = useState<string | null>(null);
  const opened = useRef(false);
  const lastId = messages.at(-1)?.id;
  const lastFrom = messages.at(-1)?.from;

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (rows[i]?.kind === 'message' ? 76 : 40),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 4,
    anchorTo: 'end',
    followOnAppend: true,
    paddingStart: 12,
    paddingEnd: 16,
  });

  // Measuring a row with anchorTo 'end' first asks whether the list sits at its end, which lays
  // out every row's offset again (O(rows)) for each row measured: with 10,000 rows and a page of
  // new rows measured at the top, that was the longest task of a step up (bench thread-open). Away
  // from the bottom the answer is no, and the virtualiser then does what it does for 'start'
  // (rows above the fold keep the view in place): so the question is skipped there.
  const awayFromBottom = useRef(false);
  awayFromBottom.current = !atBottom;
  const measureRow = useCallback(
    (node: HTMLDivElement | null) => {
      if (!node || !awayFromBottom.current) {
        virtualizer.measureElement(node);
        return;
      }
      const { options } = virtualizer;
      options.anchorTo = 'start';
      try {
        virtualizer.measureElement(node);
      } finally {
        options.anchorTo = 'end';
      }
    },
    [virtualizer],
  );

  // First paint: the unread marker (or the newest message) into view.
  useLayoutEffect(() => {
    if (opened.current || !loaded || rows.length === 0) return;
    opened.current = true;
    const unread = rows.findIndex((r) => r.kind === 'unread');
    if (unread >= 0) virtualizer.scrollToIndex(unread, { align: 'start' });
    else virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [loaded, rows, virtualizer]);

  // A message of the user's own: always to the bottom (followOnAppend covers the at-bottom case).
  const previousLast = useRef(lastId);
  useEffect(() => {
    if (previousLast.current === lastId) return;
    previousLast.current = lastId;
    if (opened.current && lastFrom === 'user' && rows.length > 0) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [lastId, lastFrom, rows.length, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const firstIndex = items[0]?.index ?? 0;
  const lastIndex = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (!opened.current || !loaded || rows.length === 0) return;
    // re-checked when a fetch or a re-read ends too: the user may still be at the top
    if (firstIndex < OLDER_PREFETCH_ROWS && !reading && !loadingOlder) onNearTop();
  }, [firstIndex, loaded, rows.length, reading, loadingOlder, onNearTop]);
  useEffect(() => {
    if (opened.current && atBottom) onNearBottom();
  }, [atBottom, onNearBottom]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const bottom = isAtBottom(el);
    if (bottom !== atBottom) {
      setAtBottom(bottom);
      setLastSeenId(bottom ? null : (lastId ?? null));
    }
  };
  const newCount = atBottom ? 0 : newSince(messages, lastSeenId);
  const jump = () => {
    virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    setAtBottom(true);
    setLastSeenId(null);
  };

  const dayLabel = (ts: number) => {
    const tag = dateTag(ts, now);
    if (tag.kind === 'today') return intl.formatMessage({ id: 'chat.day.today' });
    if (tag.kind === 'yesterday') return intl.formatMessage({ id: 'chat.day.yesterday' });
    return intl.formatDate(new Date(tag.year, tag.month - 1, tag.day), { day: 'numeric', month: 'long', year: 'numeric' });
  };
  const label = intl.formatMessage({ id: 'chat.log.label' }, { name: botName });
  // Spoken once: the newest bot message that arrived while the thread is open.
  const announced = useAnnouncement(messages, loaded);

  const renderRow = (row: ThreadRow<MessageDoc>) => {
    if (row.kind === 'day') return <div className="thread__day"><span>{dayLabel(row.timestamp)}</span></div>;
    if (row.kind === 'unread') return <div className="thread__unread"><span>{intl.formatMessage({ id: 'chat.unread.marker' })}</span></div>;
    return (
      <div className={`thread__item thread__item--${row.doc.from}`}>
        <ThreadMessage ctx={{ doc: row.doc, docs: messages, index: messages.length - 1 - row.fromEnd, isLast: row.isLast, botUuid, botName, botIcon, showPicture: row.showPicture, now }} />
      </div>
    );
  };

  return (
    <div className="thread">
      <div className="thread__scroller" ref={scroller} onScroll={onScroll} role="region" aria-label={label} tabIndex={0} aria-busy={loadingOlder || undefined}>
        {loadingOlder && (
          <div className="thread__older" aria-hidden="true">
            <Spinner size="small" />
          </div>
        )}
        {!loaded && <Spinner label={intl.formatMessage({ id: 'common.loading' })} />}
        {loaded && messages.length === 0 && <p className="thread__empty">{intl.formatMessage({ id: 'chat.empty' }, { name: botName })}</p>}
        <div className="thread__canvas" style={{ height: virtualizer.getTotalSize() }}>
          <div className="thread__window" style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}>
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <div key={item.key} data-index={item.index} ref={measureRow} className="thread__row">
                  {renderRow(row)}
                </div>
              );
            })}
          </div>
        </div>
        <span hidden data-rows={rows.length} data-first={firstIndex} data-last={lastIndex} className="thread__probe" />
      </div>
      <p className="visually-hidden" aria-live="polite">{announced}</p>
      {!atBottom && messages.length > 0 && (
        <button type="button" className="thread__jump" onClick={jump}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M12 5v14M6 13l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {newCount > 0 ? intl.formatMessage({ id: 'chat.jumpToNewest.count' }, { count: newCount }) : intl.formatMessage({ id: 'chat.jumpToNewest' })}
        </button>
      )}
    </div>
  );
}

/** The text of the newest bot message that arrived after the first load (for the live region). */
function useAnnouncement(messages: readonly MessageDoc[], loaded: boolean): string {
  const first = useRef<string | null | undefined>(undefined);
  const last = messages.at(-1);
  if (loaded && first.current === undefined) first.current = last?.id ?? null;
  if (!last || last.from !== 'bot' || first.current === undefined || last.id === first.current) return '';
  return last.message.text?.body ?? '';
}
