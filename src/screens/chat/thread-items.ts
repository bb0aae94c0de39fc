// Pure rules of the thread screen: the day separators between messages, the label of a
// button choice, and the bold parts of catalogue texts written with **markers**. Kept apart
// from React so they are unit-tested (test/unit/ui/thread-items.test.ts).
import type { ChatMessage } from '../../api/messages';

/** The fields of a stored message these rules read (MessageDoc has them all). */
export interface ThreadMessage {
  id: string;
  from: 'user' | 'bot';
  type: string;
  timestamp: number;
  message: Pick<ChatMessage, 'button_index' | 'buttons' | 'text'> & Partial<Pick<ChatMessage, 'button_indices' | 'reply_to' | 'message_id'>>;
  /** The server's id (MessageDoc: null before a user message is acknowledged). */
  message_id?: string | null;
}

export type ThreadItem<M extends ThreadMessage> =
  | { kind: 'day'; key: string; timestamp: number }
  | { kind: 'message'; key: string; doc: M; index: number; isLast: boolean };

/** Local calendar day of an epoch-ms time, as 'yyyy-m-d' (for comparing days, not for display). */
export function localDayKey(timestamp: number): string {
  const d = new Date(timestamp);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}

/** Today, yesterday or an earlier day, in the device's time zone. */
export function dayKind(timestamp: number, now: number): 'today' | 'yesterday' | 'earlier' {
  if (localDayKey(timestamp) === localDayKey(now)) return 'today';
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  return localDayKey(timestamp) === localDayKey(yesterday.getTime()) ? 'yesterday' : 'earlier';
}

/** The messages with a day separator before the first message of each day (oldest first in, oldest first out). */
export function buildThreadItems<M extends ThreadMessage>(messages: readonly M[]): ThreadItem<M>[] {
  const items: ThreadItem<M>[] = [];
  let day: string | null = null;
  messages.forEach((doc, i) => {
    const key = localDayKey(doc.timestamp);
    if (key !== day) {
      items.push({ kind: 'day', key: `day-${key}`, timestamp: doc.timestamp });
      day = key;
    }
    items.push({ kind: 'message', key: doc.id, doc, index: i, isLast: i === messages.length - 1 });
  });
  return items;
}

/**
 * What a button_response shows: the chosen option's label from the nearest button message
 * before it that offers that index, or null (the screen then says 'Option n').
 */
export function chosenOptionLabel(messages: readonly ThreadMessage[], index: number): string | null {
  const response = messages[index];
  if (!response || response.message.button_index === undefined) return null;
  for (let i = index - 1; i >= 0; i -= 1) {
    const m = messages[i];
    if (m?.from === 'bot' && (m.type === 'button' || m.type === 'multi_select_button')) {
      const option = m.message.buttons?.find((b) => b.button_index === response.message.button_index);
      return option ? option.body : null;
    }
  }
  return null;
}

/**
 * The labels of the options a response chose, from the nearest message before it of the types
 * that offer them (persistent_menu for a menu choice; button / multi_select_button otherwise),
 * or from the message it names (`reply_to`: a multi-select answer). Null when that message is not
 * in the window (the screen then says 'Option n').
 */
export function chosenLabels(messages: readonly ThreadMessage[], index: number): string[] | null {
  const response = messages[index];
  if (!response) return null;
  const wanted = response.message.button_indices ?? (response.message.button_index === undefined ? [] : [response.message.button_index]);
  if (wanted.length === 0) return null;
  const sources = response.type === 'persistent_menu_response' ? ['persistent_menu'] : ['button', 'multi_select_button'];
  const replyTo = response.message.reply_to;
  for (let i = index - 1; i >= 0; i -= 1) {
    const m = messages[i];
    if (m?.from === 'bot' && sources.includes(m.type) && (replyTo === undefined || (m.message_id ?? m.message.message_id) === replyTo)) {
      const labels = wanted.map((w) => m.message.buttons?.find((b) => b.button_index === w)?.body);
      return labels.every((l): l is string => l !== undefined) ? labels : null;
    }
  }
  return null;
}

/** The newest persistent_menu message of the window: its options are the menu in the input area. */
export function activeMenu<M extends ThreadMessage>(messages: readonly M[]): M | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const m = messages[i]!;
    if (m.from === 'bot' && m.type === 'persistent_menu' && (m.message.buttons?.length ?? 0) > 0) return m;
  }
  return null;
}

/** Splits a text with **bold** markers into runs (an unmatched marker stays as text). */
export function boldRuns(text: string): { text: string; bold: boolean }[] {
  const runs: { text: string; bold: boolean }[] = [];
  const re = /\*\*(.+?)\*\*/g;
  let at = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > at) runs.push({ text: text.slice(at, m.index), bold: false });
    runs.push({ text: m[1] ?? '', bold: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at), bold: false });
  return runs;
}

/** The scroll box of the thread (the fields of an element these rules read). */
export interface ScrollBox {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/**
 * Within this many pixels of the end the list is at its end (sub-pixel heights leave a fraction):
 * there it stays pinned, re-pinned as rows are measured and the viewport changes size.
 */
export const PINNED_SLACK_PX = 2;

export function distanceFromEnd(el: ScrollBox): number {
  return Math.max(0, el.scrollHeight - el.scrollTop - el.clientHeight);
}

/**
 * Within one screen of the end: a new message is followed (the list goes to the end with it) and
 * no 'new messages' pill shows. Further up the user reads history: nothing moves, the pill counts.
 */
export function isNearEnd(el: ScrollBox): boolean {
  return distanceFromEnd(el) <= el.clientHeight;
}

/**
 * Whether the list stays pinned to its end after a scroll from `previousTop`. At the end it stays
 * as it was, or becomes pinned when the user scrolled there (`byUser`: not the list's own scroll
 * to the unread marker, which can land at the end before the rows below are measured taller); a
 * move up that leaves the end unpins it (the user scrolling away); anything else (the list's own
 * writes down to the end, content growing below) keeps what it was.
 */
export function staysPinned(pinned: boolean, el: ScrollBox, previousTop: number, byUser: boolean): boolean {
  if (distanceFromEnd(el) <= PINNED_SLACK_PX) return pinned || byUser;
  return pinned && el.scrollTop >= previousTop;
}
