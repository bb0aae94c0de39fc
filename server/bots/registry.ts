// The demo bots: each has a 16-digit id, what the lists show, its configuration, and how it
// answers a user message. Seeded into the bots table at every start (idempotent upsert).
import type { ChatMessage, OutgoingMessage } from '../../src/api/messages';
import type { LanguageCode } from '../../src/domain/language-codes';
import type { Db, Queryable } from '../db/db';
import { SHOWCASE_BOT } from './showcase';
import { DISCOVERY_BOTS } from '../discovery/catalog';
import { REGISTRY_TEXTS, translator } from './bot-text';

export { SHOWCASE_BOT_ID } from './showcase';

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
  db: Queryable;
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

const text = (body: string): BotReply => ({ type: 'text', text: { body } });

/** The English texts of Echo, Slow echo and Saathi Shop; the other languages: bot-text.ts. */
export const REGISTRY_TEXT = {
  echoWelcome: 'Hello! I repeat whatever you write.',
  echoPickOne: 'Or pick one:',
  echoOne: 'One',
  echoTwo: 'Two',
  choseOption: 'You chose option {index}',
  choseOptions: 'You chose options {indices}',
  pickedDate: 'You picked {day}/{month}/{year}',
  sharedLocation: 'You shared {latitude}, {longitude}',
  filledForm: 'You filled in {count} fields',
  sentType: 'You sent a {type}',
  slowWelcome: 'Hi, I take my time to answer.',
  shopWelcome: 'Namaste! I am Saathi Shop. Open the catalogue to add dal, atta, snacks and sweets to your cart.',
  shopHelp: 'I take orders through the catalogue: open it to add products to your cart, then review the cart to change quantities.',
} as const;

const say = translator(REGISTRY_TEXT, REGISTRY_TEXTS);

/** The user's own words come back unchanged; the bot's fixed texts are in the user's language. */
function echo(message: OutgoingMessage, language: LanguageCode): BotReply {
  switch (message.type) {
    case 'text': return text(message.text.body);
    case 'button_response':
    case 'persistent_menu_response': return text(say(language, 'choseOption', { index: message.button_index }));
    case 'multi_select_button_response': return text(say(language, 'choseOptions', { indices: message.button_indices.join(', ') }));
    case 'date': return text(say(language, 'pickedDate', { day: message.date.day, month: message.date.month, year: message.date.year }));
    case 'location': return text(say(language, 'sharedLocation', { latitude: message.location.latitude, longitude: message.location.longitude }));
    case 'form_response': return text(say(language, 'filledForm', { count: Object.keys(message.form_response.values).length }));
    default: return text(say(language, 'sentType', { type: message.type }));
  }
}

export const DEMO_BOTS: readonly BotDefinition[] = [
  {
    bot_uuid: ECHO_BOT_ID,
    name: 'Echo',
    description: 'Answers every message with the same words, at once.',
    icon: '/icons/bots/echo.svg',
    suggested: true,
    config: { allow_user_media: false },
    welcome: (language) => [
      text(say(language, 'echoWelcome')),
      // typing stays open (allow_custom_response), so the input is not read-only after the welcome
      {
        type: 'button',
        text: { body: say(language, 'echoPickOne') },
        buttons: [{ body: say(language, 'echoOne'), button_index: 0 }, { body: say(language, 'echoTwo'), button_index: 1 }],
        allow_custom_response: true,
      },
    ],
    answer: (message, ctx) => ({ replies: [echo(message, ctx.language)], delayed: false }),
  },
  {
    bot_uuid: SLOW_BOT_ID,
    name: 'Slow echo',
    description: 'Thinks for a while, then repeats your message.',
    icon: '/icons/bots/slow.svg',
    suggested: true,
    config: { allow_user_media: true },
    welcome: (language) => [text(say(language, 'slowWelcome'))],
    answer: (message, ctx) => ({ replies: [echo(message, ctx.language)], delayed: true }),
  },
  {
    bot_uuid: SHOP_BOT_ID,
    name: 'Saathi Shop',
    description: 'Groceries and snacks: browse the catalogue and fill your cart.',
    icon: '/icons/bots/shop.svg',
    suggested: true,
    config: { allow_user_media: false },
    welcome: (language) => [text(say(language, 'shopWelcome'))],
    answer: (_message, ctx) => ({ replies: [text(say(ctx.language, 'shopHelp'))], delayed: false }),
  },
  SHOWCASE_BOT,
  // the bots of discovery (categories, launch times, subscriber counts: server/discovery)
  ...DISCOVERY_BOTS,
];

export function findBot(botUuid: string): BotDefinition | undefined {
  return DEMO_BOTS.find((b) => b.bot_uuid === botUuid);
}

export async function seedBots(db: Db, now: number): Promise<void> {
  for (const bot of DEMO_BOTS) {
    await db.query(
      `INSERT INTO bots (bot_uuid, name, description, icon, suggested, config, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
       ON CONFLICT (bot_uuid) DO UPDATE SET name = $2, description = $3, icon = $4, suggested = $5, config = $6, updated_at = $7`,
      [bot.bot_uuid, bot.name, bot.description, bot.icon, bot.suggested, JSON.stringify(bot.config), now],
    );
  }
}
