// Mini apps (issue 17; spec part 2 §3, §5, §7): the catalogue as the caller sees it, subscribe,
// rating, activity, the sign-on exchange (OAuth 2.0 authorization-code style), storage per user
// per mini app (IDOR), the demo mini apps' pages and backends, and the courses with progress.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/api/headers';
import { FIXED_MINI_APP_IDS, SSO_GRANT_TTL_MS, STORAGE_KEYS_PER_APP } from '../../src/domain/mini-apps';
import { pairwiseSubject } from '../../server/mini-apps/sso';
import { demoSecret } from '../../server/mini-apps/store';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';

const QUIZ = '2000000000000102';
const MANDI = '2000000000000101';
const CONVERTER = '2000000000000103';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const grantFor = (me: TestSession, app = QUIZ) => t.ok('getSsoGrantToken', { mini_app_uuid: app }, { session: me });
const secret = (slug = 'daily-quiz') => demoSecret(t.server.db, slug);

describe('the catalogue', () => {
  it('lists the built-in and the web mini apps, in the caller\'s language', async () => {
    const me = await t.signIn();
    const { mini_app_list } = await t.ok('getMiniAppList', {}, { session: me, headers: { [HEADER.language]: 'te' } });
    const byId = new Map(mini_app_list.map((a) => [a.mini_app_uuid, a]));
    expect(byId.get(FIXED_MINI_APP_IDS.rewards)).toMatchObject({ kind: 'native', path: '/rewards', entry_path: null, sso: false });
    expect(byId.get(QUIZ)).toMatchObject({ kind: 'web', name: 'రోజువారీ క్విజ్', path: '/apps/daily-quiz/', entry_path: '/apps/daily-quiz/index.html', sso: true, subscribed: false, rating: 0, rating_count: 0 });
    expect(byId.get(MANDI)?.kind).toBe('web');
    expect(byId.get(CONVERTER)?.kind).toBe('web');
  });

  it('subscribes once (a repeat keeps the first time) and answers details with the subscription', async () => {
    const me = await t.signIn();
    const first = await t.ok('subscribeMiniApp', { mini_app_uuid: QUIZ }, { session: me });
    t.clock.advance(5_000);
    const again = await t.ok('subscribeMiniApp', { mini_app_uuid: QUIZ }, { session: me });
    expect(again.subscribed_at).toBe(first.subscribed_at);
    const details = await t.ok('getMiniAppUserDetails', { mini_app_uuid: QUIZ }, { session: me });
    expect(details.mini_app.subscribed).toBe(true);
    const other = await t.signIn();
    expect((await t.ok('getMiniAppUserDetails', { mini_app_uuid: QUIZ }, { session: other })).mini_app.subscribed).toBe(false);
  });

  it('refuses an unknown mini app with 404 and a bad id with 400', async () => {
    const me = await t.signIn();
    expect((await t.call('getMiniAppUserDetails', { mini_app_uuid: '2999999999999999' }, { session: me })).status).toBe(404);
    expect((await t.callUnchecked('getMiniAppUserDetails', { mini_app_uuid: 'abc' }, { session: me })).status).toBe(400);
    expect((await t.call('getMiniAppUserDetails', { mini_app_uuid: QUIZ })).status).toBe(401);
  });

  it('averages ratings over users; a user\'s second rating replaces the first', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const app = CONVERTER;
    const before = (await t.ok('getMiniAppUserDetails', { mini_app_uuid: app }, { session: a })).mini_app;
    await t.ok('submitMiniAppRating', { mini_app_uuid: app, rating: 2 }, { session: a });
    await t.ok('submitMiniAppRating', { mini_app_uuid: app, rating: 5 }, { session: a });
    const answer = await t.ok('submitMiniAppRating', { mini_app_uuid: app, rating: 3 }, { session: b });
    expect(answer.rating_count).toBe(before.rating_count + 2);
    const details = (await t.ok('getMiniAppUserDetails', { mini_app_uuid: app }, { session: a })).mini_app;
    expect(details.user_rating).toBe(5);
    expect((await t.ok('getMiniAppUserDetails', { mini_app_uuid: app }, { session: b })).mini_app.user_rating).toBe(3);
    expect((await t.callUnchecked('submitMiniAppRating', { mini_app_uuid: app, rating: 6 }, { session: a })).status).toBe(400);
    expect((await t.callUnchecked('submitMiniAppRating', { mini_app_uuid: app, rating: 2.5 }, { session: a })).status).toBe(400);
  });

  it('keeps the last activity per user and counts them', async () => {
    const me = await t.signIn();
    await t.ok('setMiniAppUserActivity', { mini_app_uuid: MANDI, activity: 'Searched onion' }, { session: me });
    const second = await t.ok('setMiniAppUserActivity', { mini_app_uuid: MANDI, activity: '  Searched wheat ', score: 2 }, { session: me });
    expect(second).toMatchObject({ activity: 'Searched wheat', score: 2, times: 2 });
    expect((await t.ok('getMiniAppUserDetails', { mini_app_uuid: MANDI }, { session: me })).activity).toMatchObject({ activity: 'Searched wheat', times: 2 });
    const other = await t.signIn();
    expect((await t.ok('getMiniAppUserDetails', { mini_app_uuid: MANDI }, { session: other })).activity).toBeNull();
    expect((await t.callUnchecked('setMiniAppUserActivity', { mini_app_uuid: MANDI, activity: '   ' }, { session: me })).status).toBe(400);
  });
});

describe('sign-on exchange', () => {
  it('trades a grant and the client secret for the user\'s pairwise id and name, once', async () => {
    const me = await t.signIn();
    await t.ok('updateProfile', { name: 'Asha Patil' }, { session: me });
    const { grant_token, expires_at } = await grantFor(me);
    expect(expires_at).toBe(t.clock.now() + SSO_GRANT_TTL_MS);
    const who = await t.ok('exchangeSsoGrant', { mini_app_uuid: QUIZ, grant_token, client_secret: await secret() });
    expect(who).toEqual({ sub: pairwiseSubject(QUIZ, me.tokens.user.user_uuid), name: 'Asha Patil', language: expect.any(String) });
    expect(who.sub).not.toContain(me.tokens.user.user_uuid);
    // replayed: refused
    const replay = await t.call('exchangeSsoGrant', { mini_app_uuid: QUIZ, grant_token, client_secret: await secret() });
    expect(replay.status).toBe(400);
    expect(replay.ok ? '' : replay.body.message).toMatch(/invalid_grant/);
  });

  it('refuses an expired grant', async () => {
    const me = await t.signIn();
    const { grant_token } = await grantFor(me);
    t.clock.advance(SSO_GRANT_TTL_MS + 1);
    const late = await t.call('exchangeSsoGrant', { mini_app_uuid: QUIZ, grant_token, client_secret: await secret() });
    expect(late.status).toBe(400);
  });

  it('refuses a wrong secret with 401 without spending the grant', async () => {
    const me = await t.signIn();
    const { grant_token } = await grantFor(me);
    const wrong = await t.call('exchangeSsoGrant', { mini_app_uuid: QUIZ, grant_token, client_secret: 'not-the-secret' });
    expect(wrong.status).toBe(401);
    expect(wrong.ok ? '' : wrong.body.message).toBe('invalid_client');
    // another mini app's secret is a wrong secret too
    const otherApps = await t.call('exchangeSsoGrant', { mini_app_uuid: QUIZ, grant_token, client_secret: await secret('mandi-prices') });
    expect(otherApps.status).toBe(401);
    expect((await t.call('exchangeSsoGrant', { mini_app_uuid: QUIZ, grant_token, client_secret: await secret() })).status).toBe(200);
  });

  it('refuses a grant made for another mini app, even with that app\'s own secret', async () => {
    const me = await t.signIn();
    const { grant_token } = await grantFor(me, QUIZ);
    const stolen = await t.call('exchangeSsoGrant', { mini_app_uuid: MANDI, grant_token, client_secret: await secret('mandi-prices') });
    expect(stolen.status).toBe(400);
  });

  it('gives each mini app a different id for the same user', async () => {
    const me = await t.signIn();
    const a = await t.ok('exchangeSsoGrant', { mini_app_uuid: QUIZ, grant_token: (await grantFor(me, QUIZ)).grant_token, client_secret: await secret() });
    const b = await t.ok('exchangeSsoGrant', { mini_app_uuid: MANDI, grant_token: (await grantFor(me, MANDI)).grant_token, client_secret: await secret('mandi-prices') });
    expect(a.sub).not.toBe(b.sub);
  });

  it('has no sign-on for a built-in screen', async () => {
    const me = await t.signIn();
    expect((await t.call('getSsoGrantToken', { mini_app_uuid: FIXED_MINI_APP_IDS.rewards }, { session: me })).status).toBe(422);
  });

  it('keeps only digests of grants and secrets', async () => {
    const me = await t.signIn();
    const { grant_token } = await grantFor(me);
    const rows = await t.server.db.query<{ grant_hash: string }>('SELECT grant_hash FROM mini_app_sso_grants WHERE grant_hash = $1', [grant_token]);
    expect(rows).toEqual([]);
    const clients = await t.server.db.query<{ secret_hash: string }>('SELECT secret_hash FROM mini_app_clients WHERE mini_app_uuid = $1', [QUIZ]);
    expect(clients[0]!.secret_hash).not.toBe(await secret());
  });

  it('the demo backend signs the user in over HTTP, across origins (CORS), once per grant', async () => {
    const me = await t.signIn();
    await t.ok('updateProfile', { name: 'Ravi' }, { session: me });
    const { grant_token } = await grantFor(me, CONVERTER);
    const post = () => t.fetch('/apps/unit-converter/api/sign-in', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'null' }, body: JSON.stringify({ grant_token }) });
    const ok = await post();
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect(await ok.json()).toEqual({ sub: pairwiseSubject(CONVERTER, me.tokens.user.user_uuid), name: 'Ravi' });
    expect((await post()).status).toBe(400);
    const preflight = await t.fetch('/apps/unit-converter/api/sign-in', { method: 'OPTIONS', headers: { origin: 'null', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
  });
});

describe('mini-app storage', () => {
  it('keeps values per user per mini app: another user never reads or overwrites them', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    await t.ok('setMiniAppStorage', { mini_app_uuid: QUIZ, key: 'streak', value: '{"count":4}' }, { session: a });
    expect(await t.ok('getMiniAppStorage', { mini_app_uuid: QUIZ, key: 'streak' }, { session: b })).toEqual({ key: 'streak', value: null });
    await t.ok('setMiniAppStorage', { mini_app_uuid: QUIZ, key: 'streak', value: '{"count":1}' }, { session: b });
    expect(await t.ok('getMiniAppStorage', { mini_app_uuid: QUIZ, key: 'streak' }, { session: a })).toEqual({ key: 'streak', value: '{"count":4}' });
    // another mini app of the same user does not see it either
    expect((await t.ok('getMiniAppStorage', { mini_app_uuid: MANDI, key: 'streak' }, { session: a })).value).toBeNull();
    // a body naming a user is refused, not obeyed
    expect((await t.callUnchecked('getMiniAppStorage', { mini_app_uuid: QUIZ, key: 'streak', user_uuid: b.tokens.user.user_uuid }, { session: a })).status).toBe(400);
  });

  it('needs both key and value for a write (spec part 2 §5)', async () => {
    const me = await t.signIn();
    const noValue = await t.callUnchecked('setMiniAppStorage', { mini_app_uuid: QUIZ, key: 'k' }, { session: me });
    expect(noValue.status).toBe(400);
    const noKey = await t.callUnchecked('setMiniAppStorage', { mini_app_uuid: QUIZ, value: 'v' }, { session: me });
    expect(noKey.status).toBe(400);
    expect((await t.callUnchecked('setMiniAppStorage', { mini_app_uuid: QUIZ, key: 'bad key!', value: 'v' }, { session: me })).status).toBe(400);
    expect((await t.callUnchecked('setMiniAppStorage', { mini_app_uuid: QUIZ, key: 'k', value: 'x'.repeat(4097) }, { session: me })).status).toBe(400);
    // an empty value is a value
    expect(await t.ok('setMiniAppStorage', { mini_app_uuid: QUIZ, key: 'k', value: '' }, { session: me })).toEqual({ key: 'k', value: '' });
  });

  it('holds at most STORAGE_KEYS_PER_APP keys per user per mini app; overwriting one is fine', async () => {
    const me = await t.signIn();
    for (let i = 0; i < STORAGE_KEYS_PER_APP; i++) {
      await t.server.db.query('INSERT INTO mini_app_storage (user_uuid, mini_app_uuid, key, value, updated_at) VALUES ($1, $2, $3, $4, 0)', [me.tokens.user.user_uuid, MANDI, `k${i}`, 'v']);
    }
    const full = await t.call('setMiniAppStorage', { mini_app_uuid: MANDI, key: 'one-more', value: 'v' }, { session: me });
    expect(full.status).toBe(422);
    expect((await t.call('setMiniAppStorage', { mini_app_uuid: MANDI, key: 'k0', value: 'w' }, { session: me })).status).toBe(200);
  });
});

describe('the demo mini apps', () => {
  it('serves each page with its own policy: only /apps/ of this origin, framed only by this origin', async () => {
    for (const slug of ['mandi-prices', 'daily-quiz', 'unit-converter']) {
      const page = await t.fetch(`/apps/${slug}/index.html`);
      expect(page.status).toBe(200);
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain(`script-src ${t.url}/apps/`);
      expect(csp).toContain(`frame-ancestors ${t.url}`);
      expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(await page.text()).toContain('/apps/bridge.js');
      expect((await t.fetch(`/apps/${slug}/app.js`)).status).toBe(200);
    }
    expect((await t.fetch('/apps/bridge.js')).status).toBe(200);
    expect((await t.fetch('/apps/nope/index.html')).status).toBe(404);
    expect((await t.fetch('/apps/daily-quiz/..%2F..%2Fpackage.json')).status).toBe(404);
  });

  it('the app may frame only the mini apps\' path', async () => {
    const page = await t.fetch('/version.json');
    expect(page.headers.get('content-security-policy')).toContain(`frame-src ${t.url}/apps/`);
  });

  it('mandi prices searches crop and market names in English and the language asked', async () => {
    const onion = await (await t.fetch('/apps/mandi-prices/api/prices?q=onion&lang=en')).json() as { prices: { crop: string; market: string }[] };
    expect(onion.prices.map((p) => p.market).sort()).toEqual(['Indore', 'Lasalgaon']);
    const te = await (await t.fetch(`/apps/mandi-prices/api/prices?q=${encodeURIComponent('గుంటూరు')}&lang=te`)).json() as { prices: { crop: string }[] };
    expect(te.prices.length).toBe(3);
    expect(te.prices.map((p) => p.crop)).toContain('పత్తి');
    const none = await (await t.fetch('/apps/mandi-prices/api/prices?q=zzz')).json() as { prices: unknown[] };
    expect(none.prices).toEqual([]);
  });
});

describe('skills corner and digital class', () => {
  it('lists the courses of an area in the caller\'s language with the caller\'s progress, which only grows', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const skills = await t.ok('getCourses', { area: 'skills-corner' }, { session: me, headers: { [HEADER.language]: 'hi' } });
    expect(skills.course_list.length).toBeGreaterThanOrEqual(2);
    expect(skills.course_list.every((c) => c.area === 'skills-corner')).toBe(true);
    expect(skills.course_list[0]!.title).toBe('स्मार्टफ़ोन की बुनियादी बातें');
    const kinds = new Set(skills.course_list.flatMap((c) => c.lessons.map((l) => l.kind)));
    expect(kinds).toEqual(new Set(['video', 'article']));
    const lesson = skills.course_list[0]!.lessons[0]!;
    expect(lesson.progress).toBe(0);
    expect((await t.ok('setLessonProgress', { lesson_id: lesson.lesson_id, percent: 80 }, { session: me })).progress).toBe(80);
    expect((await t.ok('setLessonProgress', { lesson_id: lesson.lesson_id, percent: 30 }, { session: me })).progress).toBe(80);
    const again = await t.ok('getCourses', { area: 'skills-corner' }, { session: me });
    expect(again.course_list[0]!.lessons[0]!.progress).toBe(80);
    const theirs = await t.ok('getCourses', { area: 'skills-corner' }, { session: other });
    expect(theirs.course_list[0]!.lessons[0]!.progress).toBe(0);
    const digital = await t.ok('getCourses', { area: 'digital-class' }, { session: me });
    expect(digital.course_list.every((c) => c.area === 'digital-class')).toBe(true);
    expect((await t.call('setLessonProgress', { lesson_id: 'nope', percent: 10 }, { session: me })).status).toBe(404);
    expect((await t.callUnchecked('setLessonProgress', { lesson_id: lesson.lesson_id, percent: 101 }, { session: me })).status).toBe(400);
  });
});
