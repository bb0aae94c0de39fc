import { describe, expect, it } from 'vitest';
import { GUIDE_IDS, GUIDE_SWITCH, markGuideSeen, reviewAskTarget, shouldShowGuide, welcomeBannerDesign } from '../../../src/domain/guides';

describe('one-time guides (issue 18)', () => {
  it('shows a guide once: until it is marked seen, and only while its toggle is on', () => {
    expect(shouldShowGuide('app-tour', [], true)).toBe(true);
    expect(shouldShowGuide('app-tour', [], false)).toBe(false);
    const seen = markGuideSeen([], 'app-tour');
    expect(shouldShowGuide('app-tour', seen, true)).toBe(false);
    expect(shouldShowGuide('welcome-banner', seen, true)).toBe(true);
  });

  it('remembers each id once and drops ids it does not know', () => {
    let seen = markGuideSeen(['old-guide', 'help-chat'], 'help-chat');
    expect(seen).toEqual(['help-chat']);
    for (const id of GUIDE_IDS) seen = markGuideSeen(seen, id);
    seen = markGuideSeen(seen, 'app-tour');
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(GUIDE_IDS.length);
  });

  it('each guide answers to one remote switch: the visibility toggles, and in_app_review_flag for the review ask', () => {
    expect(GUIDE_SWITCH['app-tour']).toEqual({ toggle: 'app_tour' });
    expect(GUIDE_SWITCH['in-app-review']).toEqual({ flag: 'in_app_review_flag' });
    expect(Object.keys(GUIDE_SWITCH).sort()).toEqual([...GUIDE_IDS].sort());
  });

  it('picks the welcome banner design from the flag, unknown values the default', () => {
    expect(welcomeBannerDesign('festive')).toBe('festive');
    expect(welcomeBannerDesign('minimal')).toBe('minimal');
    expect(welcomeBannerDesign('default')).toBe('default');
    expect(welcomeBannerDesign('FESTIVE')).toBe('default');
    expect(welcomeBannerDesign(3)).toBe('default');
    expect(welcomeBannerDesign(undefined)).toBe('default');
  });
});

describe('the in-app review ask names a bot the user has not rated or reviewed (issue 18)', () => {
  const conv = (bot_uuid: string, conversed = true, block_time: number | null = null) => ({ bot_uuid, conversed, block_time });
  const notRated = { rating: { user_rating: null }, myReview: null };
  const none = new Set<string>();

  it('asks about the newest conversed, unblocked bot whose stored profile shows no rating and no review', () => {
    const list = [conv('a', false), conv('b', true, 5), conv('c'), conv('d')];
    expect(reviewAskTarget(list, { c: notRated, d: notRated }, none)).toEqual({ ask: list[2], toLoad: null });
  });

  it('skips a bot already rated, and one already reviewed', () => {
    const list = [conv('rated'), conv('reviewed'), conv('fresh')];
    const stored = { rated: { rating: { user_rating: 4 }, myReview: null }, reviewed: { rating: { user_rating: null }, myReview: { review: 'good' } }, fresh: notRated };
    expect(reviewAskTarget(list, stored, none).ask?.bot_uuid).toBe('fresh');
    expect(reviewAskTarget(list.slice(0, 2), stored, none)).toEqual({ ask: null, toLoad: null });
  });

  it('asks nothing about a bot whose profile was never read: it is to be read first, and passed over once tried', () => {
    const list = [conv('unknown'), conv('fresh')];
    expect(reviewAskTarget(list, { fresh: notRated }, none)).toEqual({ ask: null, toLoad: 'unknown' });
    // a profile read without its rating (offline or refused) counts as unknown too
    expect(reviewAskTarget(list, { unknown: { rating: null, myReview: null }, fresh: notRated }, none).toLoad).toBe('unknown');
    expect(reviewAskTarget(list, { fresh: notRated }, new Set(['unknown']))).toEqual({ ask: list[1], toLoad: null });
    expect(reviewAskTarget([conv('unknown')], {}, new Set(['unknown']))).toEqual({ ask: null, toLoad: null });
  });
});
