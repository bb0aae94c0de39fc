import { DEFAULT_REMOTE_FLAGS } from '../../api/remote-flags';
import { applyFlagAction, canPin, isValidMuteDuration, snapshotFor, type FlagAction } from '../../domain/bot-rules';
import { operationError } from '../../domain/errors';
import { modifyConversation } from '../modify-conversation';
import { enqueueBotAction } from '../bot-action-queue';
import { getClient } from '../client';
import { failed, ok, type CommandResult } from '../command-result';
import { trackEvent } from '../analytics';
import { ANALYTICS_EVENT } from '../../domain/analytics';

/** The bot actions the spec's analytics names (part 2 §7): mute, block, archive. */
const FLAG_EVENTS: Partial<Record<FlagAction['kind'], string>> = { mute: ANALYTICS_EVENT.botMute, block: ANALYTICS_EVENT.botBlock, archive: ANALYTICS_EVENT.botArchive };

/** Pin limit: the remote flag when the config sync stored one, else its default. */
async function pinLimit(): Promise<number> {
  const { db } = getClient();
  // the remote-flags document is written by the config sync (another issue); read it loosely
  const doc = await db.getLocal<{ flags?: { limit_pin_bots?: unknown } }>('remote-flags');
  const limit = doc?.toJSON().data.flags?.limit_pin_bots;
  return typeof limit === 'number' && Number.isInteger(limit) && limit >= 0 ? limit : DEFAULT_REMOTE_FLAGS.limit_pin_bots;
}

/**
 * Pin, unpin, mute, unmute, block, unblock, archive or unarchive a bot: the conversation changes
 * at once and the action is queued for the server. Refused here (not queued): a pin over
 * limit_pin_bots ('Error pinning the bot') and a mute duration that is not -1 or positive.
 */
export async function runBotAction(botUuid: string, action: Exclude<FlagAction, { kind: 'report' }>): Promise<CommandResult> {
  const { db } = getClient();
  const now = Date.now();
  if (action.kind === 'mute' && !isValidMuteDuration(action.mute_duration)) return failed(operationError('mute'));
  if (action.kind === 'pin') {
    // RxDB refuses count() on a selector no index covers; the conversations are few
    const pinned = (await db.conversations.find({ selector: { pinned: true } }).exec()).length;
    const self = await db.conversations.findOne(botUuid).exec();
    if (!self?.pinned && !canPin(pinned, await pinLimit())) return failed(operationError('pin'));
  }
  let before = {};
  await modifyConversation(db, botUuid, (c) => {
    before = snapshotFor(c, action);
    return applyFlagAction(c, action, now);
  });
  await enqueueBotAction(db, botUuid, { kind: 'flag', action, before }, now);
  const event = FLAG_EVENTS[action.kind];
  if (event) await trackEvent(db, event, { bot_uuid: botUuid, ...(action.kind === 'mute' ? { mute_duration: action.mute_duration } : {}) }, now);
  return ok();
}
