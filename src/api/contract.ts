// The typed contract shared by the app and the reference server: every route's path, method,
// whether it needs a session, the schema of its body and the schema of its answer. The server
// validates bodies with these schemas (and, outside production, its own answers); the sync
// worker parses every answer with them (src/sync/http-client.ts). The page imports types only.
import { z } from 'zod';
import { CART_LIMITS, PAGE_SIZE, STANDALONE_BOT_ID_PATTERN } from '../domain/constants';
import { COUNTRIES, COUNTRY_ISOS, parseMobile } from '../domain/countries';
import { LANGUAGE_CODES } from '../domain/language-codes';
import { MESSAGE_SK_UUID_PATTERN } from '../domain/sort-keys';
import {
  botSummarySchema, chatMessageListSchema, chatMessageSchema, conversationEntrySchema, gaEventSchema, markReadAnswerSchema, moneySchema,
} from './messages';
import { catalogAnswerSchema } from './catalog';
import { remoteFlagsAnswerSchema } from './remote-flags-schema';
import { ROUTE_TABLE, type RouteMeta } from './route-table';
import { route, type RouteDef } from './route-def';
import { discoveryPageSchema, recentActivityPageSchema, searchAnswerSchema } from './discovery';
import { botProfileRoutes } from './bot-profile-contract';
import { feedbackRoutes } from './feedback-contract';
import { competitionRoutes } from './competition-contract';
import { engageRoutes } from './engage-contract';
import { rewardsRoutes } from './rewards-contract';
import { paymentsRoutes } from './payments-contract';
import { miniAppRoutes } from './mini-app-contract';
import { standaloneRoutes } from './standalone-contract';
import { feedRoutes } from './feed-contract';
import { customCodeInputSchema, profileRoutes, profileSchema } from './profile-contract';
import { analyticsRoutes } from './analytics-contract';

export type * from './messages';
export type * from './discovery';
export type * from './catalog';
export type * from './bot-profile-contract';
export type * from './feedback-contract';
export type * from './competition-contract';
export type * from './engage-contract';
export type * from './rewards-contract';
export type * from './payments-contract';
export type * from './mini-app-contract';
export type * from './feed-contract';
export type * from './profile-contract';
export type * from './analytics-contract';

export const mobileSchema = z
  .string()
  .refine((m) => parseMobile(m) !== undefined, { message: `mobile must be a dial code (${COUNTRIES.map((c) => c.dialCode).join(', ')}) followed by that country's digit count` });

export const otpSchema = z.string().regex(/^\d{4}$/, 'otp must be exactly 4 digits');

const token128 = z.string().regex(/^[0-9a-f]{32}$/, 'must be a 128-bit hex token');

/** The five language codes (src/domain/language-codes.ts). */
export const languageCodeSchema = z.enum(LANGUAGE_CODES, { error: `language must be one of ${LANGUAGE_CODES.join(', ')}` });
/** The served countries (src/domain/countries.ts). */
export const countryIsoSchema = z.enum(COUNTRY_ISOS, { error: `country_code must be one of ${COUNTRY_ISOS.join(', ')}` });

// ---------- shapes of answers ----------

/** The same answer shape of many routes: a sentence saying what happened. */
const messageAnswer = z.object({ message: z.string() });

export { profileSchema };

export const sessionTokensSchema = z.object({
  /** The session id, sent as the session-id header. */
  token: z.string().min(1),
  loginToken: z.string().min(1),
  /** Epoch milliseconds. */
  loginTokenExpiry: z.number(),
  mediaToken: z.string().min(1),
  mediaTokenExpiry: z.number(),
  /** Identifies this sign-in's socket sessions (spec part 1 §4: the socket opens only if it matches). */
  clientSessionId: z.string().min(1),
  user: profileSchema,
});
export type SessionTokens = z.output<typeof sessionTokensSchema>;

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /**
   * Why, in a word the client words itself, where one status has several causes. verify-otp
   * 412: 'expired' (the caller's own code), 'burnt' (too many wrong tries) or 'no-code' (also a
   * used code: whether a number signed in is not told). send-otp and verify-otp 429:
   * 'slow-down' (too many tries: wait Retry-After, then try again) or none (verify-otp: the code
   * is burnt; Retry-After says when a new one may be asked).
   */
  reason?: string;
}

const stateEntrySchema = z.object({ code: z.string(), name: z.string() });
export type StateEntry = z.output<typeof stateEntrySchema>;
const cityEntrySchema = z.object({ name: z.string() });
export type CityEntry = z.output<typeof cityEntrySchema>;

// ---------- push ----------

const base64url = (field: string, bytes: number) => z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, `${field} must be base64url`)
  .refine((v) => Math.floor((v.replace(/=+$/, '').length * 6) / 8) === bytes, { message: `${field} must encode ${bytes} bytes` });

/** PushSubscription.toJSON(): p256dh is an uncompressed P-256 point (65 bytes), auth 16 bytes. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().url('subscription.endpoint must be a URL').max(2048, 'subscription.endpoint is at most 2048 characters'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url('keys.p256dh', 65), auth: base64url('keys.auth', 16) }).strict(),
}).strict();
export type PushSubscriptionJson = z.output<typeof pushSubscriptionSchema>;

// ---------- routes ----------

export type { RouteDef } from './route-def';

const empty = z.object({}).strict();
const savedItemUuidList = (field: string) =>
  z.array(z.string().uuid(`${field} must hold UUIDs`)).min(1, `${field} must hold 1 to 50 items`).max(50, `${field} must hold 1 to 50 items`);

/** Bot ids are 16-digit numbers (spec part 1 §5). */
const botIdOf = (field: string) => z.string().regex(STANDALONE_BOT_ID_PATTERN, `${field} must be a 16-digit number`);
export const botIdSchema = botIdOf('bot_uuid');
const botBody = z.object({ bot_uuid: botIdSchema }).strict();

/** A stored message's sort key: 15-digit time _ 9-digit number _ message id (a UUID). */
export const messageSkSchema = z.string().regex(MESSAGE_SK_UUID_PATTERN, 'sk must be a message sort key');

/** The sender's id of a message (a UUIDv7 in the app): 1 to 64 letters, digits, '-' or '_'. */
export const clientMessageIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'client_message_id must be 1 to 64 letters, digits, - or _');

const optionIndex = z.number().int().min(0).max(99);
const latitudeText = z.string().regex(/^-?\d{1,2}(\.\d{1,10})?$/, 'latitude must be decimal degrees').refine((v) => Math.abs(Number(v)) <= 90, 'latitude must be from -90 to 90');
const longitudeText = z.string().regex(/^-?\d{1,3}(\.\d{1,10})?$/, 'longitude must be decimal degrees').refine((v) => Math.abs(Number(v)) <= 180, 'longitude must be from -180 to 180');

/** The date picker's range (spec part 1 §5: 1800-01-01 to 2200-12-31). */
export const dateValueSchema = z.object({
  day: z.number().int().min(1).max(31),
  month: z.number().int().min(1).max(12),
  year: z.number().int().min(1800).max(2200),
}).strict().refine(({ day, month, year }) => {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}, 'date is not a day of the calendar');

/** A user's upload, by the media_uuid that get-media-upload-details issued. */
export const userMediaSchema = z.object({
  media_uuid: z.string().uuid('media_uuid must be a UUID'),
  url: z.string().max(512),
  content_type: z.string().max(128),
  name: z.string().max(255).optional(),
  size: z.number().int().min(1).optional(),
  caption: z.string().max(1024).optional(),
  width: z.number().int().min(1).optional(),
  height: z.number().int().min(1).optional(),
  duration: z.number().min(0).optional(),
}).strict();

const OUTGOING_TYPES = 'text, button_response, persistent_menu_response, multi_select_button_response, date, location, form_response, image, video, audio or document';

/** A message the user sends (webhook and socket). */
export const outgoingMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    text: z.object({ body: z.string().trim().min(1, 'text.body must not be blank').max(4096) }).strict(),
    client_message_id: clientMessageIdSchema,
  }).strict(),
  z.object({
    type: z.enum(['button_response', 'persistent_menu_response']),
    button_index: optionIndex,
    client_message_id: clientMessageIdSchema,
  }).strict(),
  z.object({
    type: z.literal('multi_select_button_response'),
    button_indices: z.array(optionIndex).min(1, 'button_indices must hold at least one option').max(100),
    custom_response: z.string().trim().min(1).max(4096).optional(),
    /** the message_id of the multi-select answered */
    reply_to: z.string().uuid('reply_to must be a message id').optional(),
    client_message_id: clientMessageIdSchema,
  }).strict(),
  z.object({ type: z.literal('date'), date: dateValueSchema, client_message_id: clientMessageIdSchema }).strict(),
  z.object({
    type: z.literal('location'),
    location: z.object({
      latitude: latitudeText,
      longitude: longitudeText,
      type: z.enum(['CURRENT', 'CUSTOM']),
      timestamp: z.number().int().min(0),
      address: z.string().max(512).optional(),
    }).strict(),
    client_message_id: clientMessageIdSchema,
  }).strict(),
  z.object({
    type: z.literal('form_response'),
    form_response: z.object({
      form_id: z.string().min(1).max(64),
      values: z.record(z.string().max(64), z.string().max(4096)),
    }).strict(),
    client_message_id: clientMessageIdSchema,
  }).strict(),
  z.object({
    type: z.enum(['image', 'video', 'audio', 'document']),
    media: userMediaSchema,
    client_message_id: clientMessageIdSchema,
  }).strict(),
], { error: (issue) => (issue.code === 'invalid_union' ? `type must be ${OUTGOING_TYPES}` : undefined) });

/** A frame the client sends on the live connection (spec part 1 §4, §7). */
export const socketFrameInSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.enum(['send-message', 'web-send-message']),
    body: z.object({ bot_uuid: botIdSchema, message: outgoingMessageSchema }).strict(),
  }).strict(),
  z.object({ action: z.literal('ping'), body: z.unknown().optional() }).strict(),
], { error: (issue) => (issue.code === 'invalid_union' ? 'action must be send-message, web-send-message or ping' : undefined) });

/** A paging cursor of get-messages: signed by the server, opaque to the client. */
const pageTokenSchema = z.string().regex(/^[A-Za-z0-9_.-]{1,512}$/, 'next_token is not a paging token');

export const botConfigurationSchema = z.object({
  bot_uuid: z.string(),
  allow_user_media: z.boolean(),
  description: z.string(),
});
export type BotConfiguration = z.output<typeof botConfigurationSchema>;

/** get-bot-user-details; `catalogs`: the bot's catalogues (empty for a bot without a shop), its profile links the first. */
export const botUserDetailsSchema = z.object({
  bot_uuid: z.string(),
  name: z.string(),
  icon: z.string(),
  carousel: z.array(z.unknown()),
  faqs: z.array(z.unknown()),
  configuration: z.object({ description: z.string() }),
  old_bot: z.boolean(),
  catalogs: z.array(z.object({ catalog_id: z.string(), name: z.string() })).optional(),
});

export const messagesPageSchema = z.object({
  /** Oldest first, in both directions. */
  messages: chatMessageListSchema,
  /** Continues in the requested direction; null when there is nothing more (for now). */
  next_token: z.string().nullable(),
  /** A forward token after the newest message answered (or the cursor's place): poll it for newer ones. */
  forward_token: z.string().nullable(),
});
export type MessagesPage = z.output<typeof messagesPageSchema>;

// ---------- the cart (spec part 2 §3 "Cart", §7 "Cart and catalogue") ----------

/** Limits of a cart: in src/domain/constants.ts (the app's bundles read them from there). */
export { CART_LIMITS };

/** One customisation choice of a cart line: the customisation's id and the chosen option's id. */
const cartCustomizationAnswer = z.object({ id: z.string(), value: z.string() });
export type CartCustomization = z.output<typeof cartCustomizationAnswer>;

/** A cart line as the client sends it (the spec's "server cart item"); its body schema is cartItemSchema. */
const cartItemAnswer = z.object({
  catalog_id: z.string(),
  product_id: z.string(),
  quantity: z.number().int(),
  customizations: z.array(cartCustomizationAnswer),
});
export type CartItem = z.output<typeof cartItemAnswer>;

/** A cart line as the server answers it: the item, its keys and, when asked, the product's details. */
export const cartLineSchema = cartItemAnswer.extend({
  /** First 16 hex digits of SHA-256 of the line's sorted customisation choices. */
  customization_hash: z.string(),
  /** First 16 hex digits of SHA-256 of the product's customisation steps as the catalogue has them now. */
  steps_hash: z.string(),
  // With include_product_details (the default), for products still in the catalogue:
  name: z.string().optional(),
  /** Price of one unit without customisations. */
  price: moneySchema.optional(),
  max_quantity_allowed: z.number().optional(),
  /** What the chosen customisations add to one unit. */
  customization_price: moneySchema.optional(),
});
export type CartLine = z.output<typeof cartLineSchema>;

export const cartAnswerSchema = z.object({
  bot_uuid: z.string(),
  cart: z.array(cartLineSchema),
  /** Counts the cart's updates: 0 for a cart never updated. */
  version: z.number().int().min(0),
});
export type CartAnswer = z.output<typeof cartAnswerSchema>;

/** Ids of catalogues, products, customisations and options: 1 to 64 letters, digits, - or _. */
const cartIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _');

export const cartItemSchema = z.object({
  catalog_id: cartIdSchema,
  product_id: cartIdSchema,
  quantity: z.number()
    .int(`must be a whole number from 1 to ${CART_LIMITS.maxLineQuantity}`)
    .min(1, `must be a whole number from 1 to ${CART_LIMITS.maxLineQuantity}`)
    .max(CART_LIMITS.maxLineQuantity, `must be a whole number from 1 to ${CART_LIMITS.maxLineQuantity}`),
  customizations: z.array(z.object({ id: cartIdSchema, value: cartIdSchema }).strict())
    .max(CART_LIMITS.maxCustomizations, `must hold at most ${CART_LIMITS.maxCustomizations} choices`)
    .default([]),
}).strict();

export const cartSchema = z.array(cartItemSchema).max(CART_LIMITS.maxLines, `must hold at most ${CART_LIMITS.maxLines} lines`);

// ---------- media (spec part 1 §7 "Media") ----------

/** What an upload is for: a chat attachment, a feedback screenshot, a profile photo or a competition entry's file. */
export const mediaPurposeSchema = z.enum(['chat', 'feedback', 'profile', 'competition']);

const mediaUploadBody = z.object({
  /** The file's type: image/*, video/*, or an accepted audio or document type (spec part 1 §5). */
  content_type: z.string().min(1, 'content_type must not be empty').max(255),
  purpose: mediaPurposeSchema.default('chat'),
  /** Spec part 2 §7 {type, competition_uuid}: type 'competition' is the same as purpose 'competition'. */
  type: z.literal('competition', { error: "type must be 'competition'" }).optional(),
  /** The competition an entry's file is for (purpose or type competition only). */
  competition_uuid: z.string().uuid('competition_uuid must be a UUID').optional(),
}).strict()
  .transform(({ type, ...rest }) => (type === 'competition' ? { ...rest, purpose: 'competition' as const } : rest))
  .refine((b) => (b.purpose === 'competition') === (b.competition_uuid !== undefined), 'competition_uuid is needed for a competition upload, and only for one');

/**
 * Where and how to upload one file: POST multipart/form-data to upload_details.url with every
 * s3_fields entry (in order), then the file in a part named `file`; 204 means stored. media_uuid
 * names the file in messages; feedback answers it as screenshot_uuid too, profile as photo_uuid.
 */
export const mediaUploadDetailsSchema = z.object({
  media_uuid: z.string().uuid(),
  screenshot_uuid: z.string().optional(),
  photo_uuid: z.string().optional(),
  upload_details: z.object({ url: z.string(), s3_fields: z.record(z.string(), z.string()) }),
});
export type MediaUploadDetails = z.output<typeof mediaUploadDetailsSchema>;

/** One saved item (spec part 1 §3): the message as it was when saved, and its bot. */
export const savedItemSchema = z.object({
  saved_item_uuid: z.string(),
  bot_uuid: z.string(),
  bot_name: z.string(),
  bot_icon: z.string(),
  saved_at: z.number(),
  index: z.number().int(),
  message: chatMessageSchema,
});
export type SavedItem = z.output<typeof savedItemSchema>;

export const savedItemsPageSchema = z.object({ items: z.array(savedItemSchema), has_more: z.boolean() });
export type SavedItemsPage = z.output<typeof savedItemsPageSchema>;

/** A bot the caller saved items from (the saved-items filter chips). */
export const savedItemFilterSchema = z.object({ bot_uuid: z.string(), name: z.string(), icon: z.string(), count: z.number().int() });
export type SavedItemFilter = z.output<typeof savedItemFilterSchema>;

/** A place the address picker offers: its label and where it is. */
export const nearbyAddressSchema = z.object({ label: z.string(), latitude: z.number(), longitude: z.number() });
export type NearbyAddress = z.output<typeof nearbyAddressSchema>;

export const routes = {
  sendOtp: route({
    ...ROUTE_TABLE.sendOtp, response: z.object({ message: z.string(), resendAfterSeconds: z.number(), expiresInSeconds: z.number() }),
    body: z.object({ mobile: mobileSchema }).strict(),
  }),
  verifyOtp: route({
    ...ROUTE_TABLE.verifyOtp, response: sessionTokensSchema,
    body: z.object({ mobile: mobileSchema, otp: otpSchema }).strict(),
  }),
  loginWithToken: route({
    ...ROUTE_TABLE.loginWithToken, response: sessionTokensSchema,
    body: z.object({ mobile: mobileSchema, loginToken: token128 }).strict(),
  }),
  /** Spec: GET, or POST with deviceId. Both are served; the client uses POST. */
  logout: route({
    ...ROUTE_TABLE.logout, response: messageAnswer,
    body: z.object({ deviceId: z.string().min(1).max(64).optional() }).strict(),
  }),
  getMediaToken: route({
    ...ROUTE_TABLE.getMediaToken, response: z.object({ mediaToken: z.string().min(1), mediaTokenExpiry: z.number() }), body: empty,
  }),
  /** Creates a short code that stands for the caller's mobile (for links that prefill the login). */
  createMobileCode: route({
    ...ROUTE_TABLE.createMobileCode, response: z.object({ mobileCode: z.string(), expiresAt: z.number() }), body: empty,
  }),
  getValueFromCode: route({
    ...ROUTE_TABLE.getValueFromCode, response: z.object({ mobile: z.string() }),
    body: z.object({ mobileCode: z.string().regex(/^[A-Za-z0-9]{6,32}$/, 'mobileCode must be 6 to 32 letters or digits') }).strict(),
  }),
  getProfile: route({
    ...ROUTE_TABLE.getProfile, response: profileSchema, body: empty,
  }),
  updateProfile: route({
    ...ROUTE_TABLE.updateProfile, response: profileSchema,
    body: z.object({
      name: z.string().trim().min(1, 'name must not be blank').max(60).optional(),
      email: z.string().trim().max(254).email('email is not valid').or(z.literal('')).optional(),
      gender: z.enum(['male', 'female']).nullable().optional(),
      dob: z.object({ year: z.number().int().min(1900).max(2200), month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) }).nullable().optional(),
      country_code: countryIsoSchema.optional(),
      state_code: z.string().min(1).max(16).optional(),
      city: z.string().trim().min(1).max(80).optional(),
      photo_uuid: z.string().uuid().nullable().optional(),
      /** A known code (404 otherwise) or '' to remove it; authenticate-custom-code does the same. */
      custom_code: customCodeInputSchema.or(z.literal('')).optional(),
      language: languageCodeSchema.optional(),
    }).strict(),
  }),
  getStates: route({
    ...ROUTE_TABLE.getStates, response: z.object({ states: z.array(stateEntrySchema) }),
    body: z.object({ country_code: countryIsoSchema }).strict(),
  }),
  getCities: route({
    ...ROUTE_TABLE.getCities, response: z.object({ cities: z.array(cityEntrySchema) }),
    body: z.object({ country_code: countryIsoSchema, state_code: z.string().min(1).max(16) }).strict(),
  }),
  deleteProfile: route({
    ...ROUTE_TABLE.deleteProfile, response: messageAnswer,
    body: z.object({
      device_id: z.string().min(1).max(64).optional(),
      /** Why (one of get-reason-list), counted without the user. */
      reason_uuid: z.string().uuid('reason_uuid must be a UUID').optional(),
    }).strict(),
  }),
  getSuggestedList: route({
    ...ROUTE_TABLE.getSuggestedList, response: z.object({ bot_list: z.array(botSummarySchema) }), body: empty,
  }),
  /** Subscribes and, when the conversation is empty, stores the bot's welcome message. */
  initiateConversation: route({
    ...ROUTE_TABLE.initiateConversation, response: z.object({ bot: botSummarySchema, messages: chatMessageListSchema }), body: botBody,
  }),
  subscribeBot: route({
    ...ROUTE_TABLE.subscribeBot, response: z.object({ message: z.string(), bot: botSummarySchema }), body: botBody,
  }),
  getConversationList: route({
    ...ROUTE_TABLE.getConversationList, response: z.object({ conversation_list: z.array(conversationEntrySchema) }), body: empty,
  }),
  getPinnedConversationList: route({
    ...ROUTE_TABLE.getPinnedConversationList, response: z.object({ pinned_list: z.array(conversationEntrySchema) }), body: empty,
  }),
  /** `catalogs`: the bot's catalogues (empty for a bot without a shop); its profile links the first. */
  getBotUserDetails: route({
    ...ROUTE_TABLE.getBotUserDetails, response: botUserDetailsSchema, body: botBody,
  }),
  getConfiguration: route({
    ...ROUTE_TABLE.getConfiguration, response: botConfigurationSchema, body: botBody,
  }),
  /**
   * A page (50) of the caller's conversation with the bot, oldest first. Without a token:
   * backward answers the newest page, forward the oldest. Tokens are bound to user, bot and direction.
   */
  getMessages: route({
    ...ROUTE_TABLE.getMessages, response: messagesPageSchema,
    body: z.object({
      bot_uuid: botIdSchema,
      direction: z.enum(['forward', 'backward']),
      next_token: pageTokenSchema.nullable().optional(),
    }).strict(),
  }),
  /** Stores the user's messages (idempotent by client_message_id), runs the bot, answers both. */
  messageWebhookPwa: route({
    ...ROUTE_TABLE.messageWebhookPwa, response: z.object({ messages: chatMessageListSchema, meta: z.object({ gaEvents: z.array(gaEventSchema) }) }),
    body: z.object({
      botId: botIdOf('botId'),
      messages: z.array(outgoingMessageSchema).min(1, 'messages must hold 1 to 20 messages').max(20, 'messages must hold 1 to 20 messages'),
    }).strict(),
  }),
  /** A ws(s) URL with a single-use ticket valid for 60 s. */
  getSocketUrl: route({
    ...ROUTE_TABLE.getSocketUrl, response: z.object({ socket_url: z.string().regex(/^wss?:\/\//, 'socket_url must be a ws(s) URL'), expires_at: z.number() }), body: empty,
  }),
  /** The caller's cart with the bot (empty for a new one); product details unless include_product_details is false. */
  getCart: route({
    ...ROUTE_TABLE.getCart, response: cartAnswerSchema,
    body: z.object({
      bot_uuid: botIdSchema,
      include_product_details: z.boolean({ error: 'must be true or false' }).default(true),
    }).strict(),
  }),
  /**
   * Replaces the caller's whole cart with the bot; answers it as get-cart does (with details)
   * and sends cart-updated to the caller's sockets. 404 'Product not found', 422 'Max quantity reached'.
   */
  updateCart: route({
    ...ROUTE_TABLE.updateCart, response: cartAnswerSchema,
    body: z.object({ bot_uuid: botIdSchema, cart: cartSchema }).strict(),
  }),
  /** Addresses near a point for the location address picker (spec part 1 §4 fetch_address). */
  reverseGeocode: route({
    ...ROUTE_TABLE.reverseGeocode, response: z.object({ addresses: z.array(nearbyAddressSchema) }),
    body: z.object({
      latitude: z.number({ error: 'latitude must be a number' }).min(-90).max(90),
      longitude: z.number({ error: 'longitude must be a number' }).min(-180).max(180),
    }).strict(),
  }),
  /** Issues a media_uuid and the signed fields of its upload; 400 'No media type found' for other types. */
  getMediaUploadDetails: route({
    ...ROUTE_TABLE.getMediaUploadDetails, response: mediaUploadDetailsSchema, body: mediaUploadBody,
  }),
  /** The spec's other name of get-media-upload-details: the same answer. */
  getMediaUploadUrl: route({
    ...ROUTE_TABLE.getMediaUploadUrl, response: mediaUploadDetailsSchema, body: mediaUploadBody,
  }),
  /** The title of a link (youtube messages), looked up once per url by the client and cached. */
  getLinkTitle: route({
    ...ROUTE_TABLE.getLinkTitle, response: z.object({ title: z.string() }),
    body: z.object({ url: z.string().min(1, 'url must not be empty').max(2048, 'url must be at most 2048 characters') }).strict(),
  }),
  /** Banners, featured icons, recommended bots (with launch_time), categories and mini apps (spec part 1 §3). */
  getDiscoveryPage: route({
    ...ROUTE_TABLE.getDiscoveryPage, response: discoveryPageSchema, body: empty,
  }),
  /** The caller's conversations (pinned first), mini app subscriptions and pinned resources. */
  getRecentActivityPage: route({
    ...ROUTE_TABLE.getRecentActivityPage, response: recentActivityPageSchema,
    body: z.object({ language: languageCodeSchema }).strict(),
  }),
  /** Bots and mini apps whose name, description or category contains the keyword (any case). */
  searchBots: route({
    ...ROUTE_TABLE.searchBots, response: searchAnswerSchema,
    body: z.object({ keyword: z.string().trim().min(1, 'keyword must not be blank').max(100, 'keyword must be at most 100 characters') }).strict(),
  }),
  /**
   * The newest message the user has seen in a conversation (issue 11): kept per user and bot,
   * only ever forward (an older or repeated mark changes nothing), never past the newest message.
   * Answers the mark now kept and the bot messages after it.
   */
  markRead: route({
    ...ROUTE_TABLE.markRead, response: markReadAnswerSchema,
    body: z.object({ bot_uuid: botIdSchema, sk: messageSkSchema }).strict(),
  }),
  /** One of the bot's catalogues (the first when catalog_uuid is absent); 404 'Catalog not found'. */
  getCatalog: route({
    ...ROUTE_TABLE.getCatalog, response: catalogAnswerSchema,
    body: z.object({ bot_uuid: botIdSchema, catalog_uuid: cartIdSchema.optional() }).strict(),
  }),
  ...botProfileRoutes,
  ...feedbackRoutes,
  ...competitionRoutes,
  ...engageRoutes, ...rewardsRoutes,
  ...paymentsRoutes,
  ...miniAppRoutes,
  ...standaloneRoutes,
  ...feedRoutes,
  ...profileRoutes,
  ...analyticsRoutes,
  // ---------- push and remote config (issue 6) ----------
  /** The server's VAPID public key (base64url), for PushManager.subscribe's applicationServerKey. */
  getVapidPublicKey: route({
    ...ROUTE_TABLE.getVapidPublicKey, response: z.object({ public_key: z.string().min(1) }), body: empty }),
  /**
   * Keeps the browser's push subscription for the caller (one row per endpoint; saving it again
   * updates it). The endpoint must be https on a known push service (server/push/subscriptions.ts).
   */
  savePwaSubscription: route({
    ...ROUTE_TABLE.savePwaSubscription, response: z.object({}).transform(() => ({}) as Record<string, never>),
    body: z.object({
      subscription: pushSubscriptionSchema,
      timestamp: z.number({ error: 'timestamp must be epoch milliseconds' }).int().nonnegative(),
      deviceId: z.string().min(1, 'deviceId must not be empty').max(128, 'deviceId is at most 128 characters'),
    }).strict(),
  }),
  /**
   * The remote flags of spec part 1 §3 (src/api/remote-flags.ts), from the server's configuration:
   * checked flag by flag on arrival (a bad one is dropped, the others kept), so any object here.
   */
  getRemoteConfig: route({
    ...ROUTE_TABLE.getRemoteConfig, response: remoteFlagsAnswerSchema, body: empty }),
  /**
   * Rates a bot message that asks for it (rating_type): thumbs take 1 (up) or -1 (down), stars
   * 1 to 5; a second rating replaces the first. 404 'Message not found', 422 when the message
   * takes no rating or the value does not fit its rating_type.
   */
  submitMessageRating: route({
    ...ROUTE_TABLE.submitMessageRating, response: messageAnswer,
    body: z.object({
      bot_uuid: botIdSchema,
      sk: messageSkSchema,
      rating: z.number({ error: 'rating must be a whole number' }).int('rating must be a whole number').min(-1, 'rating must be -1, 1, 2, 3, 4 or 5').max(5, 'rating must be -1, 1, 2, 3, 4 or 5').refine((r) => r !== 0, 'rating must be -1, 1, 2, 3, 4 or 5'),
    }).strict(),
  }),
  /** Saves a message (index: which card or product of it, 0 for the message); saving again answers the same item. 404 'Message not found'. */
  saveItem: route({
    ...ROUTE_TABLE.saveItem, response: z.object({ saved_item_uuid: z.string() }),
    body: z.object({
      bot_uuid: botIdSchema,
      sk: messageSkSchema,
      index: z.number({ error: 'index must be a whole number' }).int('index must be a whole number').min(0, 'index must be 0 or more').max(99, 'index must be at most 99'),
    }).strict(),
  }),
  /**
   * The caller's saved items (not unsaved), newest first unless sort is ASCENDING; offset and
   * limit (1..8, default 8) page them; filters keeps only the listed bots. has_more: a next page exists.
   */
  getSavedItems: route({
    ...ROUTE_TABLE.getSavedItems, response: savedItemsPageSchema,
    body: z.object({
      sort: z.enum(['ASCENDING', 'DESCENDING'], { error: 'sort must be ASCENDING or DESCENDING' }).default('DESCENDING'),
      offset: z.number({ error: 'offset must be a whole number' }).int('offset must be a whole number').min(0, 'offset must be 0 or more').max(1_000_000, 'offset is too large').default(0),
      limit: z.number({ error: 'limit must be a whole number' }).int('limit must be a whole number').min(1, 'limit must be 1 to 8').max(PAGE_SIZE.savedItems, 'limit must be 1 to 8').default(PAGE_SIZE.savedItems),
      filters: z.array(botIdSchema).max(100, 'filters holds at most 100 bots').default([]),
    }).strict(),
  }),
  /** The bots the caller saved items from, with how many items each (not unsaved), by name. */
  getSavedItemFilters: route({
    ...ROUTE_TABLE.getSavedItemFilters, response: z.object({ filters: z.array(savedItemFilterSchema) }), body: empty }),
  /** Unsaves the caller's items (soft: undo brings them back); unknown or others' uuids change nothing. */
  unsaveItem: route({
    ...ROUTE_TABLE.unsaveItem, response: z.object({ message: z.string(), unsaved: z.number() }),
    body: z.object({ saved_item_uuid_list: savedItemUuidList('saved_item_uuid_list') }).strict(),
  }),
  /** Brings unsaved items of the caller back. */
  undoUnsaveItem: route({
    ...ROUTE_TABLE.undoUnsaveItem, response: z.object({ message: z.string(), restored: z.number() }),
    body: z.object({ unsaved_item_uuid_list: savedItemUuidList('unsaved_item_uuid_list') }).strict(),
  }),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type BodyOf<N extends RouteName> = z.input<Routes[N]['body']>;
/** The answer of a route as the worker hands it on: its schema's output. */
export type ResponseOf<N extends RouteName> = z.output<Routes[N]['response']>;
/** What a handler may answer: its schema's input (the server checks it against the schema outside production). */
export type AnswerOf<N extends RouteName> = z.input<Routes[N]['response']>;

/** GET /version.json (outside the API base): the build's version code. */
export interface VersionFile { version_code: number; version_name: string }

// Both tables name the same routes: a route added to one and not the other fails to compile.
const _everyRouteHasMeta: Record<RouteName, RouteMeta> = ROUTE_TABLE;
const _everyMetaHasRoute: Record<keyof typeof ROUTE_TABLE, RouteDef> = routes;
void _everyRouteHasMeta;
void _everyMetaHasRoute;
