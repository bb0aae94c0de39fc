// Times in the thread (spec part 1 §9): the relative time of a message, the date tags between
// days, and when a message shows the bot's picture (§4: more than 5 minutes after the previous).
// Days are the device's local calendar days; `now` comes in as an argument.
import { HOUR_MS, MINUTE_MS, PROFILE_PICTURE_GAP_MS } from './constants';

export type RelativeTime =
  | { unit: 'now' }
  | { unit: 'minute'; value: number }
  | { unit: 'hour'; value: number }
  | { unit: 'yesterday' }
  | { unit: 'date'; text: string };

export type DateTag =
  | { kind: 'today' }
  | { kind: 'yesterday' }
  | { kind: 'date'; year: number; month: number; day: number };

/** The local calendar day of a time, as a number that grows by one each day. */
function dayNumber(ts: number): number {
  const d = new Date(ts);
  return Math.round(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / 86_400_000);
}

export function isSameDay(a: number, b: number): boolean {
  return dayNumber(a) === dayNumber(b);
}

const isYesterday = (ts: number, now: number): boolean => dayNumber(now) - dayNumber(ts) === 1;

const two = (n: number): string => String(n).padStart(2, '0');

/** dd/mm/yy of a time, in local time. */
export function shortDate(ts: number): string {
  const d = new Date(ts);
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${two(d.getFullYear() % 100)}`;
}

/**
 * now under 60 s, minutes under 1 h, hours up to 24 h, Yesterday, else dd/mm/yy. A time in the
 * future (a clock ahead of ours) reads as now.
 */
export function relativeTime(ts: number, now: number): RelativeTime {
  const age = now - ts;
  if (age < MINUTE_MS) return { unit: 'now' };
  if (age < HOUR_MS) return { unit: 'minute', value: Math.floor(age / MINUTE_MS) };
  if (age <= 24 * HOUR_MS) return { unit: 'hour', value: Math.floor(age / HOUR_MS) };
  if (isYesterday(ts, now)) return { unit: 'yesterday' };
  return { unit: 'date', text: shortDate(ts) };
}

/** Today, Yesterday, else the date (the UI formats it as 'd LLLL yyyy' in the user's language). */
export function dateTag(ts: number, now: number): DateTag {
  if (isSameDay(ts, now)) return { kind: 'today' };
  if (isYesterday(ts, now)) return { kind: 'yesterday' };
  const d = new Date(ts);
  return { kind: 'date', year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() };
}

/** The first message, or one more than 5 minutes after the previous, shows the bot's picture. */
export function showsProfilePicture(previousTs: number | undefined, ts: number): boolean {
  return previousTs === undefined || ts - previousTs > PROFILE_PICTURE_GAP_MS;
}
