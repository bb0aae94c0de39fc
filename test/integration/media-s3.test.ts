// Issue 19: media in S3. A real S3-compatible server (s3rver, started here on 127.0.0.1:0) and a
// fresh PostgreSQL database; two servers on both. An upload made with server A's upload details
// goes straight to the bucket (S3's presigned POST) and is downloaded through server B, byte for
// byte and by range; a file whose bytes are not its declared type, or that passes the quota, is
// still refused (when its id is first used) and deleted from the bucket.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/api/messages';
import { SHOWCASE_BOT_ID } from '../../server/bots/registry';
import { objectKey } from '../../server/media/policy';
import { download, postUpload, SAMPLES } from './helpers/media';
import { createFreshDatabase, type FreshDatabase } from './helpers/pg-database';
import { startTestServer, type TestServer } from './helpers/server';

const BUCKET = 'chatbot-media-test';
const QUOTA = 200_000;
const s3dir = mkdtempSync(join(tmpdir(), 'chatbot-s3rver-'));
let s3: S3rver;
let endpoint: string;
let database: FreshDatabase;
let a: TestServer;
let b: TestServer;

const sample = (label: string) => SAMPLES.find((s) => s.label === label)!.data;

beforeAll(async () => {
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const address = await s3.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  database = await createFreshDatabase('media');
  const options = {
    databaseUrl: database.url,
    s3: { bucket: BUCKET, endpoint, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
    uploadLimits: { quotaBytes: QUOTA },
  };
  a = await startTestServer(options);
  b = await startTestServer(options);
}, 60_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.drop();
  await s3?.close();
  rmSync(s3dir, { recursive: true, force: true });
});

it('an upload through server A goes to the bucket and comes back byte-equal through server B, whole and by range', async () => {
  const me = await a.signIn();
  const png = sample('PNG');
  const details = await a.ok('getMediaUploadDetails', { content_type: 'image/png' }, { session: me });
  // S3's own presigned POST: the bucket's URL, the policy bound to this key, type and the quota's room
  expect(details.upload_details.url).toBe(`${endpoint}/${BUCKET}`);
  const fields = details.upload_details.s3_fields;
  expect(fields.key).toBe(objectKey(details.media_uuid));
  expect(fields['X-Amz-Algorithm']).toBe('AWS4-HMAC-SHA256');
  const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as { conditions: unknown[] };
  expect(policy.conditions).toContainEqual(['content-length-range', 1, QUOTA]);
  expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'image/png']);
  expect((await postUpload(details, png)).status).toBe(204);

  const whole = await download(b, details.media_uuid, { session: me });
  expect(whole.status).toBe(200);
  expect(whole.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await whole.arrayBuffer()).equals(png)).toBe(true);
  const part = await download(b, details.media_uuid, { session: me, headers: { range: 'bytes=8-23' } });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 8-23/${png.length}`);
  expect(Buffer.from(await part.arrayBuffer()).equals(png.subarray(8, 24))).toBe(true);
  // the file may be sent in a message through A, as with the local folder
  const sent = await a.call('messageWebhookPwa', { botId: SHOWCASE_BOT_ID, messages: [{ type: 'image', media: { media_uuid: details.media_uuid, url: 'x', content_type: 'image/png' }, client_message_id: `s3-${Date.now()}` }] }, { session: me });
  expect(sent.status).toBe(200);
  const [stored] = (sent as { body: { messages: ChatMessage[] } }).body.messages;
  expect(stored).toMatchObject({ type: 'image', media: { media_uuid: details.media_uuid, size: png.length } });
  // another user gets nothing, as for an unknown id
  expect((await download(b, details.media_uuid, { session: await b.signIn() })).status).toBe(404);
}, 30_000);

it('a file that is not its declared type is refused when first used, and deleted from the bucket', async () => {
  const me = await a.signIn();
  const details = await a.ok('getMediaUploadDetails', { content_type: 'image/png' }, { session: me });
  const html = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(64, ' '));
  expect((await postUpload(details, html)).status).toBe(204); // the bucket cannot look inside
  const sent = await b.call('messageWebhookPwa', { botId: SHOWCASE_BOT_ID, messages: [{ type: 'image', media: { media_uuid: details.media_uuid, url: 'x', content_type: 'image/png' }, client_message_id: `s3-bad-${Date.now()}` }] }, { session: me });
  expect(sent.status).toBe(415);
  expect(JSON.stringify(sent.body)).toContain('does not match its declared type');
  expect((await download(a, details.media_uuid, { session: me })).status).toBe(404);
  expect((await fetch(`${endpoint}/${BUCKET}/${objectKey(details.media_uuid)}`)).status).toBe(404);
}, 30_000);

it('a file past the owner\'s quota is refused when first used (507), the others stay', async () => {
  const me = await a.signIn();
  const big = Buffer.concat([sample('PNG'), Buffer.alloc(QUOTA * 0.6)]);
  const first = await a.ok('getMediaUploadDetails', { content_type: 'image/png' }, { session: me });
  expect((await postUpload(first, big)).status).toBe(204);
  expect((await download(b, first.media_uuid, { session: me })).status).toBe(200);
  const second = await b.ok('getMediaUploadDetails', { content_type: 'image/png' }, { session: me });
  // the room left is in S3's policy (real S3 refuses the POST; s3rver does not check policies)
  const policy = JSON.parse(Buffer.from(second.upload_details.s3_fields.Policy!, 'base64').toString('utf8')) as { conditions: unknown[] };
  expect(policy.conditions).toContainEqual(['content-length-range', 1, QUOTA - big.length]);
  expect((await postUpload(second, big)).status).toBe(204);
  const feedback = await a.call('sendFeedback', { does_like: false, content: 'see the screenshot', screenshot_uuid: second.media_uuid }, { session: me });
  expect(feedback.status).toBe(507);
  expect((await download(a, second.media_uuid, { session: me })).status).toBe(404);
  expect((await download(a, first.media_uuid, { session: me })).status).toBe(200);
}, 30_000);
