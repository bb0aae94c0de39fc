// Pure rules of the virtualised thread (spec part 1 §2 "Chat thread", §4 "Message loading",
// §9): the rows it shows (a date tag before each day's first message, the unread marker above
// the first unread bot message, the bot's picture after a 5-minute gap), how the window of
// stored messages it reads grows when the user nears the top (a page at a time), and the count the 'jump to
// newest' button shows. Kept apart from React and the virtualiser so it is unit-tested
// (test/unit/ui/thread-window.test.ts).
import { isSameDay, showsProfilePicture } from '../../domain/chat-time';
import type { ThreadMessage } from './thread-items';

export type ThreadRow<M extends ThreadMessage> =
  | { kind: 'day'; key: string; timestamp: number }
  | { kind: 'unread'; key: 'unread' }
  | { kind: 'message'; key: string; doc: M; index: number; isLast: boolean; showPicture: boolean };

/**
 * The rows of the thread, oldest first. `unreadAnchorId` is the first unread bot message as it
 * was when the thread opened (firstUnreadId): the marker stays there while the thread is open.
 */
export function buildThreadRows<M extends ThreadMessage>(messages: readonly M[], unreadAnchorId: string | null): ThreadRow<M>[] {
  const rows: ThreadRow<M>[] = [];
  let previous: M | undefined;
  messages.forEach((doc, i) => {
    if (!previous || !isSameDay(previous.timestamp, doc.timestamp)) rows.push({ kind: 'day', key: `day-${doc.id}`, timestamp: doc.timestamp });
    if (doc.id === unreadAnchorId) rows.push({ kind: 'unread', key: 'unread' });
    rows.push({
      kind: 'message',
      key: doc.id,
      doc,
      index: i,
      isLast: i === messages.length - 1,
      showPicture: doc.from === 'bot' && showsProfilePicture(previous?.timestamp, doc.timestamp),
    });
    previous = doc;
  });
  return rows;
}

/**
 * The first unread bot message when the thread opens: the conversation counts the bot messages
 * that arrived since it was last read (unread_count), so it is the count-th bot message from the
 * end. Null when nothing is unread; the oldest bot message shown when the window holds fewer.
 */
export function firstUnreadId(messages: readonly ThreadMessage[], unreadCount: number): string | null {
  if (unreadCount <= 0) return null;
  let seen = 0;
  let oldest: string | null = null;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const m = messages[i]!;
    if (m.from !== 'bot') continue;
    seen += 1;
    oldest = m.id;
    if (seen === unreadCount) return m.id;
  }
  return oldest;
}

/** Rows from the top within which older messages are asked for (about two screens ahead). */
export const OLDER_PREFETCH_ROWS = 20;

export interface WindowState {
  /** Stored messages older than the window may exist (the last read below it found a full page). */
  olderStored: boolean;
  /** A read of stored messages (a page above, or a changed page again) is queued or running. */
  reading: boolean;
  /** The conversation's oldest message is stored (no older page on the server). */
  historyComplete: boolean;
  /** A server page of older messages is being fetched. */
  fetching: boolean;
}

/**
 * What to do when the user nears the top: read the next stored page above the window (one page,
 * whatever the window holds), or fetch an older page from the server (the window reads it in
 * when it is stored), or nothing (a read still running, the start of history, a fetch running).
 */
export function olderStep(s: WindowState): 'read' | 'fetch' | null {
  if (s.reading) return null;
  if (s.olderStored) return 'read';
  if (s.historyComplete || s.fetching) return null;
  return 'fetch';
}

/** Messages after `lastSeenId` (the newest one when the user left the bottom): the jump button's count. */
export function newSince(messages: readonly ThreadMessage[], lastSeenId: string | null): number {
  if (lastSeenId === null) return 0;
  for (let i = messages.length - 1; i >= 0; i -= 1) if (messages[i]!.id === lastSeenId) return messages.length - 1 - i;
  return 0;
}
