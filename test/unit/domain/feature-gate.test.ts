import { describe, expect, it } from 'vitest';
import { DEFAULT_REMOTE_FLAGS, type RemoteFlags } from '../../../src/api/remote-flags';
import { featureGate, featureOfMiniApp, featureOfPath, GATED_FEATURES, type CustomCodeFeatures } from '../../../src/domain/feature-gate';
import { FIXED_MINI_APP_IDS } from '../../../src/domain/mini-apps';

const flags = (over: Partial<RemoteFlags> = {}): RemoteFlags => ({ ...DEFAULT_REMOTE_FLAGS, ...over });
const FLAG_OF = {
  rewards: 'rewards_enable', engage: 'enable_engage', leaderboards: 'leaderboards_enable', competition_zone: 'competition_zone_enable',
  skills_corner: 'skills_corner_enable', digital_class: 'digilab_enable', posts: 'posts_enable', live_quiz: 'live_quiz_enable', location: 'location_enable',
} as const;

describe('feature gate', () => {
  it.each(GATED_FEATURES)('%s follows its remote flag', (feature) => {
    expect(featureGate(flags({ [FLAG_OF[feature]]: true }), null, 100).on[feature]).toBe(true);
    expect(featureGate(flags({ [FLAG_OF[feature]]: false }), null, 100).on[feature]).toBe(false);
  });

  it('an additive code turns features on over the flags; exclusion wins', () => {
    const code: CustomCodeFeatures = { type: 'additive', included_features: ['competition_zone', 'rewards'], excluded_features: ['rewards', 'posts'] };
    const gate = featureGate(flags({ competition_zone_enable: false, rewards_enable: true, posts_enable: true, enable_engage: true }), code, 100);
    expect(gate.on.competition_zone).toBe(true);
    expect(gate.on.rewards).toBe(false);
    expect(gate.on.posts).toBe(false);
    expect(gate.on.engage).toBe(true);
  });

  it('an exclusive code keeps only what it includes', () => {
    const code: CustomCodeFeatures = { type: 'exclusive', included_features: ['posts'], excluded_features: [] };
    const gate = featureGate(flags({ rewards_enable: true, enable_engage: true, posts_enable: false }), code, 100);
    expect(Object.entries(gate.on).filter(([, on]) => on).map(([f]) => f)).toEqual(['posts']);
  });

  it('a dot shows only on a feature that is on and whose dot flag is set', () => {
    expect([...featureGate(flags({ enable_engage: true, dot_engage: true, rewards_enable: false, dot_reward: true }), null, 1).dots]).toEqual(['engage']);
  });

  it('forces the update below min_version_code only', () => {
    expect(featureGate(flags({ min_version_code: 101 }), null, 100).forceUpdate).toBe(true);
    expect(featureGate(flags({ min_version_code: 100 }), null, 100).forceUpdate).toBe(false);
    expect(featureGate(flags({ min_version_code: 999 }), null, null).forceUpdate).toBe(false);
  });

  it('keeps the upselling entries whose deep link leads to a feature that is on', () => {
    const list = [{ feature: 'Rewards', deeplink: '/rewards' }, { feature: 'Games', deeplink: '/engage?x=1' }, { feature: 'Shop', deeplink: '/catalog?bot=1' }];
    const gate = featureGate(flags({ upselling_features_list: list, rewards_enable: false, enable_engage: true }), null, 1);
    expect(gate.upselling.map((u) => u.feature)).toEqual(['Games', 'Shop']);
  });

  it('passes the other flags through typed', () => {
    const gate = featureGate(flags({ welcome_banner_design: 'festive', support_bot_mini_apps_hidden: true, web_button_tap_to_send_flag: false, web_button_tap_to_send_flag_2: true, in_app_review_flag: true }), null, 1);
    expect(gate).toMatchObject({ welcomeBannerDesign: 'festive', supportBotMiniAppsHidden: true, tapToSend: false, tapToSend2: true, inAppReview: true });
    // an unknown design is the default one, decided in the gate (the banner draws what it says)
    expect(featureGate({ ...DEFAULT_REMOTE_FLAGS, welcome_banner_design: 'neon' }, null, 1).welcomeBannerDesign).toBe('default');
  });

  it('names the feature of a route path', () => {
    expect(featureOfPath('/spin-the-wheel?schedule=1')).toBe('rewards');
    expect(featureOfPath('/competition-details')).toBe('competition_zone');
    expect(featureOfPath('/home')).toBeNull();
  });
});

describe('the built-in mini apps belong to their features (issue 18)', () => {
  it('Live Quiz is live_quiz, Competition Zone competition_zone, Rewards and Memory Match rewards; a web mini app is no feature', () => {
    expect(featureOfMiniApp(FIXED_MINI_APP_IDS.liveQuiz)).toBe('live_quiz');
    expect(featureOfMiniApp(FIXED_MINI_APP_IDS.competitionZone)).toBe('competition_zone');
    expect(featureOfMiniApp(FIXED_MINI_APP_IDS.rewards)).toBe('rewards');
    expect(featureOfMiniApp(FIXED_MINI_APP_IDS.memoryMatch)).toBe('rewards');
    expect(featureOfMiniApp(FIXED_MINI_APP_IDS.skillsCorner)).toBe('skills_corner');
    expect(featureOfMiniApp(FIXED_MINI_APP_IDS.digitalClass)).toBe('digital_class');
    expect(featureOfMiniApp('2000000000000103')).toBeNull();
  });
});
