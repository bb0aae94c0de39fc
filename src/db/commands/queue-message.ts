import type { EnqueueInput } from '../outbox-store';
import { isBlocked } from '../../domain/bot-rules';
import { botBlockedError } from '../../domain/errors';
import type { AppDatabase } from '../database';
import { getClient } from '../client';
import { failed, ok, type CommandResult } from '../command-result';
import { getLocalDoc } from '../local-store';
import { enqueueMessage } from '../outbox-store';
import { uuidv7 } from '../../domain/uuidv7';

/** Whether the user has blocked the bot (its conversation's block_time): nothing may be sent to it. */
export async function isBotBlocked(db: AppDatabase, botUuid: string): Promise<boolean> {
  const conversation = await db.conversations.findOne(botUuid).exec();
  return conversation !== null && isBlocked({ block_time: conversation.block_time ?? null });
}

/**
 * The page's half of every send: the message into the outbox (durable, shown as pending). The
 * leader's engine sees the insert (outbox.insert$, from any tab) and delivers it now or when the
 * network returns: no nudge, which made one send flush twice. Answers the client id.
 * A bot the user has blocked gets nothing: refused here ('botBlocked'), no queued send is made
 * (the thread's controls are off while blocked; this also covers a tap that raced the block).
 */
export async function queueMessage(botUuid: string, payload: EnqueueInput['payload']): Promise<CommandResult<string>> {
  // the id and the time are taken before any await: sends started back to back (a quick typist)
  // keep the order they were started in, whichever read below answers first
  const id = uuidv7();
  const now = Date.now();
  const { db } = getClient();
  if (await isBotBlocked(db, botUuid)) return failed(botBlockedError());
  const owner = (await getLocalDoc(db, 'session'))?.mobile ?? '';
  return ok(await enqueueMessage(db, { botUuid, payload, owner, now, id }));
}
