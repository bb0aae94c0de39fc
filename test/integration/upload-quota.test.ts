// A user's share of the media disk (issue 21 item 2; server/media/quota.ts): a quota of stored
// bytes (507), a cap on upload slots issued and not finished (429), no upload while the disk is
// short of free space (507, before a byte is written; the database keeps working), and the sweep
// of finished uploads nothing uses after the configured time (rows and files).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '../../src/api/messages';
import { SHOWCASE_BOT_ID } from '../../server/bots/registry';
import { download, postUpload, SAMPLES, uploadMedia } from './helpers/media';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';

const PNG = SAMPLES.find((s) => s.label === 'PNG')!.data;
const PDF = SAMPLES.find((s) => s.label === 'PDF')!.data;

async function errorOf(response: Response): Promise<{ status: number; message: string; retryAfter: string | null }> {
  const body = (await response.json()) as { statusCode: number; message: string };
  expect(body.statusCode).toBe(response.status);
  return { status: response.status, message: body.message, retryAfter: response.headers.get('retry-after') };
}

describe('quota and pending uploads', () => {
  const PENDING = 4;
  let t: TestServer;
  beforeAll(async () => {
    // Room for exactly two PNGs.
    t = await startTestServer({ uploadLimits: { quotaBytes: PNG.length * 2, maxPendingUploads: PENDING } });
  });
  afterAll(() => t.close());

  it('refuses new upload details with 507 and a Retry-After once the stored bytes reach the quota; other users are not affected', async () => {
    const me = await t.signIn();
    await uploadMedia(t, me, 'image/png', PNG);
    await uploadMedia(t, me, 'image/png', PNG);
    const third = await t.call('getMediaUploadDetails', { content_type: 'image/png' }, { session: me });
    expect(third.status).toBe(507);
    if (!third.ok) expect(third.body.message).toMatch(/storage on this server is full/);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await t.signIn();
    await uploadMedia(t, other, 'image/png', PNG);
  });

  it('refuses (507) an upload that would pass the quota though its slot was issued before, and stores nothing of it', async () => {
    const me = await t.signIn();
    const slots = [];
    for (let i = 0; i < 3; i++) slots.push(await t.ok('getMediaUploadDetails', { content_type: 'image/png' }, { session: me }));
    expect((await postUpload(slots[0]!, PNG)).status).toBe(204);
    expect((await postUpload(slots[1]!, PNG)).status).toBe(204);
    const refused = await errorOf(await postUpload(slots[2]!, PNG));
    expect(refused.status).toBe(507);
    expect(refused.message).toMatch(/full/);
    expect((await download(t, slots[2]!.media_uuid, { session: me })).status).toBe(404);
    const rows = await t.server.db.query<{ uploaded_at: number | null }>('SELECT uploaded_at FROM media WHERE media_uuid = $1', [slots[2]!.media_uuid]);
    expect(rows[0]?.uploaded_at).toBeNull();
  });

  it('refuses simultaneous uploads that together pass the quota: all but what fits get 507', async () => {
    const me = await t.signIn();
    const slots = [];
    for (let i = 0; i < PENDING; i++) slots.push(await t.ok('getMediaUploadDetails', { content_type: 'image/png' }, { session: me }));
    const statuses = await Promise.all(slots.map((s) => postUpload(s, PNG).then(async (r) => (await r.arrayBuffer(), r.status))));
    expect(statuses.filter((s) => s === 204)).toHaveLength(2);
    expect(statuses.filter((s) => s === 507)).toHaveLength(PENDING - 2);
  });

  it(`caps the upload slots issued and not finished at ${PENDING} (429 with Retry-After), also when asked all at once`, async () => {
    const me = await t.signIn();
    const answers = await Promise.all(Array.from({ length: 12 }, () => t.call('getMediaUploadDetails', { content_type: 'application/pdf' }, { session: me })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(PENDING);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(12 - PENDING);
    const first = refused[0]!;
    if (!first.ok) expect(first.body.message).toMatch(/uploads waiting to be sent/);
    // The slots expire with their policy (1 h): Retry-After says when the first one does.
    const wait = Number(first.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    // Finishing one frees a slot.
    const issued = answers.find((a) => a.ok)!;
    if (!issued.ok) return;
    expect((await postUpload(issued.body, PDF)).status).toBe(204);
    expect((await t.call('getMediaUploadDetails', { content_type: 'application/pdf' }, { session: me })).status).toBe(200);
    expect((await t.call('getMediaUploadDetails', { content_type: 'application/pdf' }, { session: me })).status).toBe(429);
  });
});

describe('free disk', () => {
  let dir: string;
  let roomy: TestServer;
  let full: TestServer;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'upload-quota-'));
    roomy = await startTestServer({ mediaDir: dir });
    // The same database and media directory, with a threshold no disk meets.
    full = await startTestServer({ db: roomy.server.db, mediaDir: dir, uploadLimits: { minFreeDiskBytes: Number.MAX_SAFE_INTEGER } });
  });
  afterAll(async () => {
    await full.close();
    await roomy.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses upload details and uploads with 507 before a byte is written, while the database keeps working', async () => {
    const me = await full.signIn();
    const details = await full.call('getMediaUploadDetails', { content_type: 'image/png' }, { session: me });
    expect(details.status).toBe(507);
    if (!details.ok) expect(details.body.message).toMatch(/short of disk space/);
    expect(Number(details.headers.get('retry-after'))).toBeGreaterThan(0);

    // Details issued while the disk had room, posted to the server that is short of it.
    const slot = await roomy.ok('getMediaUploadDetails', { content_type: 'image/png' }, { session: me });
    const refused = await errorOf(await postUpload(slot, PNG, { url: slot.upload_details.url.replace(roomy.url, full.url) }));
    expect(refused.status).toBe(507);
    expect(await readdir(dir)).toEqual([]);

    // Everything else still reads and writes the database.
    await full.ok('updateProfile', { name: 'Disk Full' }, { session: me });
    expect((await full.ok('getProfile', {}, { session: me })).name).toBe('Disk Full');
    // And the same slot still uploads where there is room.
    expect((await postUpload(slot, PNG)).status).toBe(204);
  });
});

describe('sweep of unused uploads', () => {
  const HOUR = 3600_000;
  let dir: string;
  let t: TestServer;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'upload-sweep-'));
    t = await startTestServer({ mediaDir: dir, uploadLimits: { unusedUploadTtlMs: 2 * HOUR } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const imageMessage = (mediaUuid: string): OutgoingMessage =>
    ({ type: 'image', media: { media_uuid: mediaUuid, url: 'blob:x', content_type: 'image/png', size: 1 }, client_message_id: `sweep-${mediaUuid}` }) as OutgoingMessage;

  it('deletes the rows and files of finished uploads nothing uses once they are older than the configured time, and keeps the used ones', async () => {
    const me: TestSession = await t.signIn();
    const unused = await uploadMedia(t, me, 'image/png', PNG);
    const inMessage = await uploadMedia(t, me, 'image/png', PNG);
    expect((await t.call('messageWebhookPwa', { botId: SHOWCASE_BOT_ID, messages: [imageMessage(inMessage.media_uuid)] }, { session: me })).status).toBe(200);
    const photo = await t.ok('getMediaUploadDetails', { content_type: 'image/png', purpose: 'profile' }, { session: me });
    expect((await postUpload(photo, PNG)).status).toBe(204);
    await t.ok('updateProfile', { photo_uuid: photo.media_uuid }, { session: me });
    const screenshot = await t.ok('getMediaUploadDetails', { content_type: 'image/png', purpose: 'feedback' }, { session: me });
    expect((await postUpload(screenshot, PNG)).status).toBe(204);
    await t.ok('sendFeedback', { does_like: true, content: 'with a screenshot', screenshot_uuid: screenshot.media_uuid }, { session: me });
    const all = [unused, inMessage, photo, screenshot].map((d) => d.media_uuid);

    // Younger than the limit: nothing goes.
    t.clock.advance(HOUR);
    await t.server.sweep();
    expect((await readdir(dir)).sort()).toEqual([...all].sort());

    t.clock.advance(2 * HOUR);
    await t.server.sweep();
    expect((await readdir(dir)).sort()).toEqual(all.slice(1).sort());
    expect((await download(t, unused.media_uuid, { session: me })).status).toBe(404);
    expect(await t.server.db.query('SELECT 1 FROM media WHERE media_uuid = $1', [unused.media_uuid])).toEqual([]);
    for (const id of all.slice(1)) expect((await download(t, id, { session: me })).status, id).toBe(200);
  });
});
