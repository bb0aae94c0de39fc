// The page's half of every bot action: apply it to the local data at once (the conversation's
// flags or the cached profile), then append it to the one action queue (the `actions`
// collection, kind 'bot-action', ordered per bot). The leader's runner sees the insert and sends
// it now or when the network returns (src/sync/action-runner.ts, src/sync/bot-actions.ts).
import { uuidv7 } from '../domain/uuidv7';
import { enqueueAction, queuedActions, removeActions } from './action-queue';
import { EMPTY_BOT_PROFILES, applyToProfile, emptyProfile, type BotActionIntent, type BotProfilesDoc } from './bot-profile-data';
import { modifyLocalDoc } from './local-store';
import type { AppDatabase } from './database';
import { orderKey } from './schemas';

export async function enqueueBotAction(db: AppDatabase, botUuid: string, intent: BotActionIntent, now: number): Promise<string> {
  const id = uuidv7();
  if (intent.kind !== 'flag' && intent.kind !== 'report' && intent.kind !== 'mark-read') {
    await modifyLocalDoc(db, 'bot-profiles', (doc): BotProfilesDoc => {
      const base = doc ?? EMPTY_BOT_PROFILES;
      return { ...base, bots: { ...base.bots, [botUuid]: applyToProfile(base.bots[botUuid] ?? emptyProfile(), intent, botUuid, now) } };
    });
  }
  return enqueueAction(db, 'bot-action', orderKey.bot(botUuid), { ...intent, id, bot_uuid: botUuid, created_at: now, attempts: 0 }, now, id);
}

/**
 * Queues the read mark of a thread (POST /bot/mark-read): the newest sk the user has seen. A mark
 * already queued for the bot at or past it makes this one needless; older ones still queued are
 * dropped (the server keeps the greatest anyway, so one sent meanwhile does no harm). Answers
 * whether a mark was queued.
 */
export async function enqueueReadMark(db: AppDatabase, botUuid: string, sk: string, now: number): Promise<boolean> {
  const marks = (await queuedActions(db, 'bot-action', orderKey.bot(botUuid))).filter((a) => a.payload.kind === 'mark-read');
  if (marks.some((a) => a.payload.kind === 'mark-read' && a.payload.sk >= sk)) return false;
  await removeActions(db, marks.map((a) => a.id));
  await enqueueBotAction(db, botUuid, { kind: 'mark-read', sk }, now);
  return true;
}
