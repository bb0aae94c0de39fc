// The thread's scrolling list, virtualised (@tanstack/react-virtual, rows measured as they
// render), so the DOM holds only the rows on screen plus a few either side however long the
// history: a 10,000-message thread keeps well under 300 list nodes (test/e2e/thread.test.ts).
// Rows: a date tag before each day, the unread marker, the messages (thread-window.ts).
// Scrolling: opens at the unread marker or the newest message; near the top it asks for older
// messages (the virtualiser anchors to the end, so rows prepended above keep what the user reads
// in place); near the bottom it asks for newer ones.
// Following: the list is pinned to its end after the user's own send, after the jump
// button, at the first paint (when nothing is unread), and whenever the user scrolls to the end;
// a new message while the user is within one screen of the end pins it too. While pinned, every
// change of size goes back to the end: a row measured taller than its estimate (a button list, a
// card), the composer growing under the list (the read-only note), so the whole newest message
// sits above the input. Scrolling up away from the end unpins; more than a screen up, new messages
// move nothing and the 'N new messages' pill counts them and takes the user down.
// While the list is within a screen of its end (where new messages are followed into view) the
// newest bot message counts as seen (onSeen: the read mark).
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useVirtualizer } from '@tanstack/react-virtual';
import { markBoot, type MessageDoc } from '../../db/ui-surface';
import { Spinner } from '../../ui/spinner';
import { dateTag } from '../../domain/chat-time';
import { ThreadMessage } from './message-content';
import { extendThreadRows, newSince, OLDER_PREFETCH_ROWS, type ThreadRow, type ThreadRows } from './thread-window';
import { distanceFromEnd, isNearEnd, PINNED_SLACK_PX, staysPinned } from './thread-items';
import { useSound } from '../shared/use-sound';

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
  /** The newest bot message's sk while the user sees the bottom of the thread, else null (the read mark). */
  onSeen?: (sk: string | null) => void;
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

/** A row's height before it is measured (px): a message bubble, or a day tag / the unread marker. */
const estimatedHeight = (row: ThreadRow<MessageDoc> | undefined): number => (row?.kind === 'message' ? 76 : 40);

export function MessageList({ botUuid, botName, botIcon, messages, loaded, unreadAnchorId, loadingOlder, reading, onNearTop, onNearBottom, onSeen }: MessageListProps) {
  const intl = useIntl();
  const now = useMinuteClock();
  const scroller = useRef<HTMLDivElement>(null);
  // a page added above builds only its own rows (thread-window.ts extendThreadRows)
  const built = useRef<ThreadRows<MessageDoc> | null>(null);
  const rows = useMemo(() => (built.current = extendThreadRows(built.current, messages, unreadAnchorId)).rows, [messages, unreadAnchorId]);
  // within a screen of the end (state: the pill and the near-bottom fetch render from it)
  const [nearEnd, setNearEnd] = useState(true);
  const nearEndNow = useRef(true);
  // pinned to the end: re-pinned as sizes change (see the top of the file)
  const pinned = useRef(false);
  const lastTop = useRef(0);
  // the user has scrolled the list (wheel, touch, pointer, key): a scroll of theirs to the end pins
  const byUser = useRef(false);
  const userScrolls = () => {
    byUser.current = true;
  };
  const [lastSeenId, setLastSeenId] = useState<string | null>(null);
  const opened = useRef(false);
  const lastId = messages.at(-1)?.id;
  const lastFrom = messages.at(-1)?.from;

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => estimatedHeight(rows[i]),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 4,
    // the first render already lays out the rows at the end, where the thread opens, instead of
    // rendering the oldest rows at the top and then the newest once scrolled there
    initialRect: { width: typeof window === 'undefined' ? 0 : window.innerWidth, height: typeof window === 'undefined' ? 0 : window.innerHeight },
    initialOffset: () => rows.reduce((sum, r) => sum + estimatedHeight(r), 0),
    anchorTo: 'end',
    // appends are followed here, by pinning (its own follow needs the list within 1 px of the end)
    followOnAppend: false,
    paddingStart: 12,
    paddingEnd: 16,
  });

  // Measuring a row with anchorTo 'end' first asks whether the list sits at its end, which lays
  // out every row's offset again (O(rows)) for each row measured: with 10,000 rows and a page of
  // new rows measured at the top, that was the longest task of a step up (bench thread-open).
  // Unless the list is pinned to its end (at it, or going back to it) the answer is no, and the
  // virtualiser then does what it does for 'start' (rows above the fold keep the view in place):
  // so the question is skipped there.
  const measureRow = useCallback(
    (node: HTMLDivElement | null) => {
      if (!node || pinned.current) {
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

  /** Where the user is: pinned or not (a scroll up away from the end unpins), and within a screen of the end. */
  const track = () => {
    const el = scroller.current;
    if (!el) return;
    pinned.current = staysPinned(pinned.current, el, lastTop.current, byUser.current);
    lastTop.current = el.scrollTop;
    nearEndNow.current = isNearEnd(el);
  };
  /** Back to the end while pinned; the virtualiser's scrollToEnd goes to the element's own end (padding included). */
  const pin = () => {
    const el = scroller.current;
    // not pinned: nothing to read (the scroll handler keeps where the user is)
    if (!el || !opened.current || !pinned.current) return;
    // the user may have just scrolled away: this can run before the scroll handler does
    track();
    if (!pinned.current || distanceFromEnd(el) <= PINNED_SLACK_PX) return;
    virtualizer.scrollToEnd();
    lastTop.current = el.scrollTop;
  };
  const pinLatest = useRef(pin);
  pinLatest.current = pin;

  // First paint: the unread marker (or the newest message, pinned) into view.
  const previousLast = useRef(lastId);
  useLayoutEffect(() => {
    if (opened.current || !loaded || rows.length === 0) return;
    opened.current = true;
    previousLast.current = lastId;
    const unread = rows.findIndex((r) => r.kind === 'unread');
    if (unread >= 0) {
      virtualizer.scrollToIndex(unread, { align: 'start' });
      return;
    }
    pinned.current = true;
    virtualizer.scrollToEnd();
  }, [loaded, rows, lastId, virtualizer]);

  // A new message: the user's own always goes to the end; another one when the user is within a
  // screen of it (further up, the pill counts it).
  useLayoutEffect(() => {
    if (previousLast.current === lastId) return;
    previousLast.current = lastId;
    if (!opened.current || rows.length === 0) return;
    if (lastFrom === 'user' || nearEndNow.current) pinned.current = true;
  }, [lastId, lastFrom, rows.length]);

  // After every render (rows added, rows measured: the virtualiser renders on each new size) and
  // when the list's own box changes size (the composer under it grows or shrinks): to the end while pinned.
  useLayoutEffect(() => {
    pinLatest.current();
  });
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(() => pinLatest.current());
    watch.observe(el);
    return () => watch.disconnect();
  }, []);

  const items = virtualizer.getVirtualItems();
  // a mark for bench/thread-open.bench.ts's breakdown of a cold open: the first rows committed
  useLayoutEffect(() => {
    if (loaded && items.length > 0) markBoot('thread-rows');
  });
  const firstIndex = items[0]?.index ?? 0;
  const lastIndex = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (!opened.current || !loaded || rows.length === 0) return;
    // re-checked when a fetch or a re-read ends too: the user may still be at the top
    if (firstIndex < OLDER_PREFETCH_ROWS && !reading && !loadingOlder) onNearTop();
  }, [firstIndex, loaded, rows.length, reading, loadingOlder, onNearTop]);
  useEffect(() => {
    if (opened.current && nearEnd) onNearBottom();
  }, [nearEnd, onNearBottom]);
  // the newest bot message is seen while the list is within a screen of its end (a new one is
  // followed into view there); only bot messages are ever unread
  const newestBotSk = useMemo(() => messages.findLast((m) => m.from === 'bot')?.sk ?? null, [messages]);
  useEffect(() => {
    onSeen?.(opened.current && loaded && nearEnd ? newestBotSk : null);
  }, [nearEnd, loaded, newestBotSk, onSeen]);

  const onScroll = () => {
    track();
    const near = nearEndNow.current;
    if (near !== nearEnd) {
      setNearEnd(near);
      setLastSeenId(near ? null : (lastId ?? null));
    }
  };
  const newCount = nearEnd ? 0 : newSince(messages, lastSeenId);
  // the pill: down to the newest message, pinned there as the rows on the way are measured
  const jump = () => {
    pinned.current = true;
    nearEndNow.current = true;
    virtualizer.scrollToEnd();
    setNearEnd(true);
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
      <div className="thread__scroller" ref={scroller} onScroll={onScroll} onWheel={userScrolls} onTouchStart={userScrolls} onPointerDown={userScrolls} onKeyDown={userScrolls} role="region" aria-label={label} tabIndex={0} aria-busy={loadingOlder || undefined}>
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
      {!nearEnd && messages.length > 0 && (
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

/**
 * The text of the newest bot message that arrived after the first load (for the live region);
 * its arrival also plays the 'received' sound, once per message.
 */
function useAnnouncement(messages: readonly MessageDoc[], loaded: boolean): string {
  const first = useRef<string | null | undefined>(undefined);
  const play = useSound();
  const last = messages.at(-1);
  if (loaded && first.current === undefined) first.current = last?.id ?? null;
  const arrived = last && last.from === 'bot' && first.current !== undefined && last.id !== first.current ? last : null;
  const arrivedId = arrived?.id ?? null;
  useEffect(() => {
    if (arrivedId !== null) play('received');
  }, [arrivedId, play]);
  return arrived?.message.text?.body ?? '';
}
