// Media download (spec part 1 §7 "File download uses a Bearer token"): GET /api/media/{id} with
// the session's media token. A user's upload is its owner's only (404 to others, as for an
// unknown id); bot media are readable by any signed-in user; no, bad, expired or logged-out
// tokens are a 401. Answers are immutable and private to the user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_MEDIA } from '../../server/media/bot-media';
import { demoFile, download, SAMPLES, uploadMedia } from './helpers/media';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const PNG = SAMPLES.find((s) => s.label === 'PNG')!.data;

describe('who may read a file', () => {
  it('answers 401 without a token, with a malformed one, or an unknown one', async () => {
    const me = await t.signIn();
    const d = await uploadMedia(t, me, 'image/png', PNG);
    for (const authorization of [undefined, '', 'Bearer', `Basic ${me.tokens.mediaToken}`, `Bearer ${me.tokens.mediaToken}x`, `Bearer ${'0'.repeat(32)}`, `bearer${me.tokens.mediaToken}`, `Bearer ${me.tokens.token}`]) {
      const response = await download(t, d.media_uuid, authorization === undefined ? {} : { authorization });
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      const body = (await response.json()) as { statusCode: number; message: string };
      expect(body.statusCode).toBe(401);
    }
    // The session headers are not a media token either.
    const withHeaders = await t.fetch(`/api/media/${d.media_uuid}`, { headers: me.headers });
    expect(withHeaders.status).toBe(401);
    expect((await download(t, d.media_uuid, { session: me })).status).toBe(200);
  });

  it('serves a user\'s upload to its owner only: another user gets 404, like an unknown id', async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const d = await uploadMedia(t, owner, 'image/png', PNG);
    const stranger = await download(t, d.media_uuid, { session: other });
    expect(stranger.status).toBe(404);
    const unknown = await download(t, '00000000-0000-4000-8000-000000000000', { session: other });
    expect(unknown.status).toBe(404);
    expect(await stranger.json()).toEqual(await unknown.json());
    expect((await download(t, d.media_uuid, { session: owner })).status).toBe(200);
  });

  it('answers 404 for a media_uuid issued but never uploaded, and for ids that are not UUIDs', async () => {
    const me = await t.signIn();
    const d = await t.ok('getMediaUploadDetails', { content_type: 'image/png' }, { session: me });
    expect((await download(t, d.media_uuid, { session: me })).status).toBe(404);
    for (const id of ['x', '..', '%2e%2e%2fpackage.json', `${d.media_uuid}.part`, 'A'.repeat(90)]) {
      const response = await download(t, id, { session: me });
      expect(response.status, id).toBe(404);
      await response.text();
    }
    // An overlong id is refused too: 414 from Fastify's parameter cap, or 404 when no media route matches it.
    expect([404, 414]).toContain((await download(t, 'A'.repeat(300), { session: me })).status);
  });

  it('serves the bots\' media to any signed-in user, with their type', async () => {
    const me = await t.signIn();
    for (const [name, m] of Object.entries(BOT_MEDIA)) {
      const response = await download(t, m.media_uuid, { session: me });
      expect(response.status, name).toBe(200);
      expect(response.headers.get('content-type'), name).toBe(m.content_type);
      expect(Buffer.from(await response.arrayBuffer()).equals(demoFile(name as keyof typeof BOT_MEDIA)), name).toBe(true);
    }
    expect((await download(t, BOT_MEDIA.png.media_uuid)).status).toBe(401);
  });

  it('refuses an expired media token, and takes the new one from get-media-token', async () => {
    const me = await t.signIn();
    t.clock.advance(24 * 3600_000 + 1);
    expect((await download(t, BOT_MEDIA.png.media_uuid, { session: me })).status).toBe(401);
    const fresh = await t.ok('getMediaToken', {}, { session: me });
    expect((await download(t, BOT_MEDIA.png.media_uuid, { authorization: `Bearer ${fresh.mediaToken}` })).status).toBe(200);
  });

  it('refuses the media token of a session that logged out', async () => {
    const me = await t.signIn();
    expect((await download(t, BOT_MEDIA.png.media_uuid, { session: me })).status).toBe(200);
    await t.ok('logout', {}, { session: me });
    expect((await download(t, BOT_MEDIA.png.media_uuid, { session: me })).status).toBe(401);
  });

  it('forgets a deleted profile\'s uploads', async () => {
    const me = await t.signIn();
    const d = await uploadMedia(t, me, 'image/png', PNG);
    await t.ok('deleteProfile', {}, { session: me });
    const again = await t.signIn(me.mobile);
    expect((await download(t, d.media_uuid, { session: again })).status).toBe(404);
  });
});

describe('the answer', () => {
  it('is private, immutable, never a page, and revalidates by ETag', async () => {
    const me = await t.signIn();
    const d = await uploadMedia(t, me, 'image/png', PNG);
    const response = await download(t, d.media_uuid, { session: me });
    expect(response.headers.get('cache-control')).toMatch(/^private, max-age=\d{7,}, immutable$/);
    expect(response.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = response.headers.get('etag')!;
    expect(etag).toBe(`"${d.media_uuid}"`);
    await response.arrayBuffer();
    const again = await download(t, d.media_uuid, { session: me, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // JSON API answers keep no-store.
    const api = await t.call('getMediaToken', {}, { session: me });
    expect(api.headers.get('cache-control')).toBe('no-store');
  });

  it('answers HEAD with the length and no body', async () => {
    const me = await t.signIn();
    const response = await download(t, BOT_MEDIA.pdf.media_uuid, { session: me, method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBe(demoFile('pdf').length);
    expect(await response.text()).toBe('');
  });
});
