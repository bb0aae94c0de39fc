// The conversation is marked `conversed` CONVERSED_MARK_DELAY_MS after the first acknowledged
// send (src/sync/outbox.ts), once per bot: a flush that acknowledges many sends meanwhile asks
// for one mark (one conversation read), not one per acknowledgement.
import { expect, test, vi } from 'vitest';
import { enqueueMessage } from '../../../src/db/outbox-store';
import { CONVERSED_MARK_DELAY_MS } from '../../../src/domain/constants';
import { engineStage } from './helpers/engine-stage';
import { BOT, MOBILE, received, scriptedSocket, serverMessage, startScripted } from './helpers/scripted-engine';

const stage = engineStage();

test('five sends acknowledged one by one ask for one conversed mark, which lands after the delay', async () => {
  const socket = scriptedSocket((sent) => {
    if (sent.action !== 'send-message') return [];
    const m = sent.body.message!;
    return [[0, received(serverMessage('user', m.text!.body, m.client_message_id!))]];
  });
  const { db, delays } = await startScripted(stage, socket);
  const before = delays.filter((ms) => ms === CONVERSED_MARK_DELAY_MS).length;
  for (let i = 1; i <= 5; i++) {
    await enqueueMessage(db, { botUuid: BOT, payload: { type: 'text', text: { body: `send ${i}` } }, owner: MOBILE, now: Date.now() });
    await vi.waitFor(async () => expect(await db.outbox.count().exec()).toBe(0), { timeout: 5_000 });
  }
  expect(delays.filter((ms) => ms === CONVERSED_MARK_DELAY_MS).length - before).toBe(1);
  await vi.waitFor(async () => expect((await db.conversations.findOne(BOT).exec())?.conversed).toBe(true), { timeout: CONVERSED_MARK_DELAY_MS + 3_000 });
}, 20_000);
