// Starting a conversation (/bot/initiate-conversation: the server subscribes the user and, for an
// empty conversation, stores the bot's welcome). Two callers: a thread's first open online
// (chat-sync.ts catchUp) and the outbox before the first send to a new conversation (outbox.ts),
// so that the welcome comes before a text queued offline.
import { ANALYTICS_EVENT } from '../domain/analytics';
import { trackEvent } from '../db/analytics';
import type { AppDatabase } from '../db/database';
import { modifyConversation } from '../db/modify-conversation';
import type { HttpClient } from './http-client';
import { storeServerMessages } from './message-store';

/**
 * Starts the conversation with `botUuid`: the welcome stored (it also arrives over the socket;
 * stored here, it is in place at once), the bot's subscription as the server answers it, the
 * conversation named, and a new subscription counted (`via`: what started it). Errors are the
 * caller's.
 */
export async function startConversation(
  deps: { db: AppDatabase; http: HttpClient; owner: () => Promise<string> },
  botUuid: string,
  via: 'open' | 'first_message',
): Promise<void> {
  const { db, http } = deps;
  const wasSubscribed = (await db.bots.findOne(botUuid).exec())?.subscribed === true;
  const { bot, messages } = await http.call('initiateConversation', { bot_uuid: botUuid });
  await db.bots.findOne(botUuid).exec().then((b) => b?.incrementalPatch({ subscribed: bot.subscribed }));
  if (!wasSubscribed) await trackEvent(db, ANALYTICS_EVENT.botSubscribe, { bot_uuid: botUuid, via });
  await modifyConversation(db, botUuid, (c) => ({ ...c, name: c.name || bot.name, icon: c.icon || bot.icon }));
  if (messages.length > 0) await storeServerMessages(db, botUuid, messages, { owner: await deps.owner() });
}
