// The read mark of a thread: the newest message the user has seen goes to the server
// (POST /bot/mark-read) through the one action queue (kind bot-action), so a mark made offline is sent
// when the network returns, and another device (or this one after signing in again) shows the
// chat as read. The screen calls it debounced (READ_MARK_DEBOUNCE_MS) once the newest message is
// in view; the same or an older mark queues nothing.
import { enqueueReadMark } from '../bot-action-queue';
import { getClient } from '../client';
import { ok, type CommandResult } from '../command-result';

export async function markConversationRead(botUuid: string, sk: string): Promise<CommandResult> {
  if (sk === '') return ok();
  await enqueueReadMark(getClient().db, botUuid, sk, Date.now());
  return ok();
}
