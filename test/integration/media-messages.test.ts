// User media in messages: an image, video, audio or document message must name the sender's own
// finished upload of that kind (webhook and socket alike), else 400 and nothing of the batch is
// stored; the stored message names the file as the server knows it. Also the link title lookup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, OutgoingMessage } from '../../src/api/messages';
import { ECHO_BOT_ID, SHOWCASE_BOT_ID, SLOW_BOT_ID } from '../../server/bots/registry';
import { download, SAMPLES, uploadMedia } from './helpers/media';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';
import { openSocket } from './helpers/socket';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ slowBotDelayMs: 50 });
});
afterAll(() => t.close());

const sample = (label: string) => SAMPLES.find((s) => s.label === label)!;
let n = 0;
const cid = () => `media-${Date.now()}-${n++}`;

const mediaMessage = (type: 'image' | 'video' | 'audio' | 'document', mediaUuid: string, extra: Record<string, unknown> = {}): OutgoingMessage =>
  ({ type, media: { media_uuid: mediaUuid, url: 'blob:whatever', content_type: 'text/html', size: 1, ...extra }, client_message_id: cid() }) as OutgoingMessage;

const send = (me: TestSession, messages: OutgoingMessage[], botId = SHOWCASE_BOT_ID) =>
  t.call('messageWebhookPwa', { botId, messages }, { session: me });

async function history(me: TestSession, botUuid = SHOWCASE_BOT_ID): Promise<ChatMessage[]> {
  return (await t.ok('getMessages', { bot_uuid: botUuid, direction: 'backward' }, { session: me })).messages;
}

describe('media messages', () => {
  it('accepts an upload of the sender\'s of the right kind, stores the server\'s facts, and the Showcase bot confirms', async () => {
    const me = await t.signIn();
    const png = sample('PNG');
    const d = await uploadMedia(t, me, 'image/png', png.data);
    const answer = await send(me, [mediaMessage('image', d.media_uuid, { name: 'holiday.png', caption: 'Look!', width: 480, height: 320 })]);
    expect(answer.status).toBe(200);
    if (!answer.ok) return;
    const [mine, reply] = answer.body.messages;
    expect(mine).toMatchObject({
      from: 'user', type: 'image',
      media: { media_uuid: d.media_uuid, url: `/api/media/${d.media_uuid}`, content_type: 'image/png', size: png.data.length, name: 'holiday.png', caption: 'Look!', width: 480, height: 320 },
    });
    expect(reply).toMatchObject({ from: 'bot', type: 'text' });
    expect(reply!.text!.body).toMatch(/^Got your image “holiday\.png” \(27 KB\)/);
    // Stored as answered, and the url it names works with the media token.
    const stored = (await history(me)).find((m) => m.message_id === mine!.message_id);
    expect(stored?.media).toEqual(mine!.media);
    expect((await t.fetch(mine!.media!.url, { headers: { authorization: `Bearer ${me.tokens.mediaToken}` } })).status).toBe(200);
  });

  it('accepts each kind as its own message type, and a document gets its confirmation', async () => {
    const me = await t.signIn();
    for (const [type, label] of [['video', 'MP4'], ['audio', 'MP3 (ID3)'], ['audio', 'OGG'], ['document', 'PDF'], ['document', 'XLSX'], ['image', 'GIF']] as const) {
      const s = sample(label);
      const d = await uploadMedia(t, me, s.contentType, s.data);
      const answer = await send(me, [mediaMessage(type, d.media_uuid, { name: `file-${label}` })]);
      expect(answer.status, label).toBe(200);
      if (answer.ok) expect(answer.body.messages[1]!.text!.body, label).toMatch(new RegExp(`^Got your ${type} “file-${label.replace(/[()]/g, '\\$&')}”`));
    }
  });

  it('refuses a media_uuid of another kind (400), naming what it is', async () => {
    const me = await t.signIn();
    const pdf = await uploadMedia(t, me, 'application/pdf', sample('PDF').data);
    const png = await uploadMedia(t, me, 'image/png', sample('PNG').data);
    const cases: [OutgoingMessage, RegExp][] = [
      [mediaMessage('image', pdf.media_uuid), /is a document \(application\/pdf\), not an image/],
      [mediaMessage('video', png.media_uuid), /is an image \(image\/png\), not a video: send it as an image message/],
      [mediaMessage('audio', png.media_uuid), /not an audio/],
      [mediaMessage('document', png.media_uuid), /not a document/],
    ];
    for (const [message, text] of cases) {
      const answer = await send(me, [message]);
      expect(answer.status, message.type).toBe(400);
      if (!answer.ok) expect(answer.body.message, message.type).toMatch(text);
    }
    expect(await history(me)).toEqual([]);
  });

  it('refuses a media_uuid not uploaded yet, unknown, or uploaded for feedback (400)', async () => {
    const me = await t.signIn();
    const pending = await t.ok('getMediaUploadDetails', { content_type: 'image/png' }, { session: me });
    const feedback = await t.ok('getMediaUploadDetails', { content_type: 'image/png', purpose: 'feedback' }, { session: me });
    const { postUpload } = await import('./helpers/media');
    expect((await postUpload(feedback, sample('PNG').data)).status).toBe(204);
    const cases: [string, RegExp][] = [
      [pending.media_uuid, /has not been uploaded yet/],
      ['00000000-0000-4000-8000-000000000000', /is not an upload of yours/],
      [feedback.media_uuid, /feedback/],
    ];
    for (const [id, text] of cases) {
      const answer = await send(me, [mediaMessage('image', id)]);
      expect(answer.status, id).toBe(400);
      if (!answer.ok) expect(answer.body.message).toMatch(text);
    }
    const badId = await t.callUnchecked('messageWebhookPwa', { botId: SHOWCASE_BOT_ID, messages: [{ type: 'image', media: { media_uuid: 'x', url: 'u', content_type: 'image/png' }, client_message_id: cid() }] }, { session: me });
    expect(badId.status).toBe(400);
  });

  it('IDOR: user B cannot send (or read) user A\'s media_uuid', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const d = await uploadMedia(t, a, 'image/png', sample('PNG').data);
    const answer = await send(b, [mediaMessage('image', d.media_uuid)]);
    expect(answer.status).toBe(400);
    if (!answer.ok) expect(answer.body.message).toBe(`media.media_uuid ${d.media_uuid} is not an upload of yours`);
    expect(await history(b)).toEqual([]);
    expect((await download(t, d.media_uuid, { session: b })).status).toBe(404);
    // Over the socket too.
    const { socket_url } = await t.ok('getSocketUrl', {}, { session: b });
    const socket = await openSocket(socket_url);
    try {
      const message = mediaMessage('image', d.media_uuid);
      socket.send({ action: 'send-message', body: { bot_uuid: SHOWCASE_BOT_ID, message } });
      const error = await socket.next((f) => f.action === 'error');
      expect(error.body).toEqual({ statusCode: 400, message: `media.media_uuid ${d.media_uuid} is not an upload of yours`, client_message_id: message.client_message_id });
    } finally {
      socket.close();
    }
    expect(await history(b)).toEqual([]);
  });

  it('refuses the whole batch when one message names bad media: nothing is stored', async () => {
    const me = await t.signIn();
    const answer = await send(me, [
      { type: 'text', text: { body: 'text' }, client_message_id: cid() },
      mediaMessage('image', '00000000-0000-4000-8000-000000000000'),
    ]);
    expect(answer.status).toBe(400);
    expect(await history(me)).toEqual([]);
  });

  it('takes a good media message over the socket and acknowledges it', async () => {
    const me = await t.signIn();
    const d = await uploadMedia(t, me, 'audio/mpeg', sample('MP3 (ID3)').data);
    const { socket_url } = await t.ok('getSocketUrl', {}, { session: me });
    const socket = await openSocket(socket_url);
    try {
      const message = mediaMessage('audio', d.media_uuid, { name: 'song.mp3' });
      socket.send({ action: 'send-message', body: { bot_uuid: SHOWCASE_BOT_ID, message } });
      const ack = await socket.next((f) => f.action === 'message-received' && f.body.message.client_message_id === message.client_message_id);
      if (ack.action !== 'message-received') throw new Error('not an ack');
      expect(ack.body.message.media).toMatchObject({ media_uuid: d.media_uuid, content_type: 'audio/mpeg', url: `/api/media/${d.media_uuid}` });
      const reply = await socket.next((f) => f.action === 'message-received' && f.body.message.from === 'bot');
      if (reply.action === 'message-received') expect(reply.body.message.text?.body).toMatch(/^Got your audio “song\.mp3”/);
    } finally {
      socket.close();
    }
  });

  it('refuses media for a bot that takes none (allow_user_media false), and accepts it for one that does', async () => {
    const me = await t.signIn();
    const d = await uploadMedia(t, me, 'image/png', sample('PNG').data);
    const refused = await send(me, [mediaMessage('image', d.media_uuid)], ECHO_BOT_ID);
    expect(refused.status).toBe(400);
    if (!refused.ok) expect(refused.body.message).toMatch(/does not take files/);
    expect((await send(me, [mediaMessage('image', d.media_uuid)], SLOW_BOT_ID)).status).toBe(200);
  });

  it('repeats the original answer for a repeated client_message_id', async () => {
    const me = await t.signIn();
    const d = await uploadMedia(t, me, 'image/png', sample('PNG').data);
    const message = mediaMessage('image', d.media_uuid);
    const first = await send(me, [message]);
    const again = await send(me, [message]);
    expect(first.ok && again.ok).toBe(true);
    if (first.ok && again.ok) expect(again.body.messages.map((m) => m.message_id)).toEqual(first.body.messages.map((m) => m.message_id));
    expect(await history(me)).toHaveLength(2);
  });
});

describe('get-link-title', () => {
  it('answers the demo YouTube videos\' titles, in any of YouTube\'s link forms', async () => {
    const me = await t.signIn();
    for (const url of ['https://www.youtube.com/watch?v=jNQXAC9IVRw', 'https://youtu.be/jNQXAC9IVRw', 'https://m.youtube.com/watch?v=jNQXAC9IVRw&t=5', 'https://www.youtube.com/shorts/jNQXAC9IVRw', 'https://www.youtube.com/embed/jNQXAC9IVRw']) {
      expect(await t.ok('getLinkTitle', { url }, { session: me }), url).toEqual({ title: 'Me at the zoo' });
    }
    expect((await t.ok('getLinkTitle', { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' }, { session: me })).title).toMatch(/Big Buck Bunny/);
  });

  it('answers the host name for other https links', async () => {
    const me = await t.signIn();
    expect(await t.ok('getLinkTitle', { url: 'https://www.example.com/a/b?c=d' }, { session: me })).toEqual({ title: 'example.com' });
    expect(await t.ok('getLinkTitle', { url: 'https://www.youtube.com/watch?v=zzzzzzzzzzz' }, { session: me })).toEqual({ title: 'youtube.com' });
    expect(await t.ok('getLinkTitle', { url: 'https://docs.example.org' }, { session: me })).toEqual({ title: 'docs.example.org' });
  });

  it('refuses links that are not https (400)', async () => {
    const me = await t.signIn();
    for (const url of ['http://example.com', 'javascript:alert(1)', 'ftp://example.com/x', 'data:text/html,x', 'example.com', '//example.com', 'https://', 'x'.repeat(3000)]) {
      const answer = await t.call('getLinkTitle', { url }, { session: me });
      expect(answer.status, url).toBe(400);
    }
    expect((await t.call('getLinkTitle', { url: 'https://example.com' })).status).toBe(401);
  });
});
