import { getClient } from '../client';

/**
 * How many bot messages of a conversation are unread, read before openConversation marks it read
 * (the thread places its unread marker with it). 0 when the conversation is unknown.
 */
export async function readUnreadCount(botUuid: string): Promise<number> {
  const doc = await getClient().db.conversations.findOne(botUuid).exec();
  return doc?.unread_count ?? 0;
}
