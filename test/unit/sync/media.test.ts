// The media module of the engine against a scripted server (injected fetch and upload transport,
// no module mocks) on fake-indexeddb: the upload step the outbox runs, downloads, link titles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/db/database';
import { ensureSession, getLocalDoc, patchLocalDoc } from '../../../src/db/local-store';
import { memoryMediaStore, type MediaStore } from '../../../src/db/media-cache';
import { enqueueMessage } from '../../../src/db/outbox-store';
import type { OutboxDoc } from '../../../src/db/schemas';
import { localMediaKey } from '../../../src/domain/media-transfer';
import { NoResponseError } from '../../../src/domain/errors';
import { createHttpClient, systemClock } from '../../../src/sync/http-client';
import { createMedia, type UploadTransport } from '../../../src/sync/media';
import { requestContextFrom } from '../../../src/sync/session';
import { openTestDatabase } from '../db/helpers/fake-db';
import { fakeApi, json, noNetwork } from './helpers/fake-api';

let db: AppDatabase;
const ORIGIN = 'http://api.test';
const UUID = '11111111-1111-4111-8111-111111111111';

beforeAll(async () => {
  db = await openTestDatabase();
  const session = await ensureSession(db);
  await patchLocalDoc(db, 'session', { mobile: '+919876543210', token: 'a'.repeat(32), mediaToken: 'm1', mediaTokenExpiry: Date.now() + 3600_000 }, session);
});
afterAll(async () => {
  await db.close();
});

function setup(upload: UploadTransport, opts: { prepareImage?: (b: Blob) => Promise<Blob | null> } = {}) {
  const api = fakeApi({
    '/api/bot/get-media-upload-details': () => json(200, { media_uuid: UUID, upload_details: { url: '/upload/x', s3_fields: { key: 'k1', policy: 'p' } } }),
  });
  const context = requestContextFrom(db);
  const http = createHttpClient({ fetch: api.fetch, origin: ORIGIN, versionName: '1', context });
  const store: MediaStore = memoryMediaStore();
  const media = createMedia({ db, http, clock: systemClock, fetch: api.fetch, origin: ORIGIN, store, upload, prepareImage: opts.prepareImage ? (b) => opts.prepareImage!(b) : undefined });
  return { api, store, media };
}

let n = 0;
async function queued(store: MediaStore, type: 'image' | 'document' = 'image', contentType = 'image/png'): Promise<OutboxDoc> {
  n += 1;
  const id = `0190${String(n).padStart(4, '0')}-0000-7000-8000-000000000000`;
  await store.put(localMediaKey(id), new Blob([new Uint8Array(2048)], { type: contentType }), { name: 'a.png' });
  await enqueueMessage(db, { botUuid: '1000000000000004', owner: '+919876543210', now: Date.now(), id, payload: { type, media: { media_uuid: '', url: localMediaKey(id), content_type: contentType, name: 'a.png', size: 2048 } } });
  return (await db.outbox.findOne(id).exec())!.toMutableJSON();
}

const transfer = async (key: string) => (await getLocalDoc(db, 'media-transfers'))?.[key];

describe('upload step (spec part 1 §5, §7, §8)', () => {
  it('posts the s3 fields, Content-Type and the file; on 204 the entry carries the media_uuid, durably', async () => {
    const seen: { url: string; fields: Record<string, string>; file: Blob | null }[] = [];
    const { media, store } = setup(async (url, form, onProgress) => {
      const fields: Record<string, string> = {};
      form.forEach((v, k) => { if (typeof v === 'string') fields[k] = v; });
      seen.push({ url, fields, file: form.get('file') as Blob | null });
      onProgress(1024, 2048);
      onProgress(2048, 2048);
      return 204;
    });
    const entry = await queued(store);
    expect(media.uploadStep.needs(entry)).toBe(true);
    const outcome = await media.uploadStep.run(entry);
    expect('entry' in outcome).toBe(true);
    expect(seen[0]).toMatchObject({ url: `${ORIGIN}/upload/x`, fields: { key: 'k1', policy: 'p', 'Content-Type': 'image/png' } });
    expect(seen[0]!.file?.size).toBe(2048);
    const stored = (await db.outbox.findOne(entry.id).exec())!.toMutableJSON();
    expect(stored.payload).toMatchObject({ media: { media_uuid: UUID, url: `/api/media/${UUID}` } });
    expect(media.uploadStep.needs(stored)).toBe(false);
    expect(await transfer(entry.id)).toMatchObject({ kind: 'upload', state: 'done', aborted: false });
    // the sender's copy moves to the server's key; the local copy goes
    expect(await store.has(`/api/media/${UUID}`)).toBe(true);
    expect(await store.has(localMediaKey(entry.id))).toBe(false);
  });

  it('any status but 204 is a failure: progress reset, aborted set, the message fails (retry offered)', async () => {
    const { media, store } = setup(async () => 200);
    const entry = await queued(store);
    const outcome = await media.uploadStep.run(entry);
    expect(outcome).toEqual({ failed: '200:-Bad Status' });
    expect(await transfer(entry.id)).toMatchObject({ state: 'failed', loaded: 0, aborted: true });
    // the file stays on the device for the retry
    expect(await store.has(localMediaKey(entry.id))).toBe(true);
  });

  it('a refused file (413), a 5xx, a 408 or no network is thrown to the runner, whose one classifier decides (refused: fails; else: waits)', async () => {
    const tooLarge = setup(async () => 413);
    await expect(tooLarge.media.uploadStep.run(await queued(tooLarge.store))).rejects.toMatchObject({ status: 413 });
    const down = setup(async () => 503);
    await expect(down.media.uploadStep.run(await queued(down.store))).rejects.toMatchObject({ status: 503 });
    const slow = setup(async () => 408);
    await expect(slow.media.uploadStep.run(await queued(slow.store))).rejects.toMatchObject({ status: 408 });
    const offline = setup(async () => 204);
    offline.api.on('/api/bot/get-media-upload-details', noNetwork);
    const entry = await queued(offline.store);
    await expect(offline.media.uploadStep.run(entry)).rejects.toBeInstanceOf(NoResponseError);
    expect(await transfer(entry.id)).toMatchObject({ state: 'failed', aborted: true });
  });

  it('cancel aborts the post and fails the message', async () => {
    let started!: () => void;
    const began = new Promise<void>((r) => { started = r; });
    const { media, store } = setup((_url, _form, _p, signal) => new Promise<number>((_resolve, reject) => {
      started();
      signal.addEventListener('abort', () => reject(new Error('aborted')));
    }));
    const entry = await queued(store);
    const running = media.uploadStep.run(entry);
    await began;
    await media.flows.cancelTransfer(entry.id);
    expect(await running).toEqual({ failed: 'upload cancelled' });
  });

  it('a file no longer on the device fails the message', async () => {
    const { media, store } = setup(async () => 204);
    const entry = await queued(store);
    await store.delete(localMediaKey(entry.id));
    expect(await media.uploadStep.run(entry)).toMatchObject({ failed: expect.any(String) });
  });

  it('images are prepared (crop, scale, JPEG) before upload; a failure sends the original; GIFs are never touched', async () => {
    const sizes: number[] = [];
    const small = new Blob([new Uint8Array(10)], { type: 'image/jpeg' });
    const ok = setup(async (_u, form) => { sizes.push((form.get('file') as Blob).size); return 204; }, { prepareImage: async () => small });
    await ok.media.uploadStep.run(await queued(ok.store));
    const broken = setup(async (_u, form) => { sizes.push((form.get('file') as Blob).size); return 204; }, { prepareImage: () => Promise.reject(new Error('decode')) });
    await broken.media.uploadStep.run(await queued(broken.store));
    let touched = false;
    const gif = setup(async (_u, form) => { sizes.push((form.get('file') as Blob).size); return 204; }, { prepareImage: async () => { touched = true; return small; } });
    await gif.media.uploadStep.run(await queued(gif.store, 'image', 'image/gif'));
    expect(sizes).toEqual([10, 2048, 2048]);
    expect(touched).toBe(false);
  });
});

describe('downloads (Bearer media token, progress, cache)', () => {
  it('fetches with the Bearer token into the cache and reports done', async () => {
    const { media, store, api } = setup(async () => 204);
    api.on('/api/media/abc', (req) => (req.headers.get('authorization') === 'Bearer m1'
      ? new Response(new Uint8Array(5000), { status: 200, headers: { 'content-type': 'image/png', 'content-length': '5000' } })
      : new Response('', { status: 401 })));
    const result = await media.flows.downloadMedia('/api/media/abc');
    expect(result.ok).toBe(true);
    expect((await store.get('/api/media/abc'))?.blob.size).toBe(5000);
    expect(await transfer('/api/media/abc')).toMatchObject({ kind: 'download', state: 'done', loaded: 5000 });
  });

  it('a 401 refreshes the media token once and tries again', async () => {
    const { media, store, api } = setup(async () => 204);
    api.on('/api/mobile/get-media-token', () => json(200, { mediaToken: 'm2', mediaTokenExpiry: Date.now() + 3600_000 }));
    api.on('/api/media/refresh', (req) => (req.headers.get('authorization') === 'Bearer m2'
      ? new Response(new Uint8Array(10), { status: 200 }) : new Response('', { status: 401 })));
    expect((await media.flows.downloadMedia('/api/media/refresh')).ok).toBe(true);
    expect(await store.has('/api/media/refresh')).toBe(true);
    expect((await getLocalDoc(db, 'session'))?.mediaToken).toBe('m2');
  });

  it('a failed download resets progress and sets aborted; nothing is cached', async () => {
    const { media, store, api } = setup(async () => 204);
    api.on('/api/media/gone', () => new Response('', { status: 404 }));
    expect((await media.flows.downloadMedia('/api/media/gone')).ok).toBe(false);
    expect(await transfer('/api/media/gone')).toMatchObject({ state: 'failed', loaded: 0, aborted: true });
    expect(await store.has('/api/media/gone')).toBe(false);
  });
});

describe('link titles', () => {
  it('are looked up once per URL and kept in link-titles', async () => {
    const { media, api } = setup(async () => 204);
    let calls = 0;
    api.on('/api/bot/get-link-title', () => { calls += 1; return json(200, { title: 'A video' }); });
    const url = 'https://www.youtube.com/watch?v=abcdefghijk';
    const [a, b] = await Promise.all([media.flows.lookUpLinkTitle(url), media.flows.lookUpLinkTitle(url)]);
    const c = await media.flows.lookUpLinkTitle(url);
    expect([a, b, c].map((r) => (r.ok ? r.value : null))).toEqual(['A video', 'A video', 'A video']);
    expect(calls).toBe(1);
    expect((await getLocalDoc(db, 'link-titles'))?.[url]?.title).toBe('A video');
  });
});

describe('transfer records', () => {
  it('a record left running by a gone engine is settled by cancel (retry offered)', async () => {
    const { media } = setup(async () => 204);
    const { modifyLocalDoc } = await import('../../../src/db/local-store');
    await modifyLocalDoc(db, 'media-transfers', (all) => ({ ...all, '/api/media/stale': { kind: 'download', state: 'running', loaded: 10, total: 100, aborted: false, at: Date.now() } }));
    await media.flows.cancelTransfer('/api/media/stale');
    expect(await transfer('/api/media/stale')).toMatchObject({ state: 'failed', loaded: 0, aborted: true });
  });
  it('records untouched for a day are dropped at the next write', async () => {
    const { media, api } = setup(async () => 204);
    const { modifyLocalDoc } = await import('../../../src/db/local-store');
    await modifyLocalDoc(db, 'media-transfers', (all) => ({ ...all, '/api/media/old': { kind: 'download', state: 'done', loaded: 1, total: 1, aborted: false, at: Date.now() - 2 * 86_400_000 } }));
    api.on('/api/media/new', () => new Response(new Uint8Array(3), { status: 200 }));
    await media.flows.downloadMedia('/api/media/new');
    expect(await transfer('/api/media/old')).toBeUndefined();
    expect(await transfer('/api/media/new')).toMatchObject({ state: 'done' });
  });
});
