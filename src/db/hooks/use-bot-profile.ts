import { EMPTY_BOT_ACTIONS, EMPTY_BOT_PROFILES, type BotActionsDoc, type BotProfileEntry, type BotProfilesDoc } from '../bot-profile-data';
import { useLocalDoc } from './use-local-doc';

/** The cached profile of one bot (null before the first read), and the doc's lists. */
export function useBotProfile(botUuid: string): { loaded: boolean; profile: BotProfileEntry | null; doc: BotProfilesDoc } {
  const { loaded, doc } = useLocalDoc('bot-profiles');
  const d = doc ?? EMPTY_BOT_PROFILES;
  return { loaded, profile: d.bots[botUuid] ?? null, doc: d };
}

/** The queue of bot actions and the last refusal's notice. */
export function useBotActions(): { loaded: boolean; doc: BotActionsDoc } {
  const { loaded, doc } = useLocalDoc('bot-actions');
  return { loaded, doc: doc ?? EMPTY_BOT_ACTIONS };
}
