// Every gated area on the reference server (spec part 1 §6, issue 18): a signed-in call of an area
// that is off for the caller is a 403 with the one reason feature_off; the flag on, or a custom
// code that includes the area while the flag is off, opens it; a code that excludes it, or an
// exclusive code without it, closes it while the flag is on. Engage and rewards have their own
// cases in engage-rewards.test.ts; this file covers the areas gated through gatedModule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteName } from '../../src/api/contract';
import { DEFAULT_REMOTE_FLAGS, type RemoteFlags } from '../../src/api/remote-flags';
import { FIXED_MINI_APP_IDS } from '../../src/domain/mini-apps';
import { DEMO_COMPETITION_IDS } from '../../server/competition/seed';
import { FEATURE_OFF } from '../../server/user/feature-access';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';

let flags: RemoteFlags = { ...DEFAULT_REMOTE_FLAGS };
let t: TestServer;
let plain: TestSession;
let coded: TestSession;

interface Area { flag: keyof RemoteFlags; feature: string; calls: Array<[RouteName, Record<string, unknown>]> }

/** Per area: its flag, its name in a custom code, and calls that belong to it. */
const AREAS: Record<string, Area> = {
  posts: { flag: 'posts_enable', feature: 'posts', calls: [['getFeed', { limit: 5 }], ['getSavedPosts', {}]] },
  competition: { flag: 'competition_zone_enable', feature: 'competition_zone', calls: [['getCompetitionHomePage', {}], ['getPastCompetitions', {}]] },
  leaderboards: { flag: 'leaderboards_enable', feature: 'leaderboards', calls: [['getLeaderboard', {}], ['getLeaderboard', { competition_uuid: DEMO_COMPETITION_IDS.scienceVideo }]] },
  'skills corner': { flag: 'skills_corner_enable', feature: 'skills_corner', calls: [['getCourses', { area: 'skills-corner' }], ['setLessonProgress', { lesson_id: 'sc-phone-1', percent: 10 }]] },
  'digital class': { flag: 'digilab_enable', feature: 'digital_class', calls: [['getCourses', { area: 'digital-class' }]] },
  'live quiz': { flag: 'live_quiz_enable', feature: 'live_quiz', calls: [['getMiniAppUserDetails', { mini_app_uuid: FIXED_MINI_APP_IDS.liveQuiz }]] },
};

const ALL_OFF = Object.fromEntries(Object.values(AREAS).map((a) => [a.flag, false]));
const ALL_ON = Object.fromEntries(Object.values(AREAS).map((a) => [a.flag, true]));

beforeAll(async () => {
  t = await startTestServer({ remoteFlags: () => flags });
  await t.server.db.query(
    `INSERT INTO custom_codes (custom_code, name, type, included_features, excluded_features, created_at)
     VALUES ('EVERYAREA', 'Every area', 'additive', $1, '{}', 0), ('NOAREA', 'No area', 'additive', '{}', $1, 0)`,
    [Object.values(AREAS).map((a) => a.feature)],
  );
  plain = await t.signIn();
  coded = await t.signIn();
  await t.ok('authenticateCustomCode', { custom_code: 'EVERYAREA', user_details: {} }, { session: coded });
});
afterAll(() => t.close());

describe.each(Object.entries(AREAS))('%s', (_name, area) => {
  it('is a 403 feature_off with its flag off, 200 with it on, 200 for a code that includes it', async () => {
    for (const [route, body] of area.calls) {
      flags = { ...DEFAULT_REMOTE_FLAGS, ...ALL_ON, [area.flag]: false };
      const refused = await t.call(route, body, { session: plain });
      expect(refused.status, `${route} off`).toBe(403);
      expect(!refused.ok && refused.body.reason).toBe(FEATURE_OFF);
      expect((await t.call(route, body, { session: coded })).status, `${route} off, code includes it`).toBe(200);
      flags = { ...DEFAULT_REMOTE_FLAGS, ...ALL_OFF, [area.flag]: true };
      expect((await t.call(route, body, { session: plain })).status, `${route} on`).toBe(200);
    }
  });
});

describe('custom codes that close areas', () => {
  it('an excluding code and an exclusive code without the area close it while every flag is on', async () => {
    flags = { ...DEFAULT_REMOTE_FLAGS, ...ALL_ON };
    const excluded = await t.signIn();
    await t.ok('authenticateCustomCode', { custom_code: 'NOAREA', user_details: {} }, { session: excluded });
    const feedOnly = await t.signIn();
    await t.ok('authenticateCustomCode', { custom_code: 'FEEDONLY', user_details: {} }, { session: feedOnly });
    for (const area of Object.values(AREAS)) {
      const [route, body] = area.calls[0]!;
      expect((await t.call(route, body, { session: excluded })).status, `${route} excluded`).toBe(403);
      expect((await t.call(route, body, { session: feedOnly })).status, `${route} FEEDONLY`).toBe(area.feature === 'posts' ? 200 : 403);
    }
  });

  it('leaves ungated calls of the same modules open, and still checks input and session first', async () => {
    flags = { ...DEFAULT_REMOTE_FLAGS, ...ALL_OFF };
    // a web mini app of the catalogue belongs to no area; the mini-app list is not gated
    expect((await t.call('getMiniAppList', {}, { session: plain })).status).toBe(200);
    expect((await t.call('getMiniAppUserDetails', { mini_app_uuid: '2000000000000102' }, { session: plain })).status).toBe(200);
    // bad input is a 400 and no session a 401, before the gate
    expect((await t.call('getCourses', { area: 'nowhere' } as never, { session: plain })).status).toBe(400);
    expect((await t.call('getFeed', { limit: 5 })).status).toBe(401);
  });
});
