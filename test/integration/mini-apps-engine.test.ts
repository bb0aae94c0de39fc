// Mini apps through the engine (in-process, the worker's code) against the real server (issue 17):
// the list and courses land in the `miniApps` collection; a rating, subscribe and lesson progress
// made offline show at once, wait in the one action queue and are delivered once when the network
// returns; a refused rating or subscribe puts back what was there with the notice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLocalDoc } from '../../src/db/local-store';
import { queuedActions } from '../../src/db/action-queue';
import { miniAppDocId, type MiniAppData } from '../../src/db/schemas';
import type { Course } from '../../src/api/mini-app-contract';
import { MINI_APP_NOTICE } from '../../src/sync/mini-app-actions';
import { waitFor, type ChatClient } from './helpers/chat-client';
import { signedInClients } from './helpers/signed-in-clients';
import { startTestServer, type TestServer } from './helpers/server';

const QUIZ = '2000000000000102';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const signedInClient = signedInClients(() => t, { noSocket: true });

async function userUuidOf(c: ChatClient): Promise<string> {
  const mobile = (await getLocalDoc(c.db, 'session'))!.mobile!;
  return (await t.server.db.query<{ user_uuid: string }>('SELECT user_uuid FROM users WHERE mobile = $1', [mobile]))[0]!.user_uuid;
}
const appData = async (c: ChatClient, id: string) => (await c.db.miniApps.findOne(miniAppDocId.app(id)).exec())?.toJSON().data as MiniAppData | undefined;
const queued = async (c: ChatClient) => (await queuedActions(c.db, 'mini-app')).map((a) => a.payload.op);

async function goOffline(c: ChatClient): Promise<void> {
  c.setOnline(false);
  await c.engine.invoke('networkChanged', false);
  await waitFor(async () => (await getLocalDoc(c.db, 'sync-status'))?.online === false, 2000, 'offline');
}
async function goOnline(c: ChatClient): Promise<void> {
  c.setOnline(true);
  await c.engine.invoke('networkChanged', true);
}

describe('mini apps through the engine', () => {
  it('stores the list; offline a rating and subscribe apply at once, wait, and are delivered once', async () => {
    const c = await signedInClient();
    const userUuid = await userUuidOf(c);
    expect((await c.engine.invoke('loadMiniApps')).ok).toBe(true);
    expect((await c.db.miniApps.find({ selector: { type: 'app' } }).exec()).length).toBeGreaterThanOrEqual(9);
    await goOffline(c);
    // offline, the list call fails and what is stored stays
    expect((await c.engine.invoke('loadMiniApps')).ok).toBe(false);
    expect((await c.db.miniApps.find({ selector: { type: 'app' } }).exec()).length).toBeGreaterThanOrEqual(9);
    await c.engine.invoke('rateMiniApp', QUIZ, 4);
    await c.engine.invoke('subscribeMiniApp', QUIZ);
    expect((await appData(c, QUIZ))!.app).toMatchObject({ user_rating: 4, subscribed: true });
    expect(await queued(c)).toEqual(['rating', 'subscribe']);
    expect(await t.server.db.query('SELECT 1 FROM mini_app_ratings WHERE user_uuid = $1', [userUuid])).toEqual([]);
    await goOnline(c);
    await waitFor(async () => (await queued(c)).length === 0, 10_000, 'delivered');
    expect(await t.server.db.query('SELECT rating FROM mini_app_ratings WHERE user_uuid = $1 AND mini_app_uuid = $2', [userUuid, QUIZ])).toEqual([{ rating: 4 }]);
    expect((await t.server.db.query('SELECT 1 FROM mini_app_subscriptions WHERE user_uuid = $1 AND mini_app_uuid = $2', [userUuid, QUIZ])).length).toBe(1);
    // a reload of the list agrees with what the user did
    await c.engine.invoke('loadMiniApps');
    expect((await appData(c, QUIZ))!.app).toMatchObject({ user_rating: 4, subscribed: true, rating_count: 1 });
  });

  it('a refused rating and subscribe put back what was there, with the notice', async () => {
    const c = await signedInClient();
    await c.engine.invoke('loadMiniApps');
    // a mini app the server no longer has (404 for it): stored here as if read before it went
    const gone = '2999999999999999';
    const data = (await appData(c, QUIZ))!;
    await c.db.miniApps.insert({ id: miniAppDocId.app(gone), type: 'app', area: '', sort: 99, updated_at: 0, data: { ...data, app: { ...data.app, mini_app_uuid: gone, user_rating: 2, subscribed: false } } });
    await c.engine.invoke('rateMiniApp', gone, 5);
    expect((await appData(c, gone))!.app.user_rating).toBe(5);
    await waitFor(async () => (await appData(c, gone))!.notice === MINI_APP_NOTICE.ratingRefused, 10_000, 'rating refused');
    expect((await appData(c, gone))!.app.user_rating).toBe(2);
    await c.engine.invoke('subscribeMiniApp', gone);
    await waitFor(async () => (await appData(c, gone))!.notice === MINI_APP_NOTICE.subscribeRefused, 10_000, 'subscribe refused');
    expect((await appData(c, gone))!.app.subscribed).toBe(false);
    expect(await queued(c)).toEqual([]);
  });

  it('courses: stored per area; progress made offline shows at once, only grows, and is delivered', async () => {
    const c = await signedInClient();
    const userUuid = await userUuidOf(c);
    expect((await c.engine.invoke('loadCourses', 'digital-class')).ok).toBe(true);
    const course = async () => (await c.db.miniApps.findOne(miniAppDocId.course('dc-maths-7')).exec())?.toJSON().data as Course;
    expect((await course()).lessons.map((l) => l.progress)).toEqual([0, 0]);
    await goOffline(c);
    await c.engine.invoke('setLessonProgress', 'dc-maths-7', 'dc-maths-7-1', 60);
    await c.engine.invoke('setLessonProgress', 'dc-maths-7', 'dc-maths-7-1', 30);
    expect((await course()).lessons[0]!.progress).toBe(60);
    // the smaller report changed nothing and was not queued
    expect(await queued(c)).toEqual(['lesson-progress']);
    await goOnline(c);
    await waitFor(async () => (await queued(c)).length === 0, 10_000, 'delivered');
    expect(await t.server.db.query('SELECT percent FROM lesson_progress WHERE user_uuid = $1', [userUuid])).toEqual([{ percent: 60 }]);
    await c.engine.invoke('loadCourses', 'digital-class');
    expect((await course()).lessons[0]!.progress).toBe(60);
  });
});
