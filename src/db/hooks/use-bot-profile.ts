import { map } from 'rxjs';
import { queuedActions$ } from '../action-queue';
import { EMPTY_BOT_ACTIONS, EMPTY_BOT_PROFILES, type BotActionsDoc, type BotProfileEntry, type BotProfilesDoc, type QueuedBotAction } from '../bot-profile-data';
import { useLocalDoc } from './use-local-doc';
import { useRxQuery } from './use-rx-query';

/** The cached profile of one bot (null before the first read), and the doc's lists. */
export function useBotProfile(botUuid: string): { loaded: boolean; profile: BotProfileEntry | null; doc: BotProfilesDoc } {
  const { loaded, doc } = useBotProfiles();
  return { loaded, profile: doc.bots[botUuid] ?? null, doc };
}

/** Every bot profile this device has read (the review ask looks for the user's own ratings). */
export function useBotProfiles(): { loaded: boolean; doc: BotProfilesDoc } {
  const { loaded, doc } = useLocalDoc('bot-profiles');
  return { loaded, doc: doc ?? EMPTY_BOT_PROFILES };
}

const NONE: QueuedBotAction[] = [];

/** The bot actions still queued (the actions collection) and the last refusal's notice. */
export function useBotActions(): { loaded: boolean; doc: BotActionsDoc & { queue: QueuedBotAction[] } } {
  const { loaded, doc } = useLocalDoc('bot-actions');
  const queued = useRxQuery('bot-actions', (db) => queuedActions$(db, 'bot-action').pipe(map((list) => list.map((a) => a.payload))), NONE);
  return { loaded: loaded && queued.loaded, doc: { notice: (doc ?? EMPTY_BOT_ACTIONS).notice, queue: queued.value } };
}
