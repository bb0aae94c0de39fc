// Attachments end to end (spec part 1 §5, §7 "Media"; DESIGN.md §4): the engine, in-process,
// against the real server. A chosen file is kept on the device and queued with no media_uuid;
// the outbox uploads it (get-media-upload-details, multipart post, 204), sends the media message
// once under its client id, and the file downloads back with the Bearer media token. Offline, the
// attachment waits in the outbox and goes when the network returns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOWCASE_BOT_ID } from '../../server/bots/registry';
import { getLocalDoc } from '../../src/db/local-store';
import { sharedMediaStore } from '../../src/db/media-cache';
import { enqueueMessage } from '../../src/db/outbox-store';
import { localMediaKey } from '../../src/domain/media-transfer';
import { uuidv7 } from '../../src/domain/uuidv7';
import { waitFor, type ChatClient } from './helpers/chat-client';
import { signedInClients } from './helpers/signed-in-clients';
import { SAMPLES } from './helpers/media';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const signedInClient = signedInClients(() => t, { noSocket: true });

const PNG = SAMPLES.find((s) => s.label === 'PNG')!.data;

/** What sendAttachment does on the page: the file into the media store, the message into the outbox. */
async function queueImage(c: ChatClient, data: Buffer, name = 'photo.png'): Promise<string> {
  const id = uuidv7();
  await sharedMediaStore().put(localMediaKey(id), new Blob([new Uint8Array(data)], { type: 'image/png' }), { name });
  await enqueueMessage(c.db, {
    botUuid: SHOWCASE_BOT_ID, owner: c.mobile ?? '', now: Date.now(), id,
    payload: { type: 'image', media: { media_uuid: '', url: localMediaKey(id), content_type: 'image/png', name, size: data.length } },
  });
  void c.engine.invoke('syncNow');
  return id;
}

const messageOf = async (c: ChatClient, id: string) => (await c.db.messages.findOne(id).exec())?.toMutableJSON();

/** The media_uploaded analytics events of this client's user that reached the server. */
const uploadedEvents = async (c: ChatClient) => (await t.server.db.query<{ kind: string }>(
  "SELECT e.params->>'kind' AS kind FROM analytics_events e JOIN users u USING (user_uuid) WHERE u.mobile = $1 AND e.name = 'media_uploaded'", [c.mobile],
)).map((r) => r.kind);

describe('upload → send → download', () => {
  it('uploads the file, sends the image message once, and the file downloads back byte for byte', async () => {
    const c = await signedInClient();
    const id = await queueImage(c, PNG);
    const sent = await waitFor(async () => {
      const m = await messageOf(c, id);
      return m?.status === 'sent' || m?.status === 'delivered' ? m : null;
    }, 15_000, 'the image message to be sent');
    const mediaUuid = sent.message.media?.media_uuid ?? '';
    expect(mediaUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.message.media?.url).toBe(`/api/media/${mediaUuid}`);
    await waitFor(async () => (await c.db.outbox.count().exec()) === 0, 5000, 'the outbox entry to leave');
    expect((await getLocalDoc(c.db, 'media-transfers'))?.[id]).toMatchObject({ state: 'done', aborted: false });
    // the bot answered the one image (exactly once: one user message with this client id on the server)
    await waitFor(async () => (await c.db.messages.find({ selector: { bot_uuid: SHOWCASE_BOT_ID, from: 'bot' } }).exec())
      .some((m) => (m.message.text?.body ?? '').startsWith('Got your image')), 10_000, 'the bot\'s answer');
    const userImages = (await c.db.messages.find({ selector: { bot_uuid: SHOWCASE_BOT_ID, from: 'user', type: 'image' } }).exec());
    expect(userImages).toHaveLength(1);
    // the analytics event is the upload's, once, recorded when the file was on the server
    await waitFor(async () => (await uploadedEvents(c)).length > 0, 10_000, 'the media_uploaded event');
    expect(await uploadedEvents(c)).toEqual(['image']);

    // download: from the server, not the sender's copy
    await sharedMediaStore().delete(sent.message.media!.url);
    const result = await c.engine.invoke('downloadMedia', sent.message.media!.url);
    expect(result.ok).toBe(true);
    const stored = await sharedMediaStore().get(sent.message.media!.url);
    expect(Buffer.from(await stored!.blob.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await getLocalDoc(c.db, 'media-transfers'))?.[sent.message.media!.url]).toMatchObject({ kind: 'download', state: 'done', loaded: PNG.length });
  });

  it('offline, the attachment waits in the outbox and is uploaded and sent once when the network returns', async () => {
    const c = await signedInClient();
    c.setOnline(false);
    const id = await queueImage(c, PNG, 'offline.png');
    await c.engine.invoke('syncNow');
    expect((await messageOf(c, id))?.status).toBe('pending');
    expect(await c.db.outbox.count().exec()).toBe(1);
    expect(await sharedMediaStore().has(localMediaKey(id))).toBe(true);
    c.setOnline(true);
    void c.engine.invoke('networkChanged', true);
    void c.engine.invoke('syncNow');
    const started = Date.now();
    await waitFor(async () => ['sent', 'delivered'].includes((await messageOf(c, id))?.status ?? ''), 15_000, 'the offline image to be sent');
    console.log(`offline attachment sent ${Date.now() - started} ms after the network returned`);
    await waitFor(async () => (await c.db.outbox.count().exec()) === 0, 5000, 'the outbox entry to leave');
    expect(await sharedMediaStore().has(localMediaKey(id))).toBe(false);
  });

  it('a file the server refuses by its bytes fails the message (retry offered), nothing is sent', async () => {
    const c = await signedInClient();
    // declared image/png, but the bytes are text: 415 from the upload
    const id = await queueImage(c, Buffer.from('this is not a png at all, just text bytes'), 'fake.png');
    await waitFor(async () => (await messageOf(c, id))?.status === 'failed', 15_000, 'the message to fail');
    expect((await getLocalDoc(c.db, 'media-transfers'))?.[id]).toMatchObject({ state: 'failed', loaded: 0, aborted: true });
    expect((await c.db.outbox.findOne(id).exec())?.state).toBe('failed');
    // a refused file is no upload: no media_uploaded event, on the device or the server
    await c.engine.invoke('syncNow');
    expect((await c.db.actions.find().exec()).filter((a) => a.kind === 'analytics' && JSON.stringify(a.payload).includes('media_uploaded'))).toEqual([]);
    expect(await uploadedEvents(c)).toEqual([]);
  });

  it('a bot image (showcase "image") downloads with the Bearer media token', async () => {
    const c = await signedInClient();
    await c.engine.invoke('openConversation', SHOWCASE_BOT_ID);
    await c.sendText(SHOWCASE_BOT_ID, 'image');
    const image = await waitFor(async () => (await c.db.messages.find({ selector: { bot_uuid: SHOWCASE_BOT_ID, from: 'bot', type: 'image' } }).exec())[0]?.toMutableJSON(), 15_000, 'a bot image');
    const url = image.message.media!.url;
    expect((await c.engine.invoke('downloadMedia', url)).ok).toBe(true);
    expect((await sharedMediaStore().get(url))?.blob.size).toBeGreaterThan(0);
    // the youtube command's title is looked up through the engine
    const title = await c.engine.invoke('lookUpLinkTitle', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(title.ok).toBe(true);
  });
});
