// Wire shapes of chat messages and conversations (spec part 1 §3: message, paging cursor, bot
// conversation entry), as zod schemas with their types inferred. The server answers them (and
// checks its answers against them in development and tests), the sync worker parses every
// answer and frame with them before anything is stored (src/sync/http-client.ts), and the app
// imports only their types (`import type`), so zod stays out of the page's bundles.
import { z } from 'zod';
import { MESSAGE_SK_PATTERN } from '../domain/sort-keys';

/** Message types of spec part 1 §3. */
export const MESSAGE_TYPES = [
  'text', 'image', 'audio', 'video', 'video_stream', 'document', 'media_list', 'youtube',
  'article', 'button', 'multi_select_button', 'action', 'button_response',
  'multi_select_button_response', 'persistent_menu', 'persistent_menu_response', 'card',
  'product_list', 'rich_input', 'date', 'location', 'scorecard', 'catalog_list', 'cart',
  'form_response', 'form',
  // issue 15: a bot asks the user to pay one of their payment requests (spec part 2 §3 Payment)
  'payment_request',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const buttonOptionSchema = z.object({
  body: z.string(),
  icon: z.string().optional(),
  button_index: z.number().int(),
});
export type ButtonOption = z.output<typeof buttonOptionSchema>;

/** An action a button can carry (spec part 1 §3: website, view_cart, email, phone_number). */
export const buttonActionSchema = z.object({
  type: z.enum(['website', 'view_cart', 'email', 'phone_number']),
  /** The https URL, the e-mail address, the phone number; absent for view_cart. */
  value: z.string().optional(),
});
export type ButtonAction = z.output<typeof buttonActionSchema>;

/** A button of an action message or a card: a label and what a tap does. */
export const actionButtonSchema = z.object({ body: z.string(), action: buttonActionSchema });
export type ActionButton = z.output<typeof actionButtonSchema>;

/**
 * A media file of a message. Bot media and uploaded user media live on the server under
 * /api/media/{media_uuid} and are fetched with the Bearer media token; `url` is that path (or,
 * for video_stream and youtube, the external address).
 */
export const mediaRefSchema = z.object({
  media_uuid: z.string().optional(),
  url: z.string(),
  content_type: z.string(),
  /** File name (documents, audio titles). */
  name: z.string().optional(),
  /** Bytes. */
  size: z.number().optional(),
  caption: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  /** Seconds (audio, video). */
  duration: z.number().optional(),
  /** A small image (data: URL or media path) shown before the download. */
  thumbnail: z.string().optional(),
});
export type MediaRef = z.output<typeof mediaRefSchema>;

/** Money in minor units (spec part 2 §5: divisor 100, VND 1). */
export const moneySchema = z.object({ price: z.number(), currency: z.enum(['INR', 'USD', 'SGD', 'EUR', 'VND']) });
export type Money = z.output<typeof moneySchema>;

export const cardItemSchema = z.object({
  title: z.string(),
  subtitle: z.string().optional(),
  image: mediaRefSchema.optional(),
  buttons: z.array(actionButtonSchema).optional(),
});
export type CardItem = z.output<typeof cardItemSchema>;

export const productItemSchema = z.object({
  catalog_id: z.string(),
  product_id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  price: moneySchema,
  image: mediaRefSchema.optional(),
});
export type ProductItem = z.output<typeof productItemSchema>;

export const catalogItemSchema = z.object({
  catalog_id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  image: mediaRefSchema.optional(),
});
export type CatalogItem = z.output<typeof catalogItemSchema>;

export const formFieldSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: z.enum(['text', 'number', 'email', 'phone', 'select', 'date']),
  required: z.boolean().optional(),
  options: z.array(z.string()).optional(),
  max_length: z.number().optional(),
  /** number fields: the smallest and largest value accepted. */
  min: z.number().optional(),
  max: z.number().optional(),
});
export type FormField = z.output<typeof formFieldSchema>;

export const formSpecSchema = z.object({
  form_id: z.string(),
  title: z.string(),
  fields: z.array(formFieldSchema),
  submit_label: z.string().optional(),
});
export type FormSpec = z.output<typeof formSpecSchema>;

/** A pending input request a bot message carries (spec part 1 §3). */
export const richInputRequestSchema = z.object({
  /** date, location and form are supported; any other type shows the not-supported text. */
  type: z.string(),
  config: z.object({
    /** date: 'yyyy-mm-dd' bounds. */
    min: z.string().optional(),
    max: z.string().optional(),
    /** location: the user may pick a place instead of the device position. */
    allow_custom: z.boolean().optional(),
    /** location: let the user pick an address near the device position. */
    fetch_address: z.boolean().optional(),
  }).optional(),
  /** form: the form to fill in. */
  form: formSpecSchema.optional(),
});
export type RichInputRequest = z.output<typeof richInputRequestSchema>;

export const dateValueShape = z.object({ day: z.number().int(), month: z.number().int(), year: z.number().int() });
export type DateValue = z.output<typeof dateValueShape>;

export const locationValueSchema = z.object({
  /** Decimal degrees as text (spec part 1 §3). */
  latitude: z.string(),
  longitude: z.string(),
  /** CURRENT for the device position, CUSTOM for a picked place. */
  type: z.enum(['CURRENT', 'CUSTOM']),
  timestamp: z.number(),
  address: z.string().optional(),
});
export type LocationValue = z.output<typeof locationValueSchema>;

export const scorecardRowSchema = z.object({ label: z.string(), value: z.string() });
export type ScorecardRow = z.output<typeof scorecardRowSchema>;

/** A stored message as the server sends it (get-messages, webhook answers, socket frames). */
export const chatMessageSchema = z.object({
  message_id: z.string().min(1, 'message_id missing').max(64, 'message_id missing'),
  /** Sort key: 15-digit ms timestamp _ 9-digit number _ message_id; text order is time order (src/domain/sort-keys.ts). */
  sk: z.string().regex(MESSAGE_SK_PATTERN, 'sk is not a sort key'),
  /** Epoch ms. */
  timestamp: z.number().finite().min(0, 'timestamp is not a time'),
  /** Orders messages of the same millisecond within the conversation. */
  number: z.number().optional(),
  from: z.enum(['user', 'bot'], { error: 'from is neither user nor bot' }),
  /**
   * One of MESSAGE_TYPES; any other non-empty type is let through on purpose (a newer bot's type
   * shows the not-supported text, spec part 1 §3), so the type says MessageType and the check is looser.
   */
  type: z.custom<MessageType>((v) => typeof v === 'string' && v.length > 0 && v.length <= 64, 'type missing'),
  /**
   * The text of a text message, and the prompt or caption of the others (button, multi-select,
   * action, persistent_menu, rich_input, form, card lists).
   */
  text: z.object({ body: z.string() }).optional(),
  /** button_response and persistent_menu_response: the chosen option. */
  button_index: z.number().optional(),
  /** multi_select_button_response: the chosen options. */
  button_indices: z.array(z.number()).optional(),
  /** multi_select_button_response: the typed answer, when custom responses are allowed. */
  custom_response: z.string().optional(),
  /** multi_select_button_response: the message_id of the multi-select it answers. */
  reply_to: z.string().optional(),
  /** button, multi_select_button and persistent_menu: the options. */
  buttons: z.array(buttonOptionSchema).optional(),
  /** Seconds a button message stays answerable. */
  ttl: z.number().optional(),
  allow_custom_response: z.boolean().optional(),
  /** The sender's id of a user message (null on bot messages; an absent one is read as null). */
  client_message_id: z.string().nullable().default(null),
  /** Spec part 1 §3 fields a bot may set. */
  is_rated: z.boolean().optional(),
  /** 'thumbs' (up/down) or 'stars' (1–5): the message asks to be rated. */
  rating_type: z.string().optional(),
  multi_select: z.boolean().optional(),
  /** action messages: the action buttons. */
  actions: z.array(actionButtonSchema).optional(),
  /** @deprecated kept for messages stored before `actions`; one action of the message. */
  action: buttonActionSchema.optional(),
  /** image, audio, video, video_stream, document (and user uploads of those). */
  media: mediaRefSchema.optional(),
  /** media_list. */
  media_list: z.array(mediaRefSchema).optional(),
  /** youtube: the video's address; its title is looked up once and cached. */
  youtube: z.object({ url: z.string(), video_id: z.string() }).optional(),
  article: z.object({ title: z.string(), description: z.string().optional(), url: z.string(), image: mediaRefSchema.optional() }).optional(),
  card: z.object({ cards: z.array(cardItemSchema) }).optional(),
  product_list: z.object({ products: z.array(productItemSchema) }).optional(),
  catalog_list: z.object({ catalogs: z.array(catalogItemSchema) }).optional(),
  /**
   * payment_request: a bill the bot opened for this user (its order priced by the server); the app
   * opens the same checkout as the cart's "Place order" for it (/checkout?pr=).
   */
  payment_request: z.object({ payment_request_id: z.string(), order_id: z.string(), amount: moneySchema }).optional(),
  /** cart: a summary of the user's cart with the bot. */
  cart: z.object({ item_count: z.number(), total: moneySchema }).optional(),
  rich_input: richInputRequestSchema.optional(),
  /** form messages (as rich_input form). */
  form: formSpecSchema.optional(),
  form_response: z.object({ form_id: z.string(), values: z.record(z.string(), z.string()) }).optional(),
  /** The user's date answer. */
  date: dateValueShape.optional(),
  /** The user's location answer. */
  location: locationValueSchema.optional(),
  scorecard: z.object({ title: z.string(), score: z.number(), total: z.number(), rows: z.array(scorecardRowSchema).optional() }).optional(),
}).refine((m) => m.from !== 'user' || m.client_message_id !== null, { message: 'a user message without client_message_id', path: ['client_message_id'] });
export type ChatMessage = z.output<typeof chatMessageSchema>;

/**
 * Flags of spec part 1 §3 that the app keeps on its own copy of a message; the server never
 * sends them.
 */
export interface LocalMessageFlags {
  failed?: boolean;
  is_new?: boolean;
  is_last?: boolean;
  showAnimation?: boolean;
  showProfilePicture?: boolean;
}

/**
 * A list of bot messages as an answer carries it (get-messages, the webhook, initiate-conversation):
 * each message is parsed on its own, and one that fails its schema is reported and skipped, so
 * the rest of the page is stored (DESIGN.md §4: a bad message never holds back the good ones; a
 * thread whose history held one malformed message would otherwise never load).
 */
export const chatMessageListSchema = z.array(z.unknown()).transform((items): ChatMessage[] =>
  items.flatMap((item) => {
    const parsed = chatMessageSchema.safeParse(item);
    if (parsed.success) return [parsed.data];
    console.warn('wire: a malformed message was skipped', parsed.error.issues.slice(0, 3));
    return [];
  }),
);

/** A message the user sends (webhook or socket); its schema is outgoingMessageSchema (contract.ts). */
export type OutgoingMessage =
  | { type: 'text'; text: { body: string }; client_message_id: string }
  | { type: 'button_response'; button_index: number; client_message_id: string }
  | { type: 'persistent_menu_response'; button_index: number; client_message_id: string }
  | { type: 'multi_select_button_response'; button_indices: number[]; custom_response?: string; reply_to?: string; client_message_id: string }
  | { type: 'date'; date: DateValue; client_message_id: string }
  | { type: 'location'; location: LocationValue; client_message_id: string }
  | { type: 'form_response'; form_response: { form_id: string; values: Record<string, string> }; client_message_id: string }
  | { type: 'image' | 'video' | 'audio' | 'document'; media: MediaRef & { media_uuid: string }; client_message_id: string };

export const botSummarySchema = z.object({
  bot_uuid: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  subscribed: z.boolean(),
});
export type BotSummary = z.output<typeof botSummarySchema>;

/** A conversation entry (spec part 1 §3). Times are epoch ms or null. */
export const conversationEntrySchema = z.object({
  bot_uuid: z.string(),
  name: z.string(),
  icon: z.string(),
  block_time: z.number().nullable(),
  archive_time: z.number().nullable(),
  mute_time: z.number().nullable(),
  /** ms; -1 means forever. */
  mute_duration: z.number().nullable(),
  pinned: z.boolean(),
  /** bot messages after the read mark (or after the user's last message, if that is newer) */
  unread_count: z.number().int().min(0),
  last_message: chatMessageSchema.nullable(),
  /** the newest sk the user has seen, from any device (POST /bot/mark-read); null before any mark */
  last_read_sk: z.string().regex(MESSAGE_SK_PATTERN).nullable(),
});
export type ConversationEntry = z.output<typeof conversationEntrySchema>;

/** POST /bot/mark-read {bot_uuid, sk} */
export const markReadAnswerSchema = z.object({
  bot_uuid: z.string(),
  last_read_sk: z.string().regex(MESSAGE_SK_PATTERN).nullable(),
  unread_count: z.number().int().min(0),
});
export type MarkReadAnswer = z.output<typeof markReadAnswerSchema>;

export const gaEventSchema = z.object({ category: z.string(), action: z.string(), label: z.string(), value: z.number() });
export type GaEvent = z.output<typeof gaEventSchema>;

/** Frames of the live connection: { action, body }. What the client sends: socketFrameInSchema (contract.ts). */
export type SocketFrameIn =
  | { action: 'send-message' | 'web-send-message'; body: { bot_uuid: string; message: OutgoingMessage } }
  | { action: 'ping'; body?: unknown };

/** What the server sends on the live connection; the worker parses each frame with it (a bad one is reported and skipped). */
export const socketFrameOutSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('message-received'), body: z.object({ bot_uuid: z.string(), message: chatMessageSchema }) }),
  z.object({ action: z.literal('cart-updated'), body: z.object({ bot_uuid: z.string() }) }),
  // a bot published a post (issue 13): the worker refreshes the feed
  z.object({ action: z.literal('feed-post'), body: z.object({ post_uuid: z.string() }) }),
  z.object({ action: z.literal('pong'), body: z.object({}).optional().transform(() => ({}) as Record<string, never>) }),
  z.object({ action: z.literal('error'), body: z.object({ statusCode: z.number(), message: z.string(), client_message_id: z.string().optional() }) }),
]);
export type SocketFrameOut = z.output<typeof socketFrameOutSchema>;
