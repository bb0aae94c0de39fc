// The feed's rules (spec part 2 §4 "Feed loading", §5, §8 limits), in one place: page sizes, the
// revisit threshold, the known item types and subtypes, the activity types, the reactions, and
// the filter every fetched page goes through. The spec does not list the known subtypes or
// activity types ("lists not shown"); the lists below are this product's, and the server only
// publishes from them, so anything else (an older or newer server's kinds) is dropped.
import { HOUR_MS, PAGE_SIZE } from './constants';

/** get-feed page size; also how many kept items a load waits for (spec §8 "post fetch limit"). */
export const FEED_PAGE_SIZE = PAGE_SIZE.feed;
/** get-saved-posts page size. */
export const SAVED_POSTS_PAGE_SIZE = PAGE_SIZE.savedItems;
/** get-user-activity page size. */
export const ACTIVITY_PAGE_SIZE = PAGE_SIZE.userActivity;
/** The feed is refreshed when the user comes back after more than this (spec §8). */
export const FEED_REVISIT_MS = 6 * HOUR_MS;
/** A feed load stops after this many pages even if too few items pass the filter (a server of only unknown kinds). */
export const FEED_MAX_PAGES_PER_LOAD = 10;
/**
 * The Post tab reads a window of the stored feed, not all of it (DESIGN.md §3: every query has a
 * limit): this many items at open, this many more each time the list nears the end of the window.
 */
export const FEED_WINDOW_FIRST = 30;
export const FEED_WINDOW_STEP = 30;

/**
 * The window after the list neared its end with `shown` items: at least a step more, and at least
 * twice as many, so a fast fling through 1,000 stored posts re-reads the window about six times,
 * not thirty. Asking again for the same `shown` changes nothing.
 */
export function grownFeedWindow(current: number, shown: number): number {
  return Math.max(current, shown + FEED_WINDOW_STEP, shown * 2);
}

/** Feed item types and, for each, its known subtypes. */
export const FEED_SUBTYPES = {
  post: ['poll', 'quiz', 'question', 'announcement'],
  notification: ['info', 'reminder', 'result'],
} as const;
export type FeedItemType = keyof typeof FEED_SUBTYPES;
export type PostSubtype = (typeof FEED_SUBTYPES.post)[number];
export type NotificationSubtype = (typeof FEED_SUBTYPES.notification)[number];

/** Items whose deep link path is this page are dropped (spec §4). */
export const POSTER_CARDS_PATH = '/poster-cards';

/** The reactions a user can give a post (one per user per post). */
export const FEED_REACTIONS = ['like', 'love', 'laugh', 'wow', 'sad', 'clap'] as const;
export type FeedReaction = (typeof FEED_REACTIONS)[number];

/** Activity types kept by my activity (spec §5: only known activity types are kept). */
export const ACTIVITY_TYPES = ['poll_vote', 'quiz_answer', 'question_answer', 'reaction', 'save'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** add-view takes at most this many ids per call; the client batches under it. */
export const ADD_VIEW_MAX_IDS = 100;
/** A poll's custom response: at most this many characters (after trimming). */
export const CUSTOM_RESPONSE_MAX_CHARS = 280;
/** A post counts as seen once at least this share of it was visible for VIEW_MIN_VISIBLE_MS. */
export const VIEW_MIN_VISIBLE_RATIO = 0.5;
export const VIEW_MIN_VISIBLE_MS = 1000;
/**
 * Whether a post is on screen enough to count as seen: at least VIEW_MIN_VISIBLE_RATIO of it is
 * visible, or, for a post taller than twice the screen (which can never be half visible), its
 * visible part fills at least that share of the screen.
 */
export function visibleEnoughForView(ratio: number, visibleHeight: number, screenHeight: number): boolean {
  if (ratio <= 0 || visibleHeight <= 0) return false;
  return ratio >= VIEW_MIN_VISIBLE_RATIO || (screenHeight > 0 && visibleHeight >= screenHeight * VIEW_MIN_VISIBLE_RATIO);
}
/** Seen posts are sent in one add-view after this quiet time (batched). */
export const VIEW_BATCH_DELAY_MS = 3000;

/** The parts of a fetched item the filter reads; anything else in it is passed through. */
export interface RawFeedItem {
  type: string;
  [key: string]: unknown;
}

function pathOf(deepLink: string): string {
  try {
    return new URL(deepLink, 'https://app.invalid').pathname;
  } catch {
    return '';
  }
}

/** Whether a deep link points at the poster-cards page (its path is /poster-cards or below it). */
export function isPosterCardsLink(deepLink: unknown): boolean {
  if (typeof deepLink !== 'string' || deepLink === '') return false;
  const path = pathOf(deepLink).replace(/\/+$/, '');
  return path === POSTER_CARDS_PATH || path.startsWith(`${POSTER_CARDS_PATH}/`);
}

/**
 * Spec §4 feed filter: unknown types are dropped; items whose deep link path is the poster-cards
 * page are dropped; an item is kept only if its subtype is known for its type. The item's object
 * lives under its type (`{type: 'post', post: {subtype, deep_link, ...}}`).
 */
export function keepFeedItem(item: RawFeedItem): boolean {
  if (!Object.hasOwn(FEED_SUBTYPES, item.type)) return false;
  const type = item.type as FeedItemType;
  const inner = item[type];
  if (inner === null || typeof inner !== 'object') return false;
  const { subtype, deep_link: deepLink } = inner as { subtype?: unknown; deep_link?: unknown };
  if (isPosterCardsLink(deepLink)) return false;
  return (FEED_SUBTYPES[type] as readonly string[]).includes(subtype as string);
}

/**
 * Spec §4: refresh when the user returns after more than FEED_REVISIT_MS, or signed in after the
 * last visit (a sign-in starts a new client session: the visit's session differs from the current).
 */
export function feedNeedsRefresh(now: number, lastVisit: { at: number | null; session: string | null }, currentSession: string | null): boolean {
  if (lastVisit.at === null) return true;
  if (currentSession !== lastVisit.session) return true;
  return now - lastVisit.at > FEED_REVISIT_MS;
}

/** Spec §4 "a poll custom response is sent only if non-blank": the trimmed text, or undefined. */
export function customResponseToSend(text: string | undefined): string | undefined {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed;
}

/** Only the known activity types (spec §5). */
export function isKnownActivityType(type: unknown): type is ActivityType {
  return (ACTIVITY_TYPES as readonly unknown[]).includes(type);
}
