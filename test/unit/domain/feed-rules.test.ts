// The feed's rules (src/domain/feed-rules.ts; spec part 2 §4, §5, §8).
import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_PAGE_SIZE, FEED_PAGE_SIZE, FEED_REVISIT_MS, SAVED_POSTS_PAGE_SIZE, customResponseToSend, feedNeedsRefresh, isKnownActivityType, isPosterCardsLink, keepFeedItem,
  visibleEnoughForView, FEED_WINDOW_FIRST, grownFeedWindow,
} from '../../../src/domain/feed-rules';

const post = (subtype: string, deep_link = '/feed?post=1') => ({ type: 'post', post: { subtype, deep_link } });

describe('the feed filter (spec §4)', () => {
  it('keeps posts and notifications of known subtypes', () => {
    for (const s of ['poll', 'quiz', 'question', 'announcement']) expect(keepFeedItem(post(s))).toBe(true);
    expect(keepFeedItem({ type: 'notification', notification: { subtype: 'reminder', deep_link: '/feed' } })).toBe(true);
  });

  it('drops unknown types, unknown subtypes and a subtype known only for another type', () => {
    expect(keepFeedItem({ type: 'banner', banner: { subtype: 'poll' } })).toBe(false);
    expect(keepFeedItem(post('live_stream'))).toBe(false);
    expect(keepFeedItem({ type: 'notification', notification: { subtype: 'poll', deep_link: '' } })).toBe(false);
    expect(keepFeedItem({ type: 'post' })).toBe(false);
    expect(keepFeedItem({ type: 'toString' })).toBe(false);
  });

  it('drops items whose deep link path is the poster-cards page, whatever the host or query', () => {
    expect(keepFeedItem(post('poll', '/poster-cards'))).toBe(false);
    expect(keepFeedItem(post('poll', 'https://app.example.com/poster-cards/diwali?x=1'))).toBe(false);
    expect(keepFeedItem(post('poll', '/poster-cards/'))).toBe(false);
    expect(isPosterCardsLink('/feed?next=/poster-cards')).toBe(false);
    expect(isPosterCardsLink('/poster-cardsx')).toBe(false);
  });
});

describe('refresh rule (spec §4, §8: 6 hours)', () => {
  const at = 1_000_000_000;
  it('refreshes on a first visit, after more than 6 hours, or after a new sign-in', () => {
    expect(feedNeedsRefresh(at, { at: null, session: null }, 's1')).toBe(true);
    expect(feedNeedsRefresh(at + FEED_REVISIT_MS, { at, session: 's1' }, 's1')).toBe(false);
    expect(feedNeedsRefresh(at + FEED_REVISIT_MS + 1, { at, session: 's1' }, 's1')).toBe(true);
    expect(feedNeedsRefresh(at + 1, { at, session: 's1' }, 's2')).toBe(true);
  });
});

describe('what counts as seen (issue 13: at least half visible)', () => {
  it('needs half of the post on screen', () => {
    expect(visibleEnoughForView(0.5, 200, 700)).toBe(true);
    expect(visibleEnoughForView(0.49, 196, 700)).toBe(false);
    expect(visibleEnoughForView(0, 0, 700)).toBe(false);
  });

  it('counts a post taller than two screens once it fills half the screen', () => {
    // 2,000 px tall in a 700 px screen: at most 35 % of it can ever be visible
    expect(visibleEnoughForView(0.35, 700, 700)).toBe(true);
    expect(visibleEnoughForView(0.175, 350, 700)).toBe(true);
    expect(visibleEnoughForView(0.17, 340, 700)).toBe(false);
  });
});

describe('limits and small rules', () => {
  it('has the spec page sizes', () => {
    expect([FEED_PAGE_SIZE, SAVED_POSTS_PAGE_SIZE, ACTIVITY_PAGE_SIZE]).toEqual([15, 8, 20]);
    expect(FEED_REVISIT_MS).toBe(6 * 3600 * 1000);
  });

  it('sends a custom response only if non-blank (spec §4)', () => {
    expect(customResponseToSend(undefined)).toBeUndefined();
    expect(customResponseToSend('   ')).toBeUndefined();
    expect(customResponseToSend('  rain ')).toBe('rain');
  });

  it('knows the activity types', () => {
    expect(isKnownActivityType('poll_vote')).toBe(true);
    expect(isKnownActivityType('login')).toBe(false);
  });
});

describe('the Post tab window grows geometrically', () => {
  it('widens to at least a step more and at least twice what is shown, and not again for the same count', () => {
    expect(grownFeedWindow(FEED_WINDOW_FIRST, 30)).toBe(60);
    expect(grownFeedWindow(60, 60)).toBe(120);
    expect(grownFeedWindow(120, 60)).toBe(120);
    expect(grownFeedWindow(30, 10)).toBe(40);
    // a fling through 1,000 stored posts: 30 → 60 → 120 → 240 → 480 → 960 → 1,920
    let window = FEED_WINDOW_FIRST;
    let reads = 0;
    while (window < 1000) { window = grownFeedWindow(window, window); reads++; }
    expect(reads).toBe(6);
  });
});
