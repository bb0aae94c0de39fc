import { describe, expect, it } from 'vitest';
import { GUIDE_IDS, GUIDE_SWITCH, markGuideSeen, shouldShowGuide, welcomeBannerDesign } from '../../../src/domain/guides';

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
