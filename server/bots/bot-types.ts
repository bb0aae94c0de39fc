// What a demo bot is (BotDefinition), what it reads while answering and what it answers with,
// and the demo bots' ids: a leaf module, so the bots (registry.ts, showcase.ts, the discovery and
// shop catalogues) and the runtime share them without importing one another.
import type { ChatMessage, OutgoingMessage } from '../../src/api/messages';
import type { LanguageCode } from '../../src/domain/language-codes';
import type { Db } from '../db/db';

/** The fields of a stored message that its sender does not choose. */
type StoredFields = 'message_id' | 'sk' | 'timestamp' | 'number' | 'from' | 'type' | 'client_message_id';

/**
 * What a bot answers with: the type and any fields of ChatMessage (text, buttons, media,
 * rich_input...). All of them are stored and sent back as they are (get-messages, frames).
 */
export type BotReply = Partial<Omit<ChatMessage, StoredFields>> & {
  /** A MessageType; any other text is a type the app does not know (it shows "not supported"). */
  type: string;
};

/** What a bot may read while answering: the conversation's user, its database, the time and the language to write in (bot-language.ts). */
export interface BotContext {
  userUuid: string;
  botUuid: string;
  /** A Db (not just a Queryable): a bot may open an order, which takes a transaction (server/payments/bill-message.ts). */
  db: Db;
  now: number;
  language: LanguageCode;
}

export interface BotAnswer { replies: BotReply[]; delayed: boolean }

export interface BotDefinition {
  bot_uuid: string;
  name: string;
  description: string;
  icon: string;
  suggested: boolean;
  config: { allow_user_media: boolean };
  /** Stored when a conversation is initiated and still empty, in the language given. */
  welcome(language: LanguageCode): BotReply[];
  /** Answers to one user message; `delayed` replies come after the runtime's slow delay. */
  answer(message: OutgoingMessage, ctx: BotContext): BotAnswer | Promise<BotAnswer>;
}

export const ECHO_BOT_ID = '1000000000000001';
export const SLOW_BOT_ID = '1000000000000002';
/** The demo shop: its catalogue is server/shop/catalog.ts, its cart the /bot/*-cart routes. */
export const SHOP_BOT_ID = '1000000000000003';
/** The bot that shows every message type the app renders (showcase.ts). */
export const SHOWCASE_BOT_ID = '1000000000000004';
