// Received frames are stored in batches (src/sync/chat-sync.ts): while a send awaits its echo, a
// batch gathers the frames of the next ECHO_GATHER_MS (8 ms), so a send's echo and the bot's reply
// a moment later go into one write; with no send awaited, a frame is stored at once (no gather).
// The engine runs in-process against a scripted server and a scripted socket, on the real clock,
// with the delays it asks its clock for recorded.
import { expect, test, vi } from 'vitest';
import type { ChatMessage } from '../../../src/api/messages';
import { newSession } from '../../../src/db/defaults';
import { setLocalDoc } from '../../../src/db/local-store';
import { enqueueMessage } from '../../../src/db/outbox-store';
import { messageSortKey } from '../../../src/domain/sort-keys';
import { createInProcessEngine } from '../../../src/sync/engine';
import { systemClock } from '../../../src/sync/http-client';
import { ECHO_GATHER_MS } from '../../../src/sync/chat-sync';
import type { WebSocketLike } from '../../../src/sync/live-connection';
import { openTestDatabase } from '../db/helpers/fake-db';
import { engineStage } from './helpers/engine-stage';
import { fakeApi, json } from './helpers/fake-api';

const BOT = '1000000000000001';
const MOBILE = '9000000001';
/** between a send's echo and the reply, well inside the gather */
const GAP_MS = 1;

const stage = engineStage();

let number = 0;
function serverMessage(from: 'user' | 'bot', body: string, clientMessageId: string | null): ChatMessage {
  number += 1;
  const id = `00000000-0000-4000-8000-${String(number).padStart(12, '0')}`;
  const time = Date.now();
  return { message_id: id, sk: messageSortKey(time, number, id), timestamp: time, number, from, type: 'text', text: { body }, client_message_id: clientMessageId } as ChatMessage;
}

/** A socket that opens at once; `frames(sent)` answers each frame the app sends: [delay ms, frame] pairs. */
function scriptedSocket(frames: (sent: { action: string; body: { message?: { client_message_id?: string; text?: { body: string } } } }) => Array<[number, unknown]>) {
  const sockets: WebSocketLike[] = [];
  const create = (): WebSocketLike => {
    const socket: WebSocketLike = {
      readyState: 0, onopen: null, onclose: null, onmessage: null, onerror: null,
      send: (data: string) => {
        for (const [ms, frame] of frames(JSON.parse(data))) setTimeout(() => socket.onmessage?.({ data: JSON.stringify(frame) }), ms);
      },
      close: () => {},
    };
    setTimeout(() => {
      (socket as { readyState: number }).readyState = 1;
      socket.onopen?.({});
    }, 0);
    sockets.push(socket);
    return socket;
  };
  return { create, sockets };
}

async function start(socket: ReturnType<typeof scriptedSocket>) {
  const db = await openTestDatabase();
  stage.db = db;
  await setLocalDoc(db, 'session', { ...newSession('device-1'), mobile: MOBILE, token: 't'.repeat(32), clientSessionId: 'client-session' });
  await db.bots.insert({ bot_uuid: BOT, name: 'Echo', description: '', icon: '', subscribed: true, allow_user_media: null, suggested_rank: 0, fetched_at: 1 });
  const api = fakeApi({ '/api/bot/get-socket-url': () => json(200, { socket_url: 'ws://api.test/api/socket?ticket=' + 'c'.repeat(32), expires_at: Date.now() + 60_000 }) });
  const inserts = vi.spyOn(db.messages, 'bulkInsert');
  const delays: number[] = [];
  stage.engine = createInProcessEngine(db, {
    clock: { ...systemClock, setTimeout: (fn, ms) => (delays.push(ms), systemClock.setTimeout(fn, ms)) },
    origin: 'http://api.test',
    versionName: 't',
    fetch: api.fetch,
    connectivity: { isOnline: () => true, subscribe: () => () => {} },
    createSocket: socket.create,
  });
  await vi.waitFor(() => expect(socket.sockets[0]?.readyState).toBe(1), { timeout: 5_000 });
  return { db, inserts, delays };
}

const received = (message: ChatMessage) => ({ action: 'message-received', body: { bot_uuid: BOT, message } });

test('a send\'s echo and the reply a moment later are stored in one write (the gather while the send awaits its echo)', async () => {
  const socket = scriptedSocket((sent) => {
    if (sent.action !== 'send-message') return [];
    const m = sent.body.message!;
    return [[0, received(serverMessage('user', m.text!.body, m.client_message_id!))], [GAP_MS, received(serverMessage('bot', m.text!.body, null))]];
  });
  const { db: d, inserts, delays } = await start(socket);
  await enqueueMessage(d, { botUuid: BOT, payload: { type: 'text', text: { body: 'hello' } }, owner: MOBILE, now: Date.now() });
  await vi.waitFor(async () => expect(await d.outbox.count().exec()).toBe(0), { timeout: 5_000 });
  await vi.waitFor(async () => expect((await d.messages.find({ selector: { from: 'bot' } }).exec()).length).toBe(1));
  // (enqueueMessage's insert of the pending message goes through bulkInsert too: the write
  // looked at is the one that stored the reply)
  const withReply = inserts.mock.calls.map((c) => c[0] as { from: string }[]).filter((docs) => docs.some((m) => m.from === 'bot'));
  expect(withReply.map((docs) => docs.map((m) => m.from))).toEqual([['user', 'bot']]);
  expect(delays).toContain(ECHO_GATHER_MS);
});

test('with no send awaited, a bot\'s frame is stored without the gather', async () => {
  const socket = scriptedSocket(() => []);
  const { db: d, delays } = await start(socket);
  const before = delays.length;
  socket.sockets[0]!.onmessage?.({ data: JSON.stringify(received(serverMessage('bot', 'news', null))) });
  await vi.waitFor(async () => expect((await d.messages.find({ selector: { from: 'bot' } }).exec()).length).toBe(1), { timeout: 5_000 });
  expect(delays.slice(before)).toContain(0);
  expect(delays.slice(before)).not.toContain(ECHO_GATHER_MS);
});
