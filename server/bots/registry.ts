// The demo bots: each has a 16-digit id, what the lists show, its configuration, and how it
// answers a user message. Seeded into the bots table at every start (idempotent upsert).
import type { OutgoingMessage } from '../../src/api/messages';
import type { LanguageCode } from '../../src/domain/language-codes';
import type { Db } from '../db/db';
import { ECHO_BOT_ID, SHOP_BOT_ID, SLOW_BOT_ID, type BotContext, type BotDefinition, type BotReply } from './bot-types';
import { SHOWCASE_BOT } from './showcase';
import { catalogsOf } from '../shop/catalog';
import { DISCOVERY_BOTS } from '../discovery/catalog';
import { REGISTRY_TEXTS, translator } from './bot-text';
import { offeredLabels } from './offered-option';
import { formatMoney } from '../../src/domain/money';
import { billReply } from '../payments/bill-message';
import { readCart } from '../shop/cart';

// the demo bots' ids, for the tests and the other server folders that name a bot
export { ECHO_BOT_ID, SHOP_BOT_ID, SHOWCASE_BOT_ID, SLOW_BOT_ID } from './bot-types';

const text = (body: string): BotReply => ({ type: 'text', text: { body } });

/** The English texts of Echo, Slow echo and Saathi Shop; the other languages: bot-text.ts. */
export const REGISTRY_TEXT = {
  echoWelcome: 'Hello! I repeat whatever you write.',
  echoPickOne: 'Or pick one:',
  echoOne: 'One',
  echoTwo: 'Two',
  choseOption: 'You chose option {index}',
  choseLabel: 'You chose "{label}"',
  choseOptions: 'You chose options {indices}',
  pickedDate: 'You picked {day}/{month}/{year}',
  sharedLocation: 'You shared {latitude}, {longitude}',
  filledForm: 'You filled in {count} fields',
  sentType: 'You sent a {type}',
  slowWelcome: 'Hi, I take my time to answer.',
  shopWelcome: 'Namaste! I am Saathi Shop. Open the catalogue to add dal, atta, snacks and sweets to your cart.',
  shopHelp: 'I take orders through the catalogue: open it to add products to your cart, then review the cart to change quantities.',
  shopCatalogCount: '{count} products',
  shopPayPrompt: 'Ready to pay for your cart? Tap below or type pay.',
  shopPayButton: 'Pay for my cart',
  shopBill: 'Your bill: {total}. Tap Pay to pay by UPI or card.',
  shopNothingToPay: 'Your cart is empty, so there is nothing to pay. Open the catalogue to add products.',
} as const;

const say = translator<keyof typeof REGISTRY_TEXT>(REGISTRY_TEXT, REGISTRY_TEXTS);

/**
 * The user's own words come back unchanged; the bot's fixed texts are in the user's language. A
 * choice names the option's label as the message that offered it showed it (a button_response
 * carries only its button_index); "option n" only when no message of this conversation offered it.
 */
async function echo(message: OutgoingMessage, ctx: BotContext): Promise<BotReply> {
  const { language } = ctx;
  const labels = (type: 'button' | 'multi_select_button' | 'persistent_menu', indices: readonly number[], replyTo?: string) =>
    offeredLabels(ctx.db, ctx.userUuid, ctx.botUuid, type, indices, replyTo);
  switch (message.type) {
    case 'text': return text(message.text.body);
    case 'button_response':
    case 'persistent_menu_response': {
      const [label] = await labels(message.type === 'button_response' ? 'button' : 'persistent_menu', [message.button_index]);
      return text(label !== undefined ? say(language, 'choseLabel', { label }) : say(language, 'choseOption', { index: message.button_index }));
    }
    case 'multi_select_button_response': {
      const found = await labels('multi_select_button', message.button_indices, message.reply_to);
      const named = found.map((label, i) => (label !== undefined ? `"${label}"` : String(message.button_indices[i])));
      return text(say(language, 'choseOptions', { indices: named.join(', ') }));
    }
    case 'date': return text(say(language, 'pickedDate', { day: message.date.day, month: message.date.month, year: message.date.year }));
    case 'location': return text(say(language, 'sharedLocation', { latitude: message.location.latitude, longitude: message.location.longitude }));
    case 'form_response': return text(say(language, 'filledForm', { count: Object.keys(message.form_response.values).length }));
    default: return text(say(language, 'sentType', { type: message.type }));
  }
}

/** The shop's text with a button per catalogue of the shop (catalog.ts reads the ids late: no import cycle). */
function shopCatalogs(body: string, language: LanguageCode): BotReply {
  return {
    type: 'catalog_list',
    text: { body },
    catalog_list: {
      catalogs: catalogsOf(SHOP_BOT_ID).map((c) => ({ catalog_id: c.catalog_id, name: c.name, description: say(language, 'shopCatalogCount', { count: c.products.length }) })),
    },
  };
}

/** The words that ask the shop for the bill: "pay" in English and the pay button's label in every language. */
const PAY_BUTTON_INDEX = 0;
function asksToPay(message: OutgoingMessage, language: LanguageCode): boolean {
  if (message.type === 'button_response') return message.button_index === PAY_BUTTON_INDEX;
  if (message.type !== 'text') return false;
  const typed = message.text.body.trim().toLowerCase();
  return typed === 'pay' || typed === say(language, 'shopPayButton').toLowerCase();
}

/**
 * Saathi Shop's answer: asked to pay, the bill for the cart (a payment_request message, issue 15);
 * otherwise the catalogue's button, and the pay button when the cart holds something.
 */
async function shopAnswer(message: OutgoingMessage, ctx: BotContext): Promise<BotReply[]> {
  const { language } = ctx;
  if (asksToPay(message, language)) {
    const bill = await billReply(ctx.db, ctx.userUuid, ctx.botUuid, ctx.now, (total) => say(language, 'shopBill', { total: formatMoney(total) }));
    return bill ? [bill] : [shopCatalogs(say(language, 'shopNothingToPay'), language)];
  }
  const replies = [shopCatalogs(say(language, 'shopHelp'), language)];
  if ((await readCart(ctx.db, ctx.userUuid, ctx.botUuid)).items.length > 0) {
    replies.push({ type: 'button', text: { body: say(language, 'shopPayPrompt') }, buttons: [{ body: say(language, 'shopPayButton'), button_index: PAY_BUTTON_INDEX }], allow_custom_response: true });
  }
  return replies;
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
    answer: async (message, ctx) => ({ replies: [await echo(message, ctx)], delayed: false }),
  },
  {
    bot_uuid: SLOW_BOT_ID,
    name: 'Slow echo',
    description: 'Thinks for a while, then repeats your message.',
    icon: '/icons/bots/slow.svg',
    suggested: true,
    config: { allow_user_media: true },
    welcome: (language) => [text(say(language, 'slowWelcome'))],
    answer: async (message, ctx) => ({ replies: [await echo(message, ctx)], delayed: true }),
  },
  {
    bot_uuid: SHOP_BOT_ID,
    name: 'Saathi Shop',
    description: 'Groceries and snacks: browse the catalogue and fill your cart.',
    icon: '/icons/bots/shop.svg',
    suggested: true,
    config: { allow_user_media: false },
    // the welcome and every answer carry the catalogue's button (a catalog_list opens /catalog)
    welcome: (language) => [shopCatalogs(say(language, 'shopWelcome'), language)],
    answer: async (message, ctx) => ({ replies: await shopAnswer(message, ctx), delayed: false }),
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
