// Notification rules of spec part 1 §4 ("Live connection": skipped when muted or excluded),
// §5 (the 200-character cap) and §9 (vibrate, require interaction). Pure: the page's in-app and
// system notifications, the service worker's push handler and the server's Web Push all use it.
import { MUTE_FOREVER, NOTIFICATION_BODY_ELLIPSIS, NOTIFICATION_BODY_MAX_CHARS } from './constants';

/**
 * The text of an empty notification in the default language (English). The app shows the
 * translated 'notification.body.empty' instead; the service worker and the server, which have no
 * translations at hand, use this literal.
 */
export const EMPTY_NOTIFICATION_TEXT = 'sent you a message!';

/** Vibration pattern of a system notification (spec part 1 §9: it vibrates). */
export const NOTIFICATION_VIBRATE_PATTERN: readonly number[] = [200, 100, 200];

/**
 * The body of a notification: the text cut at NOTIFICATION_BODY_MAX_CHARS characters (code
 * points, so an emoji is never split) followed by '...'; a blank text becomes `emptyText`.
 */
export function notificationBody(text: string | null | undefined, emptyText: string = EMPTY_NOTIFICATION_TEXT): string {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return emptyText;
  const chars = Array.from(trimmed);
  if (chars.length <= NOTIFICATION_BODY_MAX_CHARS) return trimmed;
  return chars.slice(0, NOTIFICATION_BODY_MAX_CHARS).join('') + NOTIFICATION_BODY_ELLIPSIS;
}

/** The mute fields of a conversation entry (spec part 1 §3): epoch ms and a duration in ms. */
export interface MuteFields {
  mute_time: number | null;
  mute_duration: number | null;
}

/** When the mute ends: mute_time + mute_duration; -1 means forever (Infinity); null when not muted. */
export function mutedTill(entry: MuteFields): number | null {
  if (entry.mute_duration === MUTE_FOREVER) return Number.POSITIVE_INFINITY;
  if (entry.mute_time === null || entry.mute_duration === null) return null;
  return entry.mute_time + entry.mute_duration;
}

/** Muted now: mutedTill is in the future, or the mute is forever. */
export function isMuted(entry: MuteFields, now: number): boolean {
  const till = mutedTill(entry);
  return till !== null && till > now;
}

export interface NotifiableConversation extends MuteFields {
  bot_uuid: string;
}

/**
 * Whether a message of this conversation raises a notification: never for the conversation on
 * screen (its message is shown there), a muted one, or one the caller excludes (e.g. hidden bots).
 */
export function shouldNotify(
  conversation: NotifiableConversation,
  openBot: string | null,
  now: number,
  excluded: Iterable<string> = [],
): boolean {
  if (conversation.bot_uuid === openBot) return false;
  for (const id of excluded) if (id === conversation.bot_uuid) return false;
  return !isMuted(conversation, now);
}

/** The text a message offers to a notification: its text body (the prompt or caption of the others). */
export function notificationTextOf(message: { text?: { body: string } | undefined } | null | undefined): string {
  return message?.text?.body ?? '';
}

/** One notification per bot: a new one replaces the last (the tag of the system notification). */
export function notificationTag(botUuid: string): string {
  return `bot-${botUuid}`;
}

/** The data a push carries and a notification keeps (spec part 1 §3 conversation notification). */
export interface PushPayload {
  bot_uuid: string;
  /** the bot's name: the notification's title */
  name: string;
  icon: string;
  /** already capped by notificationBody (the server applies the rules) */
  body: string;
}

/** Reads a push payload from untrusted JSON; null when it is not one. */
export function parsePushPayload(value: unknown): PushPayload | null {
  if (value === null || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.bot_uuid !== 'string' || v.bot_uuid === '') return null;
  const str = (x: unknown) => (typeof x === 'string' ? x : '');
  return { bot_uuid: v.bot_uuid, name: str(v.name), icon: str(v.icon), body: notificationBody(str(v.body)) };
}

// ---------- what the service worker can read ----------

/**
 * The page keeps a copy of each conversation's mute fields and the hidden bots in the Cache
 * Storage (a JSON response under NOTIFY_STATE_URL in the NOTIFY_STATE_CACHE cache), because the
 * service worker must decide on a push while no page is open and cannot open RxDB cheaply. The
 * server already skips muted conversations; this copy covers a mute made on the device that has
 * not reached the server yet.
 */
export const NOTIFY_STATE_CACHE = 'notify-state-v1';
export const NOTIFY_STATE_URL = '/__notify-state.json';

export interface NotifyState {
  /** mute fields by bot_uuid */
  mutes: Record<string, MuteFields>;
  /** hidden bots of the remote flags: excluded */
  hidden: string[];
  /** when the page wrote it (epoch ms) */
  at: number;
}

export function parseNotifyState(value: unknown): NotifyState | null {
  if (value === null || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const mutes: Record<string, MuteFields> = {};
  if (v.mutes !== null && typeof v.mutes === 'object') {
    for (const [bot, m] of Object.entries(v.mutes as Record<string, unknown>)) {
      if (m === null || typeof m !== 'object') continue;
      const f = m as Record<string, unknown>;
      const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
      mutes[bot] = { mute_time: num(f.mute_time), mute_duration: num(f.mute_duration) };
    }
  }
  const hidden = Array.isArray(v.hidden) ? v.hidden.filter((x): x is string => typeof x === 'string') : [];
  return { mutes, hidden, at: typeof v.at === 'number' ? v.at : 0 };
}
