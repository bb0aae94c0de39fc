import { applyFlagAction, snapshotFor } from '../../domain/bot-rules';
import { modifyConversation } from '../modify-conversation';
import { enqueueBotAction } from '../bot-action-queue';
import { getClient } from '../client';
import { ok, type CommandResult } from '../command-result';

export interface ReportInput {
  reason_uuid: string;
  email: string;
  description: string;
  /** also block the bot (spec part 1 §4: report also blocks when set) */
  block: boolean;
}

/** Reports a bot: queued for the server; with block, the bot is blocked here at once. */
export async function reportBot(botUuid: string, input: ReportInput): Promise<CommandResult> {
  const { db } = getClient();
  const now = Date.now();
  const action = { kind: 'report' as const, block: input.block };
  let before = {};
  if (input.block) {
    await modifyConversation(db, botUuid, (c) => {
      before = snapshotFor(c, action);
      return applyFlagAction(c, action, now);
    });
  }
  await enqueueBotAction(db, botUuid, { kind: 'report', reason_uuid: input.reason_uuid, email: input.email.trim(), description: input.description.trim(), block: input.block, before }, now);
  return ok();
}
