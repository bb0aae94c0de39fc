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
  /** fromEnd: how many messages come after it (its index is messages.length - 1 - fromEnd, which older pages added above do not move) */
  | { kind: 'message'; key: string; doc: M; fromEnd: number; isLast: boolean; showPicture: boolean };

/** The rows of messages[from, to), in the context of the whole list (the day and picture rules look at the message before). */
function rowsOf<M extends ThreadMessage>(messages: readonly M[], from: number, to: number, unreadAnchorId: string | null): ThreadRow<M>[] {
  const rows: ThreadRow<M>[] = [];
  let previous: M | undefined = messages[from - 1];
  for (let i = from; i < to; i += 1) {
    const doc = messages[i]!;
    if (!previous || !isSameDay(previous.timestamp, doc.timestamp)) rows.push({ kind: 'day', key: `day-${doc.id}`, timestamp: doc.timestamp });
    if (doc.id === unreadAnchorId) rows.push({ kind: 'unread', key: 'unread' });
    rows.push({
      kind: 'message',
      key: doc.id,
      doc,
      fromEnd: messages.length - 1 - i,
      isLast: i === messages.length - 1,
      showPicture: doc.from === 'bot' && showsProfilePicture(previous?.timestamp, doc.timestamp),
    });
    previous = doc;
  }
  return rows;
}

/**
 * The rows of the thread, oldest first. `unreadAnchorId` is the first unread bot message as it
 * was when the thread opened (firstUnreadId): the marker stays there while the thread is open.
 */
export function buildThreadRows<M extends ThreadMessage>(messages: readonly M[], unreadAnchorId: string | null): ThreadRow<M>[] {
  return rowsOf(messages, 0, messages.length, unreadAnchorId);
}

/** The rows of a list of messages, kept to extend when the next list only adds older messages. */
export interface ThreadRows<M extends ThreadMessage> {
  messages: readonly M[];
  unreadAnchorId: string | null;
  rows: ThreadRow<M>[];
}

/**
 * buildThreadRows, a page at a time: when `messages` is `prev.messages` with older messages
 * before it (the same objects after them), only the new messages' rows are built, and the old
 * first message's (its date tag and picture now depend on the message before it); the rest of
 * the rows are reused as they are. Anything else (a new message, a changed one) builds all rows.
 */
export function extendThreadRows<M extends ThreadMessage>(prev: ThreadRows<M> | null, messages: readonly M[], unreadAnchorId: string | null): ThreadRows<M> {
  if (prev && prev.messages === messages && prev.unreadAnchorId === unreadAnchorId) return prev;
  const added = messages.length - (prev?.messages.length ?? 0);
  if (!prev || prev.unreadAnchorId !== unreadAnchorId || prev.messages.length === 0 || added <= 0 || !endsWith(messages, prev.messages)) {
    return { messages, unreadAnchorId, rows: buildThreadRows(messages, unreadAnchorId) };
  }
  const firstMessageRow = prev.rows.findIndex((r) => r.kind === 'message');
  const rows = rowsOf(messages, 0, added + 1, unreadAnchorId).concat(prev.rows.slice(firstMessageRow + 1));
  return { messages, unreadAnchorId, rows };
}

function endsWith<M>(list: readonly M[], tail: readonly M[]): boolean {
  const offset = list.length - tail.length;
  for (let i = 0; i < tail.length; i += 1) if (list[offset + i] !== tail[i]) return false;
  return true;
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
