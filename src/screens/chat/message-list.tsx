// The thread's scrolling list: a day separator before each day's first message, 'Load older
// messages' at the top (also when scrolled to the top), and sticking to the newest message while
// the user is at the bottom; otherwise a 'Jump to newest' button. A plain <ol> for now
// (virtualisation comes later); the live region announces new messages politely.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageDoc } from '../../db/ui-surface';
import { Spinner } from '../../ui/spinner';
import { buildThreadItems, dayKind, isAtBottom } from './thread-items';
import { ThreadMessage } from './message-content';

export interface MessageListProps {
  botUuid: string;
  botName: string;
  messages: readonly MessageDoc[];
  loaded: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

export function MessageList({ botUuid, botName, messages, loaded, hasOlder, loadingOlder, onLoadOlder }: MessageListProps) {
  const intl = useIntl();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const previous = useRef<{ firstId: string | undefined; lastId: string | undefined; height: number } | null>(null);
  const [showJump, setShowJump] = useState(false);
  const items = useMemo(() => buildThreadItems(messages), [messages]);
  const firstId = messages[0]?.id;
  const last = messages.at(-1);
  const lastId = last?.id;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !loaded) return;
    const before = previous.current;
    if (!before || (before.lastId === undefined && lastId !== undefined)) {
      el.scrollTop = el.scrollHeight;
    } else if (lastId !== before.lastId) {
      // The user's own new message always brings the newest into view.
      if (atBottom.current || last?.from === 'user') {
        el.scrollTop = el.scrollHeight;
        setShowJump(false);
      } else {
        setShowJump(true);
      }
    } else if (firstId !== before.firstId) {
      // Older messages arrived above: keep what the user was reading in place.
      el.scrollTop += el.scrollHeight - before.height;
    }
    previous.current = { firstId, lastId, height: el.scrollHeight };
  }, [loaded, firstId, lastId, last?.from, messages.length]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = isAtBottom(el);
    if (atBottom.current) setShowJump(false);
    if (el.scrollTop <= 4 && hasOlder && !loadingOlder) onLoadOlder();
  };
  const jump = () => {
    const el = scroller.current;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    atBottom.current = true;
    setShowJump(false);
  };

  const now = Date.now();
  const dayLabel = (ts: number) => {
    const kind = dayKind(ts, now);
    if (kind === 'today') return intl.formatMessage({ id: 'chat.day.today' });
    if (kind === 'yesterday') return intl.formatMessage({ id: 'chat.day.yesterday' });
    return intl.formatDate(ts, { day: 'numeric', month: 'long', year: 'numeric' });
  };
  const label = intl.formatMessage({ id: 'chat.log.label' }, { name: botName });

  return (
    <div className="thread">
      <div className="thread__scroller" ref={scroller} onScroll={onScroll} role="region" aria-label={label} tabIndex={0}>
        <div className="thread__inner">
          {hasOlder && (
            <div className="thread__older">
              <button type="button" className="thread__older-button" onClick={onLoadOlder} disabled={loadingOlder} aria-busy={loadingOlder || undefined}>
                {loadingOlder && <Spinner size="small" />}
                {intl.formatMessage({ id: 'chat.loadOlder' })}
              </button>
            </div>
          )}
          {!loaded && <Spinner label={intl.formatMessage({ id: 'common.loading' })} />}
          <div role="log" aria-live="polite" aria-relevant="additions" className="thread__log">
            <ol className="thread__list">
              {items.map((item) =>
                item.kind === 'day' ? (
                  <li key={item.key} className="thread__day">
                    <span>{dayLabel(item.timestamp)}</span>
                  </li>
                ) : (
                  <li key={item.key} className={`thread__item thread__item--${item.doc.from}`}>
                    <ThreadMessage doc={item.doc} docs={messages} index={item.index} isLast={item.isLast} botUuid={botUuid} botName={botName} />
                  </li>
                ),
              )}
            </ol>
          </div>
          {loaded && messages.length === 0 && <p className="thread__empty">{intl.formatMessage({ id: 'chat.empty' }, { name: botName })}</p>}
        </div>
      </div>
      {showJump && (
        <button type="button" className="thread__jump" onClick={jump}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M12 5v14M6 13l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {intl.formatMessage({ id: 'chat.jumpToNewest' })}
        </button>
      )}
    </div>
  );
}
