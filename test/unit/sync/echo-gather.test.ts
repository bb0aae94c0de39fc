// Received frames are stored in batches (src/sync/chat-sync.ts): while a send awaits its echo, a
// batch gathers the frames of the next ECHO_GATHER_MS (8 ms), so a send's echo and the bot's reply
// a moment later go into one write; with no send awaited, a frame is stored at once (no gather).
// The engine runs in-process against a scripted server and a scripted socket, on the real clock,
// with the delays it asks its clock for recorded.
import { expect, test, vi } from 'vitest';
import { enqueueMessage } from '../../../src/db/outbox-store';
import { ECHO_GATHER_MS } from '../../../src/sync/chat-sync';
import { engineStage } from './helpers/engine-stage';
import { BOT, MOBILE, received, scriptedSocket, serverMessage, startScripted } from './helpers/scripted-engine';

/** between a send's echo and the reply, well inside the gather */
const GAP_MS = 1;

const stage = engineStage();

test('a send\'s echo and the reply a moment later are stored in one write (the gather while the send awaits its echo)', async () => {
  const socket = scriptedSocket((sent) => {
    if (sent.action !== 'send-message') return [];
    const m = sent.body.message!;
    return [[0, received(serverMessage('user', m.text!.body, m.client_message_id!))], [GAP_MS, received(serverMessage('bot', m.text!.body, null))]];
  });
  const { db: d, inserts, delays } = await startScripted(stage, socket);
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
  const { db: d, delays } = await startScripted(stage, socket);
  const before = delays.length;
  socket.sockets[0]!.onmessage?.({ data: JSON.stringify(received(serverMessage('bot', 'news', null))) });
  await vi.waitFor(async () => expect((await d.messages.find({ selector: { from: 'bot' } }).exec()).length).toBe(1), { timeout: 5_000 });
  expect(delays.slice(before)).toContain(0);
  expect(delays.slice(before)).not.toContain(ECHO_GATHER_MS);
});
