// The competition zone through the engine (in-process, the worker's code) against the real server
// (issue 16): answers kept in the `competitions` collection and read offline; an entry with two
// files whose second upload is cut off by the network: after a "reload" (a new engine on the same
// database and media cache) the first file is not uploaded again, the second is, and the
// submission is added once with both; a refused entry is marked with the server's text.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queueCompetitionEntry } from '../../src/db/competition-entries';
import { sharedMediaStore } from '../../src/db/media-cache';
import { competitionDocId, type EntryState } from '../../src/db/schemas';
import { queuedActions } from '../../src/db/action-queue';
import { COMPETITION_ERRORS } from '../../src/domain/competition-rules';
import { DEMO_COMPETITION_IDS } from '../../server/competition/seed';
import { PNG } from './helpers/competition';
import { startChatClient, waitFor, type ChatClient } from './helpers/chat-client';
import { startTestServer, type TestServer } from './helpers/server';
import { freshDbName } from '../unit/db/helpers/fake-db';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const clients: ChatClient[] = [];
// closed after each test: an app database holds 11 collections and RxDB's open-source build
// allows 13 open per realm, so two tests' clients cannot be open together
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => {})));
});

async function client(dbName: string, wrapFetch?: (f: typeof fetch) => typeof fetch): Promise<ChatClient> {
  const c = await startChatClient({ origin: t.url, dbName, noSocket: true, ...(wrapFetch ? { wrapFetch } : {}) });
  clients.push(c);
  return c;
}

const doc = async (c: ChatClient, id: string): Promise<unknown> => (await c.db.competitions.findOne(id).exec())?.toJSON().payload;
const pngBlob = () => new Blob([new Uint8Array(PNG.data)], { type: 'image/png' });
const userOf = async (mobile: string) => (await t.server.db.query<{ user_uuid: string }>('SELECT user_uuid FROM users WHERE mobile = $1', [mobile]))[0]!.user_uuid;

describe('competition zone through the engine', () => {
  it('keeps the home page, details and entries on the device and reads them offline', async () => {
    const c = await client(freshDbName('competition'));
    await c.signIn(t.freshMobile(), (m) => t.lastCode(m));
    expect((await c.engine.invoke('loadCompetitionHome')).ok).toBe(true);
    expect((await c.engine.invoke('loadCompetitionDetails', DEMO_COMPETITION_IDS.drawing)).ok).toBe(true);
    expect((await c.engine.invoke('loadLeaderboard', DEMO_COMPETITION_IDS.scienceVideo, false)).ok).toBe(true);
    c.setOnline(false);
    const offline = await c.engine.invoke('loadCompetitionHome');
    expect(offline.ok).toBe(false);
    const home = await doc(c, competitionDocId.home()) as { active_competitions: { competition_uuid: string }[] };
    expect(home.active_competitions.map((x) => x.competition_uuid)).toContain(DEMO_COMPETITION_IDS.drawing);
    expect(await doc(c, competitionDocId.details(DEMO_COMPETITION_IDS.drawing))).toMatchObject({ phase: 'open', max_media: 3 });
    expect(await doc(c, competitionDocId.leaderboard(DEMO_COMPETITION_IDS.scienceVideo))).toMatchObject({ total: 5 });
  });

  it('an entry whose second upload is cut off: after a reload each file is uploaded once and the entry added once', async () => {
    const dbName = freshDbName('competition');
    let stored = 0;
    let cut = true;
    // after the first file, uploads die mid-way (the network drops) until the "reload"
    const dropSecondUpload = (f: typeof fetch): typeof fetch => async (input, init) => {
      if (!String(input).includes('/media-upload/')) return f(input, init);
      if (stored >= 1 && cut) throw new TypeError('fetch failed');
      const response = await f(input, init);
      if (response.status === 204) stored += 1;
      return response;
    };
    const first = await client(dbName, dropSecondUpload);
    const mobile = t.freshMobile();
    await first.signIn(mobile, (m) => t.lastCode(m));
    const store = sharedMediaStore();
    const id = await queueCompetitionEntry(first.db, store, {
      competition_uuid: DEMO_COMPETITION_IDS.drawing, competition_title: 'My village, my colours', type: 'image', user_name: 'Asha', user_grade: '6',
      files: [{ blob: pngBlob(), name: 'a.png' }, { blob: pngBlob(), name: 'b.png' }],
    }, Date.now());
    await first.engine.invoke('flushCompetitionEntries');
    await waitFor(async () => ((await queuedActions(first.db, 'competition-entry'))[0]?.attempts ?? 0) > 0, 10_000, 'a failed try');
    // the first file's media_uuid is kept in the queued action; the entry waits
    const [queued] = await queuedActions(first.db, 'competition-entry');
    expect(queued!.payload.files.map((f) => f.media_uuid !== null)).toEqual([true, false]);
    expect((await doc(first, competitionDocId.entry(id)) as EntryState).state).toBe('queued');
    await first.close();
    clients.splice(clients.indexOf(first), 1);

    // reload: a new engine on the same database; the network is back
    cut = false;
    const second = await client(dbName, dropSecondUpload);
    await second.engine.invoke('flushCompetitionEntries');
    const sent = await waitFor(async () => {
      const e = await doc(second, competitionDocId.entry(id)) as EntryState | undefined;
      return e?.state === 'sent' ? e : null;
    }, 10_000, 'the entry sent');
    expect(stored).toBe(2);
    expect(await queuedActions(second.db, 'competition-entry')).toEqual([]);
    const user = await userOf(mobile);
    const rows = await t.server.db.query<{ submission_uuid: string; n: number }>(
      `SELECT s.submission_uuid, (SELECT count(*)::int FROM competition_submission_media m WHERE m.submission_uuid = s.submission_uuid) AS n
       FROM competition_submissions s WHERE s.user_uuid = $1`, [user]);
    expect(rows).toEqual([{ submission_uuid: sent.submission_uuid, n: 2 }]);
    // the local copies moved to the server URLs of the files
    expect(await store.has(sent.files[0]!.key)).toBe(false);
    expect(await store.has(`/api/media/${sent.files[0]!.media_uuid}`)).toBe(true);

    // a second entry to the same competition is refused: marked with the server's text
    const again = await queueCompetitionEntry(second.db, store, {
      competition_uuid: DEMO_COMPETITION_IDS.drawing, competition_title: 'x', type: 'image', user_name: 'Asha', user_grade: '6',
      files: [{ blob: pngBlob(), name: 'c.png' }],
    }, Date.now());
    await second.engine.invoke('flushCompetitionEntries');
    const refused = await waitFor(async () => {
      const e = await doc(second, competitionDocId.entry(again)) as EntryState | undefined;
      return e?.state === 'refused' ? e : null;
    }, 10_000, 'the entry refused');
    expect(refused.error).toContain(COMPETITION_ERRORS.tooMany);
    expect(await queuedActions(second.db, 'competition-entry')).toEqual([]);
  });
});
