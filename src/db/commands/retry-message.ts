import { getClient } from '../client';
import { ok, type CommandResult } from '../command-result';
import { requeueFailed } from '../outbox-store';
import { runEngine } from './run-engine';

/** The tap on a failed message: back to pending at the bottom of the thread, sent again. */
export async function retryMessage(id: string): Promise<CommandResult<boolean>> {
  const requeued = await requeueFailed(getClient().db, id, Date.now());
  if (requeued) void runEngine('syncNow');
  return ok(requeued);
}
