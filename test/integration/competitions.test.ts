// The competition zone's routes (issue 16): phases from dates, entries with uploads of the
// caller's own, all entries and IDOR, judging, leaderboards with shared ranks, certificates as
// real PDFs, Idempotency-Key and bad input.
import { randomUUID } from 'node:crypto';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPETITION_ERRORS, SUBMISSION_NAME_MAX_CHARS } from '../../src/domain/competition-rules';
import { recordJudgement } from '../../server/competition/judging';
import { DEMO_COMPETITION_IDS } from '../../server/competition/seed';
import { createCompetition, type CompetitionTexts } from '../../server/competition/store';
import { addEntry, entryBody, MP4, PNG, uploadEntryFile } from './helpers/competition';
import { download, postUpload, uploadMedia } from './helpers/media';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';

const DAY = 86_400_000;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const TEXTS: CompetitionTexts = {
  en: { title: 'Test drawing', description: 'Draw', rules: ['One drawing'], prizes: ['A prize'] },
  te: { title: 'పరీక్ష చిత్రలేఖనం', description: 'గీయండి', rules: ['ఒక చిత్రం'], prizes: ['ఒక బహుమతి'] },
};

/** A competition opening `opensIn` ms from the test clock's now, open for a day, results a day later. */
async function competition(opts: { opensIn?: number; maxSubmissions?: number; kind?: 'image' | 'video'; maxMedia?: number } = {}): Promise<string> {
  const opens = t.clock.now() + (opts.opensIn ?? -1000);
  return createCompetition(t.server.db, {
    category: 'drawing', media_kind: opts.kind ?? 'image', max_media: opts.maxMedia ?? 3, max_submissions: opts.maxSubmissions ?? 1,
    opens_at: opens, closes_at: opens + DAY, results_at: opens + 2 * DAY, texts: TEXTS,
  }, t.clock.now());
}

const judge = (submissionUuid: string, status: 'approved' | 'rejected', score?: number) =>
  recordJudgement(t.server.db, { submission_uuid: submissionUuid, status, score }, t.clock.now());
const te = (me: TestSession) => ({ session: me, headers: { language: 'te' } });
const message = (a: { ok: boolean; body: unknown }) => (a.ok ? '' : (a.body as { message: string }).message);

describe('home page, details and phases', () => {
  it('lists the seeded competitions in the caller\'s language, with phases from their dates', async () => {
    const me = await t.signIn();
    const home = await t.ok('getCompetitionHomePage', {}, te(me));
    const drawing = home.active_competitions.find((c) => c.competition_uuid === DEMO_COMPETITION_IDS.drawing)!;
    expect(drawing).toMatchObject({ title: 'నా ఊరు, నా రంగులు', phase: 'open', media_kind: 'image', user_submission_count: 0 });
    expect(home.competition_results.find((c) => c.competition_uuid === DEMO_COMPETITION_IDS.scienceVideo)).toMatchObject({ phase: 'results', media_kind: 'video' });
    const details = await t.ok('getCompetitionDetails', { competition_uuid: DEMO_COMPETITION_IDS.essayPhoto }, { session: me });
    expect(details.competition).toMatchObject({ title: 'Essay: water in my town', max_media: 5, max_submissions: 1, can_submit: true });
    expect(details.competition.rules.length).toBeGreaterThan(0);
    expect(details.competition.prizes.length).toBeGreaterThan(0);
  });

  it('moves upcoming → open → judging → results with the clock; entries only while open', async () => {
    const me = await t.signIn();
    const id = await competition({ opensIn: 3600_000 });
    const phase = async () => (await t.ok('getCompetitionDetails', { competition_uuid: id }, { session: me })).competition;
    expect(await phase()).toMatchObject({ phase: 'upcoming', can_submit: false });
    const early = await t.call('getMediaUploadDetails', { content_type: 'image/png', type: 'competition', competition_uuid: id }, { session: me });
    expect(early.status).toBe(400);
    expect(message(early)).toBe(COMPETITION_ERRORS.notOpen);

    t.clock.advance(3600_000);
    expect(await phase()).toMatchObject({ phase: 'open', can_submit: true });
    const entry = await addEntry(t, me, id, 2);
    expect(entry).toMatchObject({ status: 'pending', mine: true, score: null, user_name: 'Asha Rao', user_grade: '7' });
    expect(entry.media).toHaveLength(2);
    expect(await phase()).toMatchObject({ phase: 'open', can_submit: false, user_submission_count: 1 });
    // An upload issued while open but the entry added after closing is refused.
    const other = await t.signIn();
    const late = await entryBody(t, other, id, 1);

    t.clock.advance(DAY);
    expect((await phase()).phase).toBe('judging');
    const closed = await t.call('addSubmission', late, { session: other });
    expect(closed.status).toBe(400);
    expect(message(closed)).toBe(COMPETITION_ERRORS.notOpen);
    await judge(entry.submission_uuid, 'approved', 70);
    // Scores stay hidden while judging.
    expect((await t.ok('getSubmissionDetails', { submission_uuid: entry.submission_uuid }, { session: me })).submission.score).toBeNull();

    t.clock.advance(DAY);
    expect((await phase()).phase).toBe('results');
    expect((await t.ok('getSubmissionDetails', { submission_uuid: entry.submission_uuid }, { session: me })).submission).toMatchObject({ status: 'approved', score: 70 });
  });

  it('past competitions: closed ones; only_user_submissions keeps those the caller entered', async () => {
    const me = await t.signIn();
    const entered = await competition();
    const skipped = await competition();
    await addEntry(t, me, entered);
    t.clock.advance(DAY);
    const all = (await t.ok('getPastCompetitions', { filters: { only_user_submissions: false } }, { session: me })).past_competitions.map((c) => c.competition_uuid);
    expect(all).toEqual(expect.arrayContaining([entered, skipped, DEMO_COMPETITION_IDS.scienceVideo]));
    const mine = (await t.ok('getPastCompetitions', { filters: { only_user_submissions: true } }, { session: me })).past_competitions;
    expect(mine.map((c) => c.competition_uuid)).toEqual([entered]);
    expect(mine[0]!.user_submission_count).toBe(1);
  });
});

describe('add-submission', () => {
  it('takes one entry per user unless the competition allows more', async () => {
    const me = await t.signIn();
    const once = await competition();
    await addEntry(t, me, once);
    const again = await t.call('addSubmission', await entryBody(t, me, once), { session: me });
    expect(again.status).toBe(422);
    expect(message(again)).toBe(COMPETITION_ERRORS.tooMany);
    const twice = await competition({ maxSubmissions: 2 });
    await addEntry(t, me, twice);
    await addEntry(t, me, twice);
    expect((await t.call('addSubmission', await entryBody(t, me, twice), { session: me })).status).toBe(422);
  });

  it('refuses another user\'s files, files for another competition, unfinished and reused files, and the wrong kind', async () => {
    const me = await t.signIn();
    const thief = await t.signIn();
    const id = await competition();
    const mine = await uploadEntryFile(t, me, id);
    const stolen = await t.call('addSubmission', { type: 'image', competition_uuid: id, media_uuid_list: [mine], user_name: 'X', user_grade: '5' }, { session: thief });
    expect(stolen.status).toBe(400);
    expect(message(stolen)).toMatch(/not an upload of yours/);

    const elsewhere = await uploadEntryFile(t, me, await competition());
    const wrongCompetition = await t.call('addSubmission', { type: 'image', competition_uuid: id, media_uuid_list: [elsewhere], user_name: 'X', user_grade: '5' }, { session: me });
    expect(message(wrongCompetition)).toMatch(/not uploaded for this competition/);

    const chat = await uploadMedia(t, me, 'image/png', PNG.data);
    expect(message(await t.call('addSubmission', { type: 'image', competition_uuid: id, media_uuid_list: [chat.media_uuid], user_name: 'X', user_grade: '5' }, { session: me })))
      .toMatch(/not uploaded for this competition/);

    const unfinished = await t.ok('getMediaUploadDetails', { content_type: 'image/png', type: 'competition', competition_uuid: id }, { session: me });
    expect(message(await t.call('addSubmission', { type: 'image', competition_uuid: id, media_uuid_list: [unfinished.media_uuid], user_name: 'X', user_grade: '5' }, { session: me })))
      .toMatch(/has not been uploaded yet/);

    const video = await t.call('getMediaUploadDetails', { content_type: 'video/mp4', type: 'competition', competition_uuid: id }, { session: me });
    expect(video.status).toBe(400);
    expect(message(video)).toMatch(/takes images/);
    expect(message(await t.call('addSubmission', { type: 'video', competition_uuid: id, media_uuid_list: [mine], user_name: 'X', user_grade: '5' }, { session: me })))
      .toMatch(/type must be image/);

    const used = await t.signIn();
    const shared = await competition({ maxSubmissions: 2 });
    const file = await uploadEntryFile(t, used, shared);
    await t.ok('addSubmission', { type: 'image', competition_uuid: shared, media_uuid_list: [file], user_name: 'X', user_grade: '5' }, { session: used });
    expect(message(await t.call('addSubmission', { type: 'image', competition_uuid: shared, media_uuid_list: [file], user_name: 'X', user_grade: '5' }, { session: used })))
      .toMatch(/already part of an entry/);
    // Nothing was stored for the refused ones.
    const rows = await t.server.db.query('SELECT 1 FROM competition_submissions WHERE competition_uuid = $1', [id]);
    expect(rows).toHaveLength(0);
  });

  it('answers bad input with a clear 400 (0 or 50 files, a 10,000-character name, unknown ids) and never 500', async () => {
    const me = await t.signIn();
    const id = await competition();
    const good = await entryBody(t, me, id);
    const cases: [unknown, RegExp | string][] = [
      [{ ...good, media_uuid_list: [] }, /media_uuid_list must hold 1 to 10 files/],
      [{ ...good, media_uuid_list: Array.from({ length: 50 }, () => randomUUID()) }, /media_uuid_list must hold 1 to 10 files/],
      [{ ...good, user_name: 'అ'.repeat(10_000) }, `user_name must be at most ${SUBMISSION_NAME_MAX_CHARS} characters`],
      [{ ...good, user_name: '   ' }, /user_name must not be empty/],
      [{ ...good, user_grade: '' }, /user_grade must not be empty/],
      [{ ...good, type: 'audio' }, /type must be image or video/],
      [{ ...good, competition_uuid: 'drawing' }, /competition_uuid must be a UUID/],
      [{ ...good, media_uuid_list: [good.media_uuid_list[0], good.media_uuid_list[0]] }, /must not repeat/],
      [{ ...good, extra: 1 }, /extra/],
    ];
    for (const [body, expected] of cases) {
      const answer = await t.callUnchecked('addSubmission', body, { session: me });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(message(answer)).toMatch(expected);
    }
    // Over the competition's own max_media (3) but within the contract's 10.
    const four = await t.call('addSubmission', { ...good, media_uuid_list: [...good.media_uuid_list, randomUUID(), randomUUID(), randomUUID()] }, { session: me });
    expect(message(four)).toBe('This competition takes at most 3 files per entry');
    const unknown = await t.call('addSubmission', { ...good, competition_uuid: randomUUID() }, { session: me });
    expect(unknown.status).toBe(404);
    expect(message(unknown)).toBe(COMPETITION_ERRORS.notFound);
    // Upload details: a competition upload names its competition, and only it does.
    expect(message(await t.callUnchecked('getMediaUploadDetails', { content_type: 'image/png', type: 'competition' }, { session: me }))).toMatch(/competition_uuid is needed/);
    expect(message(await t.callUnchecked('getMediaUploadDetails', { content_type: 'image/png', competition_uuid: id }, { session: me }))).toMatch(/competition_uuid is needed/);
    expect((await t.callUnchecked('getMediaUploadDetails', { content_type: 'image/png', type: 'competition', competition_uuid: randomUUID() }, { session: me })).status).toBe(404);
    // No session: 401.
    expect((await t.call('addSubmission', good)).status).toBe(401);
    // The good body still works after all that.
    expect((await t.call('addSubmission', good, { session: me })).status).toBe(200);
  });

  it('adds an entry once for one Idempotency-Key, however often it is sent', async () => {
    const me = await t.signIn();
    const id = await competition();
    const body = await entryBody(t, me, id, 2);
    const key = randomUUID();
    const first = await t.ok('addSubmission', body, { session: me, headers: { 'idempotency-key': key } });
    const replay = await t.ok('addSubmission', body, { session: me, headers: { 'idempotency-key': key } });
    expect(replay.submission.submission_uuid).toBe(first.submission.submission_uuid);
    const rows = await t.server.db.query('SELECT 1 FROM competition_submissions WHERE user_uuid = $1', [me.tokens.user.user_uuid]);
    expect(rows).toHaveLength(1);
  });
});

describe('entries and IDOR', () => {
  it('all entries: others\' approved ones and the caller\'s own, in pages of 20 (offset = count loaded)', async () => {
    const id = await competition();
    const entrants: { me: TestSession; submission: string }[] = [];
    for (let i = 0; i < 23; i++) {
      const me = await t.signIn();
      entrants.push({ me, submission: (await addEntry(t, me, id, 1, PNG, `Entrant ${i}`)).submission_uuid });
    }
    // 21 approved, one rejected, one left pending.
    for (const [i, e] of entrants.entries()) if (i < 21) await judge(e.submission, 'approved');
    await judge(entrants[21]!.submission, 'rejected');
    const viewer = await t.signIn();
    const first = await t.ok('getCompetitionSubmissions', { competition_uuid: id, offset: 0 }, { session: viewer });
    expect(first).toMatchObject({ total: 21, offset: 0, limit: 20, onScroll: false });
    expect(first.submissions).toHaveLength(20);
    const second = await t.ok('getCompetitionSubmissions', { competition_uuid: id, offset: first.submissions.length }, { session: viewer });
    expect(second).toMatchObject({ total: 21, offset: 20, onScroll: true });
    expect(second.submissions).toHaveLength(1);
    const seen = new Set([...first.submissions, ...second.submissions].map((s) => s.submission_uuid));
    expect(seen.size).toBe(21);
    expect(seen.has(entrants[21]!.submission)).toBe(false);
    expect(seen.has(entrants[22]!.submission)).toBe(false);
    // The pending author sees their own entry among the approved ones.
    const author = await t.ok('getCompetitionSubmissions', { competition_uuid: id, offset: 0, limit: 20 }, { session: entrants[22]!.me });
    expect(author.total).toBe(22);
    expect(author.submissions.find((s) => s.mine)).toMatchObject({ submission_uuid: entrants[22]!.submission, status: 'pending' });
  });

  it('another user\'s unapproved entry and its files are invisible; approved ones are shown with their files', async () => {
    const author = await t.signIn();
    const other = await t.signIn();
    const id = await competition();
    const entry = await addEntry(t, author, id, 1);
    const fileId = entry.media[0]!.media_uuid;
    const hidden = await t.call('getSubmissionDetails', { submission_uuid: entry.submission_uuid }, { session: other });
    expect(hidden.status).toBe(404);
    expect(message(hidden)).toBe(COMPETITION_ERRORS.submissionNotFound);
    expect((await download(t, fileId, { session: other })).status).toBe(404);
    expect((await download(t, fileId, { session: author })).status).toBe(200);
    await judge(entry.submission_uuid, 'approved');
    const shown = await t.ok('getSubmissionDetails', { submission_uuid: entry.submission_uuid }, { session: other });
    expect(shown.submission).toMatchObject({ mine: false, status: 'approved', competition_uuid: id });
    expect(shown.competition.competition_uuid).toBe(id);
    const file = await download(t, fileId, { session: other });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG.data)).toBe(true);
    // Rejected again: hidden again.
    await judge(entry.submission_uuid, 'rejected');
    expect((await download(t, fileId, { session: other })).status).toBe(404);
  });
});

describe('leaderboards and certificates', () => {
  it('ranks with RANK() (ties share), pages, and shows the caller\'s own row outside the page', async () => {
    const id = await competition({ kind: 'video', maxMedia: 1 });
    const scores = [90, 80, 80, 70, 60, 50];
    const people: TestSession[] = [];
    const entries: string[] = [];
    for (const [i] of scores.entries()) {
      const me = await t.signIn();
      people.push(me);
      entries.push((await addEntry(t, me, id, 1, MP4, `Person ${i}`)).submission_uuid);
    }
    t.clock.advance(DAY);
    for (const [i, score] of scores.entries()) await judge(entries[i]!, 'approved', score);
    // Judging: no leaderboard yet.
    expect((await t.ok('getLeaderboard', { competition_uuid: id }, { session: people[0]! })).total).toBe(0);
    t.clock.advance(DAY);
    const top = await t.ok('getLeaderboard', { competition_uuid: id, offset: 0, limit: 3 }, { session: people[5]! });
    expect(top.entries.map((e) => [e.rank, e.score])).toEqual([[1, 90], [2, 80], [2, 80]]);
    expect(top.total).toBe(6);
    expect(top.my_entry).toEqual({ rank: 6, user_name: 'Person 5', score: 50, mine: true });
    const next = await t.ok('getLeaderboard', { competition_uuid: id, offset: 3, limit: 3 }, { session: people[0]! });
    expect(next.entries.map((e) => e.rank)).toEqual([4, 5, 6]);
    expect(next.my_entry).toMatchObject({ rank: 1, mine: true });
    const outsider = await t.ok('getLeaderboard', { competition_uuid: id }, { session: await t.signIn() });
    expect(outsider.my_entry).toBeNull();
    // Overall: every competition with results, the seeded one included.
    const overall = await t.ok('getLeaderboard', {}, { session: people[0]! });
    expect(overall.competition_uuid).toBeNull();
    expect(overall.total).toBeGreaterThanOrEqual(6 + 5);
    expect(overall.my_entry).toMatchObject({ score: 90, mine: true });
    expect((await t.call('getLeaderboard', { competition_uuid: randomUUID() }, { session: people[0]! })).status).toBe(404);
  });

  it('makes a real PDF certificate with the Telugu name, served with the media token to its owner only', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const id = await competition();
    // a conjunct-heavy Telugu name: శ్రీ and క్ష్మి are drawn as HarfBuzz shapes them
    const entry = await addEntry(t, me, id, 1, PNG, 'శ్రీలక్ష్మి');
    expect((await t.ok('getCertificates', {}, { session: me })).certificates.filter((c) => c.competition_uuid === id)).toEqual([]);
    t.clock.advance(DAY);
    await judge(entry.submission_uuid, 'approved', 88);
    t.clock.advance(DAY);
    const certificates = (await t.ok('getCertificates', {}, te(me))).certificates;
    const mine = certificates.find((c) => c.competition_uuid === id)!;
    expect(mine).toMatchObject({ competition_title: 'పరీక్ష చిత్రలేఖనం', rank: 1 });
    // Asked again: the same certificate, not a second one.
    expect((await t.ok('getCertificates', {}, { session: me })).certificates.filter((c) => c.competition_uuid === id)).toEqual([{ ...mine, competition_title: 'Test drawing' }]);
    // The clock moved two days: a fresh media token, as the app gets one.
    const token = `Bearer ${(await t.ok('getMediaToken', {}, { session: me })).mediaToken}`;
    const response = await download(t, mine.media_uuid, { authorization: token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await getDocument({ data: bytes }).promise;
    const page = await pdf.getPage(1);
    const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(text).toContain('శ్రీలక్ష్మి');
    expect(text).toContain('Certificate of achievement');
    expect(text).toContain('Rank 1 of 1');
    await pdf.destroy();
    // Another user: no such file, and not in their list.
    const otherToken = `Bearer ${(await t.ok('getMediaToken', {}, { session: other })).mediaToken}`;
    expect((await download(t, mine.media_uuid, { authorization: otherToken })).status).toBe(404);
    expect((await t.ok('getCertificates', {}, { session: other })).certificates.map((c) => c.certificate_uuid)).not.toContain(mine.certificate_uuid);
    // An upload cannot pretend to be for a competition with a forged purpose.
    const forged = await t.callUnchecked('getMediaUploadDetails', { content_type: 'application/pdf', purpose: 'certificate' }, { session: me });
    expect(forged.status).toBe(400);
    // A media_uuid of a certificate cannot be uploaded to.
    expect((await postUpload({ media_uuid: mine.media_uuid, upload_details: { url: `${t.url}/api/media/upload/${mine.media_uuid}`, s3_fields: {} } }, PNG.data)).status).toBeGreaterThanOrEqual(400);
  });
});
