// App feedback and app FAQs (spec part 1 §7 send-feedback, get-faqs; issue 5 part 7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/api/headers';
import { FEEDBACK_MAX_CHARS } from '../../src/domain/constants';
import { MSG } from '../../src/domain/errors';
import { postUpload, SAMPLES, uploadMedia } from './helpers/media';
import { sessionHeaders, startTestServer, type TestServer, type TestSession } from './helpers/server';
import type { ChatClient } from './helpers/chat-client';
import { signedInClients } from './helpers/signed-in-clients';
import { getLocalDoc } from '../../src/db/local-store';
import { appFaqs } from '../../server/feedback/faqs';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const png = SAMPLES.find((s) => s.contentType === 'image/png')!;
const feedbackRows = (me: TestSession) => t.server.db.query<{ does_like: boolean; content: string; email: string; screenshot_uuid: string | null }>(
  'SELECT does_like, content, email, screenshot_uuid FROM feedback WHERE user_uuid = $1 ORDER BY created_at', [me.tokens.user.user_uuid]);

describe('send-feedback', () => {
  it('stores feedback with the text trimmed and the email', async () => {
    const me = await t.signIn();
    const answer = await t.ok('sendFeedback', { does_like: true, content: '  Works well offline  ', email: 'a@example.com' }, { session: me });
    expect(answer.feedback_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await feedbackRows(me)).toEqual([{ does_like: true, content: 'Works well offline', email: 'a@example.com', screenshot_uuid: null }]);
  });

  it('stores a screenshot the caller uploaded for feedback', async () => {
    const me = await t.signIn();
    const details = await t.ok('getMediaUploadDetails', { content_type: 'image/png', purpose: 'feedback' }, { session: me });
    expect(details.screenshot_uuid).toBe(details.media_uuid);
    expect((await postUpload(details, png.data)).status).toBe(204);
    await t.ok('sendFeedback', { does_like: false, content: 'The button is hidden', screenshot_uuid: details.screenshot_uuid! }, { session: me });
    expect(await feedbackRows(me)).toEqual([{ does_like: false, content: 'The button is hidden', email: '', screenshot_uuid: details.media_uuid }]);
  });

  it('refuses another user\'s screenshot, an unfinished one and a chat upload; stores nothing', async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const details = await t.ok('getMediaUploadDetails', { content_type: 'image/png', purpose: 'feedback' }, { session: owner });
    // not uploaded yet
    const early = await t.call('sendFeedback', { does_like: true, content: 'x', screenshot_uuid: details.media_uuid }, { session: owner });
    expect(early.status).toBe(400);
    expect((await postUpload(details, png.data)).status).toBe(204);
    const stolen = await t.call('sendFeedback', { does_like: true, content: 'x', screenshot_uuid: details.media_uuid }, { session: other });
    expect(stolen.status).toBe(400);
    expect(stolen.ok ? '' : stolen.body.message).toMatch(/not an upload of yours/);
    const chat = await uploadMedia(t, other, 'image/png', png.data);
    const wrongPurpose = await t.call('sendFeedback', { does_like: true, content: 'x', screenshot_uuid: chat.media_uuid }, { session: other });
    expect(wrongPurpose.status).toBe(400);
    const unknown = await t.call('sendFeedback', { does_like: true, content: 'x', screenshot_uuid: '00000000-0000-4000-8000-000000000000' }, { session: other });
    expect(unknown.status).toBe(400);
    expect(await feedbackRows(other)).toEqual([]);
    expect(await feedbackRows(owner)).toEqual([]);
  });

  it('refuses bad input with 400 and no session with 401', async () => {
    const me = await t.signIn();
    const bad: unknown[] = [
      { does_like: true, content: '   ' },
      { does_like: true, content: 'x'.repeat(FEEDBACK_MAX_CHARS + 1) },
      { does_like: 'yes', content: 'x' },
      { content: 'x' },
      { does_like: true, content: 'x', email: 'not-an-email' },
      { does_like: true, content: 'x', screenshot_uuid: 'abc' },
      { does_like: true, content: 'x', extra: 1 },
    ];
    for (const body of bad) expect((await t.callUnchecked('sendFeedback', body, { session: me })).status, JSON.stringify(body)).toBe(400);
    expect((await t.ok('sendFeedback', { does_like: true, content: 'x'.repeat(FEEDBACK_MAX_CHARS) }, { session: me })).message).toBeTruthy();
    expect((await t.call('sendFeedback', { does_like: true, content: 'x' })).status).toBe(401);
    expect((await feedbackRows(me)).length).toBe(1);
  });
});

describe('get-faqs', () => {
  it('answers the FAQs in each language, English by default, also by GET', async () => {
    const me = await t.signIn();
    const en = await t.ok('getFaqs', {}, { session: me });
    expect(en.language).toBe('en');
    expect(en.faqs.length).toBeGreaterThanOrEqual(5);
    expect(en.faqs.some((f) => /offline|internet/i.test(f.question))).toBe(true);
    const scripts = { hi: /[\u0900-\u097F]/, mr: /[\u0900-\u097F]/, gu: /[\u0A80-\u0AFF]/, te: /[\u0C00-\u0C7F]/ } as const;
    for (const [language, script] of Object.entries(scripts) as [keyof typeof scripts, RegExp][]) {
      const answer = await t.ok('getFaqs', { language }, { session: me });
      expect(answer.faqs.length).toBe(en.faqs.length);
      for (const f of answer.faqs) {
        expect(f.question).toMatch(script);
        expect(f.answer).toMatch(script);
      }
    }
    const hi = await t.ok('getFaqs', { language: 'hi' }, { session: me });
    const mr = await t.ok('getFaqs', { language: 'mr' }, { session: me });
    expect(hi.faqs[0]!.question).not.toBe(mr.faqs[0]!.question);
    const viaGet = await t.fetch(`${API_BASE}/bot/get-faqs?language=te`, { headers: sessionHeaders(me.mobile, me.tokens.token) });
    expect(viaGet.status).toBe(200);
    expect(((await viaGet.json()) as { language: string }).language).toBe('te');
  });

  it('refuses an unknown language with 400', async () => {
    const me = await t.signIn();
    expect((await t.callUnchecked('getFaqs', { language: 'fr' }, { session: me })).status).toBe(400);
  });
});

describe('feedback and FAQs through the engine', () => {
  const signedInClient = signedInClients(() => t, { noSocket: true });
  const rowsOf = async (c: ChatClient) => {
    const session = await getLocalDoc(c.db, 'session');
    const user = await t.server.db.query<{ user_uuid: string }>('SELECT user_uuid FROM users WHERE mobile = $1', [session!.mobile]);
    return t.server.db.query<{ content: string; purpose: string | null; size: number | null }>(
      `SELECT f.content, m.purpose, m.size::int AS size FROM feedback f LEFT JOIN media m ON m.media_uuid = f.screenshot_uuid WHERE f.user_uuid = $1`, [user[0]!.user_uuid]);
  };

  it('uploads the screenshot as a feedback upload, then sends; a refused file is the §8 error; offline is no response', async () => {
    const c = await signedInClient();
    const shot = new Blob([new Uint8Array(png.data)], { type: 'image/png' });
    expect(await c.engine.invoke('sendFeedback', { does_like: true, content: ' Nice ', email: '', screenshot: shot })).toEqual({ ok: true, value: undefined });
    expect(await rowsOf(c)).toEqual([{ content: 'Nice', purpose: 'feedback', size: png.data.length }]);

    // bytes that are not the PNG they claim to be: the upload is refused, nothing is sent
    const fake = new Blob([new TextEncoder().encode('plain text, not a picture at all')], { type: 'image/png' });
    const refused = await c.engine.invoke('sendFeedback', { does_like: false, content: 'x', email: '', screenshot: fake });
    expect(refused.ok ? null : refused.error.key).toBe('operation.sendFeedback');
    expect(refused.ok ? null : refused.error.textId).toBe(MSG.operation.sendFeedback);

    c.setOnline(false);
    const offline = await c.engine.invoke('sendFeedback', { does_like: true, content: 'later', email: '', screenshot: null });
    expect(offline.ok ? null : offline.error.key).toBe('noResponse');
    c.setOnline(true);
    expect((await rowsOf(c)).length).toBe(1);
  });

  it('reads the FAQs by language into app-faqs; offline keeps what was read', async () => {
    const c = await signedInClient();
    expect((await c.engine.invoke('loadAppFaqs', 'te')).ok).toBe(true);
    expect((await getLocalDoc(c.db, 'app-faqs'))?.te?.faqs).toEqual(appFaqs('te'));
    c.setOnline(false);
    expect((await c.engine.invoke('loadAppFaqs', 'te')).ok).toBe(false);
    expect((await getLocalDoc(c.db, 'app-faqs'))?.te?.faqs).toEqual(appFaqs('te'));
    expect((await getLocalDoc(c.db, 'app-faqs'))?.hi).toBeUndefined();
    c.setOnline(true);
  });
});
