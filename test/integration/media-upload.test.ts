// Media upload (spec part 1 §5, §7 "Media"; DESIGN.md §5): get-media-upload-details issues a
// media_uuid and signed S3-style fields; the multipart post to its URL stores the file (204);
// the file's first bytes must match its declared type (415); 64 MB is the cap (413); a bad,
// tampered or expired policy is a 400; a second upload is a 409.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaUploadDetails } from '../../src/api/contract';
import { ACCEPTED_MIME_TYPES } from '../../src/domain/attachment-rules';
import { MAX_UPLOAD_BYTES } from '../../src/domain/constants';
import { download, postUpload, SAMPLES, uploadMedia } from './helpers/media';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';
import { LINGER_MS } from '../../server/http/linger';

let t: TestServer;
let me: TestSession;
beforeAll(async () => {
  // One user asks for dozens of upload slots here and leaves most unfinished on purpose: the
  // cap on pending slots (upload-quota.test.ts) would get in the way of these rules.
  t = await startTestServer({ uploadLimits: { maxPendingUploads: 1000 } });
  me = await t.signIn();
});
afterAll(() => t.close());

const PNG = SAMPLES.find((s) => s.label === 'PNG')!.data;
const PDF = SAMPLES.find((s) => s.label === 'PDF')!.data;

async function details(contentType = 'image/png', session = me): Promise<MediaUploadDetails> {
  return t.ok('getMediaUploadDetails', { content_type: contentType }, { session });
}

async function errorOf(response: Response): Promise<{ status: number; message: string }> {
  const body = (await response.json()) as { statusCode: number; message: string };
  expect(body.statusCode).toBe(response.status);
  return { status: response.status, message: body.message };
}

describe('get-media-upload-details', () => {
  it('issues a media_uuid and signed fields for this server\'s upload URL', async () => {
    const d = await details('image/png');
    expect(d.media_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(d.upload_details.url).toBe(`${t.url}/api/media-upload/${d.media_uuid}`);
    expect(Object.keys(d.upload_details.s3_fields)).toEqual(['key', 'Content-Type', 'Policy', 'X-Amz-Algorithm', 'X-Amz-Signature']);
    expect(d.upload_details.s3_fields).toMatchObject({ key: `media/${d.media_uuid}`, 'Content-Type': 'image/png' });
    const policy = JSON.parse(Buffer.from(d.upload_details.s3_fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(Date.parse(policy.expiration)).toBeGreaterThan(t.clock.now());
    expect(policy.conditions).toContainEqual(['content-length-range', 1, MAX_UPLOAD_BYTES]);
    expect((await details('image/png')).media_uuid).not.toBe(d.media_uuid);
  });

  it('answers the same on /bot/get-media-upload-url, and names feedback and profile uploads as the spec does', async () => {
    const other = await t.ok('getMediaUploadUrl', { content_type: 'application/pdf' }, { session: me });
    expect(other.upload_details.s3_fields['Content-Type']).toBe('application/pdf');
    const feedback = await t.ok('getMediaUploadDetails', { content_type: 'image/jpeg', purpose: 'feedback' }, { session: me });
    expect(feedback.screenshot_uuid).toBe(feedback.media_uuid);
    const profile = await t.ok('getMediaUploadDetails', { content_type: 'image/png', purpose: 'profile' }, { session: me });
    expect(profile.photo_uuid).toBe(profile.media_uuid);
    expect(other.screenshot_uuid).toBeUndefined();
    expect(other.photo_uuid).toBeUndefined();
    const refused = await t.call('getMediaUploadDetails', { content_type: 'application/pdf', purpose: 'profile' }, { session: me });
    expect(refused.status).toBe(400);
  });

  it('takes image/*, video/* and the accepted audio and document types, normalised', async () => {
    for (const s of SAMPLES) expect((await details(s.contentType)).upload_details.s3_fields['Content-Type']).toBe(s.contentType);
    expect((await details('Image/PNG; charset=binary')).upload_details.s3_fields['Content-Type']).toBe('image/png');
    expect((await details('image/heic')).upload_details.s3_fields['Content-Type']).toBe('image/heic');
  });

  it('takes every type the app\'s file picker accepts (src/domain/attachment-rules.ts)', async () => {
    for (const type of ACCEPTED_MIME_TYPES) expect((await t.call('getMediaUploadDetails', { content_type: type }, { session: me })).status, type).toBe(200);
  });

  it("refuses other types with 'No media type found'", async () => {
    for (const type of ['text/html', 'application/json', 'application/zip', 'audio/wav', 'text/plain', 'application/x-msdownload', 'image', '/png', 'image/png/x', ' ']) {
      const answer = await t.call('getMediaUploadDetails', { content_type: type }, { session: me });
      expect(answer.status, type).toBe(400);
      if (!answer.ok) expect(answer.body.message, type).toMatch(type.trim() === '' ? /content_type|No media type found/ : /^No media type found$/);
    }
  });

  it('needs a session (401)', async () => {
    expect((await t.call('getMediaUploadDetails', { content_type: 'image/png' })).status).toBe(401);
  });
});

describe('the upload', () => {
  it('stores the file (204) and serves the same bytes back with the Bearer media token', async () => {
    const d = await details('image/png');
    const response = await postUpload(d, PNG);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    const got = await download(t, d.media_uuid, { session: me });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Number(got.headers.get('content-length'))).toBe(PNG.length);
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it.each(SAMPLES.map((s) => [s.label, s] as const))('accepts a real %s', async (_label, s) => {
    const d = await uploadMedia(t, me, s.contentType, s.data);
    const got = await download(t, d.media_uuid, { session: me });
    expect(Buffer.from(await got.arrayBuffer()).equals(s.data)).toBe(true);
  });

  it('answers ranges (206) so a video can seek', async () => {
    const video = SAMPLES.find((s) => s.label === 'MP4')!.data;
    const d = await uploadMedia(t, me, 'video/mp4', video);
    const part = await download(t, d.media_uuid, { session: me, headers: { range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${video.length}`);
    expect(part.headers.get('content-length')).toBe('1000');
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(100, 1100))).toBe(true);

    const tail = await download(t, d.media_uuid, { session: me, headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(video.length - 10))).toBe(true);
    const open = await download(t, d.media_uuid, { session: me, headers: { range: `bytes=${video.length - 5}-` } });
    expect(Buffer.from(await open.arrayBuffer()).equals(video.subarray(video.length - 5))).toBe(true);
    const beyond = await download(t, d.media_uuid, { session: me, headers: { range: `bytes=${video.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${video.length}`);
    // Several ranges or a malformed header: the whole file (a server may ignore Range).
    for (const range of ['bytes=0-1,5-9', 'items=0-1', 'bytes=9-1', 'bytes=abc']) {
      const whole = await download(t, d.media_uuid, { session: me, headers: { range } });
      expect(whole.status, range).toBe(200);
      expect(Number(whole.headers.get('content-length')), range).toBe(video.length);
      await whole.arrayBuffer();
    }
  });

  it('refuses a file whose first bytes are not its declared type (415), and keeps the media_uuid usable', async () => {
    const d = await details('image/png');
    for (const [type, data] of [['image/png', PDF], ['image/png', SAMPLES.find((s) => s.label === 'JPEG')!.data], ['image/png', Buffer.from('<svg onload="alert(1)"></svg>')]] as const) {
      const response = await postUpload(d, data);
      expect(response.status, type).toBe(415);
      expect((await errorOf(response)).message).toMatch(/not image\/png/);
    }
    expect((await download(t, d.media_uuid, { session: me })).status).toBe(404);
    // A retry with the right file still works: the refusal released the upload.
    expect((await postUpload(d, PNG)).status).toBe(204);
  });

  it('refuses mismatches for every kind (415)', async () => {
    const cases: [string, Buffer][] = [
      ['application/pdf', PNG],
      ['video/mp4', PDF],
      ['audio/mpeg', PNG],
      ['audio/ogg', SAMPLES.find((s) => s.label === 'MP3 (ID3)')!.data],
      ['application/vnd.ms-excel', SAMPLES.find((s) => s.label === 'XLSX')!.data],
      ['image/heic', SAMPLES.find((s) => s.label === 'M4A')!.data],
      ['image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ];
    for (const [type, data] of cases) {
      expect((await postUpload(await details(type), data)).status, type).toBe(415);
    }
  });

  it('refuses an empty file (400)', async () => {
    const response = await postUpload(await details('image/png'), new Uint8Array(0));
    expect(await errorOf(response)).toEqual({ status: 400, message: 'The file is empty (0 bytes)' });
  });

  it('refuses a second upload to the same media_uuid (409) and keeps the first file', async () => {
    const d = await uploadMedia(t, me, 'image/png', PNG);
    const again = await postUpload(d, SAMPLES.find((s) => s.label === 'PNG')!.data);
    expect((await errorOf(again)).status).toBe(409);
    expect(Buffer.from(await (await download(t, d.media_uuid, { session: me })).arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses two uploads at once to one media_uuid: one wins, the other is a 409', async () => {
    const d = await details('image/png');
    const [a, b] = await Promise.all([postUpload(d, PNG), postUpload(d, PNG)]);
    expect([a.status, b.status].sort()).toEqual([204, 409]);
  });

  it('needs no session, only the signed fields', async () => {
    const d = await details('application/pdf');
    const response = await postUpload(d, PDF); // postUpload sends no mobile or session-id header
    expect(response.status).toBe(204);
  });
});

describe('the signed policy', () => {
  it('refuses a tampered signature, policy, key or Content-Type (400)', async () => {
    const d = await details('image/png');
    const fields = d.upload_details.s3_fields;
    const otherPolicy = Buffer.from(JSON.stringify({ expiration: '2999-01-01T00:00:00.000Z', conditions: [{ key: fields.key }, { 'Content-Type': 'image/png' }] })).toString('base64');
    const cases: [Record<string, string>, RegExp][] = [
      [{ 'X-Amz-Signature': '0'.repeat(64) }, /signature does not match/],
      [{ 'X-Amz-Signature': 'x' }, /signature does not match/],
      [{ Policy: otherPolicy }, /signature does not match/],
      [{ 'Content-Type': 'image/jpeg' }, /Content-Type differs from the signed policy/],
      [{ key: 'media/00000000-0000-4000-8000-000000000000' }, /key differs from the signed policy/],
      [{ 'X-Amz-Algorithm': 'MD5' }, /X-Amz-Algorithm/],
      [{ acl: 'public-read' }, /acl is not one of the signed fields/],
    ];
    for (const [fieldsOverride, message] of cases) {
      const response = await postUpload(d, PNG, { fields: fieldsOverride });
      const error = await errorOf(response);
      expect(error.status, JSON.stringify(fieldsOverride)).toBe(400);
      expect(error.message, JSON.stringify(fieldsOverride)).toMatch(message);
    }
    expect((await postUpload(d, PNG)).status).toBe(204);
  });

  it('refuses missing fields, fields after the file, and a file part under another name (400)', async () => {
    const d = await details('image/png');
    for (const name of ['key', 'Content-Type', 'Policy', 'X-Amz-Algorithm', 'X-Amz-Signature']) {
      const error = await errorOf(await postUpload(d, PNG, { omit: [name] }));
      expect(error, name).toEqual({ status: 400, message: `Upload field ${name} is missing: send every field of s3_fields before the file` });
    }
    // Fields sent after the file (FormData keeps order): the policy is missing when the file comes.
    const late = new FormData();
    late.append('file', new Blob([new Uint8Array(PNG)]), 'x.png');
    for (const [k, v] of Object.entries(d.upload_details.s3_fields)) late.append(k, v);
    expect((await errorOf(await fetch(d.upload_details.url, { method: 'POST', body: late }))).status).toBe(400);
    expect((await errorOf(await postUpload(d, PNG, { fileField: 'upload' }))).message).toMatch(/part named file/);
    // Fields only, no file.
    const noFile = new FormData();
    for (const [k, v] of Object.entries(d.upload_details.s3_fields)) noFile.append(k, v);
    expect((await errorOf(await fetch(d.upload_details.url, { method: 'POST', body: noFile }))).message).toMatch(/^No file/);
    expect((await postUpload(d, PNG)).status).toBe(204);
  });

  it('refuses the fields of one media_uuid posted to another\'s URL (400)', async () => {
    const a = await details('image/png');
    const b = await details('image/png');
    const error = await errorOf(await postUpload(a, PNG, { url: b.upload_details.url }));
    expect(error).toEqual({ status: 400, message: 'The upload policy was signed for another media_uuid' });
  });

  it('refuses an expired policy (400)', async () => {
    const d = await details('image/png');
    t.clock.advance(3600_000 + 1);
    const error = await errorOf(await postUpload(d, PNG));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/expired/);
    me = await t.signIn(); // the clock moved: later tests start from a fresh session
  });

  it('answers 404 for a media_uuid this server never issued', async () => {
    const d = await details('image/png');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '..%2F..%2Fetc%2Fpasswd']) {
      const response = await postUpload(d, PNG, { url: `${t.url}/api/media-upload/${id}` });
      expect([400, 404], id).toContain(response.status);
      await response.text();
    }
  });
});

describe('bad upload requests never answer 5xx', () => {
  const url = async () => (await details('image/png')).upload_details.url;

  it('refuses a body that is not multipart (415)', async () => {
    for (const [type, body] of [['application/json', '{"file":"x"}'], ['text/plain', 'x'], ['application/octet-stream', 'x'], ['application/x-www-form-urlencoded', 'file=x']]) {
      const response = await fetch(await url(), { method: 'POST', headers: { 'content-type': type! }, body });
      expect((await errorOf(response)).status, type).toBe(415);
    }
    const none = await fetch(await url(), { method: 'POST' });
    expect((await errorOf(none)).status).toBe(415);
  });

  it('refuses malformed multipart bodies with a 4xx', async () => {
    const bodies = [
      '',
      'garbage',
      '--x\r\nContent-Disposition: form-data; name="key"\r\n\r\nvalue',
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      '--x\r\n\r\n\r\n--x--',
      '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nv\r\n--x--\r\n',
      '--y\r\nContent-Disposition: form-data; name="key"\r\n\r\nv\r\n--y--\r\n',
    ];
    for (const body of bodies) {
      const response = await fetch(await url(), { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body });
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
      await response.text();
    }
    const noBoundary = await fetch(await url(), { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'x' });
    expect(noBoundary.status).toBeGreaterThanOrEqual(400);
    expect(noBoundary.status).toBeLessThan(500);
  });

  it('refuses too many fields and oversize fields with a 4xx', async () => {
    const d = await details('image/png');
    const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, 'x']));
    const response = await postUpload(d, PNG, { fields: many });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const long = await postUpload(d, PNG, { fields: { Policy: 'x'.repeat(20_000) } });
    expect((await errorOf(long)).status).toBe(400);
    expect((await postUpload(d, PNG)).status).toBe(204);
  });
});

describe('the 64 MB cap', () => {
  it('refuses a declared Content-Length over the cap at once (413), before reading the body', async () => {
    const d = await details('image/png');
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(d.upload_details.url, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(MAX_UPLOAD_BYTES * 2) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.flushHeaders(); // no body at all: the answer must not wait for one
    });
    expect(status).toBe(413);
  });

  it('stops reading a file of 64 MB + 1 byte streamed without a length at the cap (413)', async () => {
    const d = await details('image/png');
    const boundary = 'capboundary';
    const head = Buffer.from(
      Object.entries(d.upload_details.s3_fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('')
      + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    // The file: a PNG signature then A's, 64 MB + 1 byte in all, plus 16 MB more that the server
    // must never need to read; sent in 1 MiB chunks, never held whole in memory.
    const fileBytes = MAX_UPLOAD_BYTES + 1 + 16 * 1024 * 1024;
    let closed!: Promise<void>;
    const { status, sentWhenAnswered } = await new Promise<{ status: number; sentWhenAnswered: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = httpRequest(d.upload_details.url, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' } });
      req.on('response', (res) => {
        answered = true;
        res.resume();
        resolve({ status: res.statusCode ?? 0, sentWhenAnswered: sent });
      });
      req.on('error', (err) => {
        if (!answered) reject(err); // after the answer, the server closing the connection is expected
      });
      closed = new Promise((done) => req.once('close', () => done()));
      req.write(head);
      req.write(PNG.subarray(0, 8));
      sent = 8;
      const pump = () => {
        while (!answered && sent < fileBytes) {
          const n = Math.min(chunk.length, fileBytes - sent);
          sent += n;
          if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
            req.once('drain', pump);
            return;
          }
        }
        if (!answered) req.end(tail);
      };
      pump();
    });
    expect(status).toBe(413);
    // The answer came before the client had sent everything: the server stopped at the cap.
    expect(sentWhenAnswered).toBeLessThan(fileBytes);
    // This client stops sending without ending its body: the server drops what came after the
    // answer and closes the connection after LINGER_MS (server/http/linger.ts).
    const answeredAt = Date.now();
    await closed;
    expect(Date.now() - answeredAt).toBeLessThan(LINGER_MS + 5_000);
    // Nothing was stored, and the same fields still work for a file within the cap.
    expect((await download(t, d.media_uuid, { session: me })).status).toBe(404);
    expect((await postUpload(d, PNG)).status).toBe(204);
  }, 60_000);
});
