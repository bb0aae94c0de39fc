import { describe, expect, it } from 'vitest';
import { GUIDE_IDS, markGuideSeen, shouldShowGuide, welcomeBannerDesign } from '../../../src/domain/guides';

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

  it('picks the welcome banner design from the flag, unknown values the default', () => {
    expect(welcomeBannerDesign('festive')).toBe('festive');
    expect(welcomeBannerDesign('minimal')).toBe('minimal');
    expect(welcomeBannerDesign('default')).toBe('default');
    expect(welcomeBannerDesign('FESTIVE')).toBe('default');
    expect(welcomeBannerDesign(3)).toBe('default');
    expect(welcomeBannerDesign(undefined)).toBe('default');
  });
});
