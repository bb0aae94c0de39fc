// The page's half of every bot action: apply it to the local data at once (the conversation's
// flags or the cached profile), then append it to the durable 'bot-actions' queue and nudge the
// engine, which sends it now or when the network returns (src/sync/bot-actions.ts).
import { uuidv7 } from '../domain/uuidv7';
import { getClient } from './client';
import { EMPTY_BOT_ACTIONS, EMPTY_BOT_PROFILES, applyToProfile, emptyProfile, type BotActionIntent, type BotProfilesDoc } from './bot-profile-data';
import { modifyLocalDoc } from './local-store';
import type { AppDatabase } from './database';

export async function enqueueBotAction(db: AppDatabase, botUuid: string, intent: BotActionIntent, now: number): Promise<string> {
  const id = uuidv7();
  if (intent.kind !== 'flag' && intent.kind !== 'report') {
    await modifyLocalDoc(db, 'bot-profiles', (doc): BotProfilesDoc => {
      const base = doc ?? EMPTY_BOT_PROFILES;
      return { ...base, bots: { ...base.bots, [botUuid]: applyToProfile(base.bots[botUuid] ?? emptyProfile(), intent, botUuid, now) } };
    });
  }
  await modifyLocalDoc(db, 'bot-actions', (doc) => {
    const base = doc ?? EMPTY_BOT_ACTIONS;
    return { ...base, queue: [...base.queue, { ...intent, id, bot_uuid: botUuid, created_at: now, attempts: 0 }] };
  });
  return id;
}

/** The engine, told there is something to send (it also watches the queue itself). */
export function nudgeBotActions(): void {
  void getClient().engine.invoke('flushBotActions').catch(() => undefined);
}
