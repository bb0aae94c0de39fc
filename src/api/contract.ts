// The typed contract shared by the app and the reference server: every route's path, method,
// whether it needs a session, the schema of its body and the shape of its answer. The server
// validates bodies with these schemas; the client's API client is typed by them.
import { z } from 'zod';
import { CART_LIMITS, PAGE_SIZE } from '../domain/constants';
import { parseMobile } from '../domain/countries';
import type { BotSummary, ChatMessage, ConversationEntry, GaEvent, Money } from './messages';
import type { CatalogAnswer } from './catalog';
import type { RemoteFlags } from './remote-flags';
import { ROUTE_TABLE, type RouteMeta } from './route-table';
import type { DiscoveryPage, RecentActivityPage, SearchAnswer } from './discovery';

export type * from './messages';
export type * from './discovery';
export type * from './catalog';
import { botProfileRoutes } from './bot-profile-contract';
import { feedbackRoutes } from './feedback-contract';

export type * from './messages';
export type * from './bot-profile-contract';

export const mobileSchema = z
  .string()
  .refine((m) => parseMobile(m) !== undefined, { message: 'mobile must be a dial code (+91, +65 or +66) followed by that country\'s digit count' });

export const otpSchema = z.string().regex(/^\d{4}$/, 'otp must be exactly 4 digits');

const token128 = z.string().regex(/^[0-9a-f]{32}$/, 'must be a 128-bit hex token');

export const languageCodeSchema = z.enum(['en', 'hi', 'gu', 'mr', 'te']);
export const countryIsoSchema = z.enum(['IN', 'SG', 'TH']);

// ---------- shapes of answers ----------

export interface SessionTokens {
  /** The session id, sent as the session-id header. */
  token: string;
  loginToken: string;
  /** Epoch milliseconds. */
  loginTokenExpiry: number;
  mediaToken: string;
  mediaTokenExpiry: number;
  /** Identifies this sign-in's socket sessions (spec part 1 §4: the socket opens only if it matches). */
  clientSessionId: string;
  user: Profile;
}

export interface Profile {
  user_uuid: string;
  mobile: string;
  name: string;
  email: string;
  gender: 'male' | 'female' | null;
  dob: { year: number; month: number; day: number } | null;
  country_code: 'IN' | 'SG' | 'TH';
  country_name: string;
  state: { code: string; name: string } | null;
  city: string;
  photo: string | null;
  language: 'en' | 'hi' | 'gu' | 'mr' | 'te' | null;
  profileComplete: boolean;
}

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
}

export interface StateEntry { code: string; name: string }
export interface CityEntry { name: string }

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

export interface RouteDef<B extends z.ZodType, R> extends RouteMeta {
  readonly body: B;
  /** Phantom type of the 200 answer; never read at run time. */
  readonly response?: R;
}

function route<R>() {
  return <B extends z.ZodType>(def: Omit<RouteDef<B, R>, 'response'>): RouteDef<B, R> => def;
}

const empty = z.object({}).strict();
const savedItemUuidList = (field: string) =>
  z.array(z.string().uuid(`${field} must hold UUIDs`)).min(1, `${field} must hold 1 to 50 items`).max(50, `${field} must hold 1 to 50 items`);

/** Bot ids are 16-digit numbers (spec part 1 §5). */
const botIdOf = (field: string) => z.string().regex(/^\d{16}$/, `${field} must be a 16-digit number`);
export const botIdSchema = botIdOf('bot_uuid');
const botBody = z.object({ bot_uuid: botIdSchema }).strict();

/** A stored message's sort key: 15-digit time _ 9-digit number _ message id (a UUID). */
export const messageSkSchema = z.string().regex(/^\d{15}_\d{9}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'sk must be a message sort key');

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

export interface BotConfiguration {
  bot_uuid: string;
  allow_user_media: boolean;
  description: string;
}

export interface MessagesPage {
  /** Oldest first, in both directions. */
  messages: ChatMessage[];
  /** Continues in the requested direction; null when there is nothing more (for now). */
  next_token: string | null;
  /** A forward token after the newest message answered (or the cursor's place): poll it for newer ones. */
  forward_token: string | null;
}

// ---------- the cart (spec part 2 §3 "Cart", §7 "Cart and catalogue") ----------

/** Limits of a cart: in src/domain/constants.ts (the app's bundles read them from there). */
export { CART_LIMITS };

/** An amount in minor units (paise for INR) and its ISO 4217 currency. */

/** One customisation choice of a cart line: the customisation's id and the chosen option's id. */
export interface CartCustomization { id: string; value: string }

/** A cart line as the client sends it (the spec's "server cart item"). */
export interface CartItem {
  catalog_id: string;
  product_id: string;
  quantity: number;
  customizations: CartCustomization[];
}

/** A cart line as the server answers it: the item, its keys and, when asked, the product's details. */
export interface CartLine extends CartItem {
  /** First 16 hex digits of SHA-256 of the line's sorted customisation choices. */
  customization_hash: string;
  /** First 16 hex digits of SHA-256 of the product's customisation steps as the catalogue has them now. */
  steps_hash: string;
  // With include_product_details (the default), for products still in the catalogue:
  name?: string;
  /** Price of one unit without customisations. */
  price?: Money;
  max_quantity_allowed?: number;
  /** What the chosen customisations add to one unit. */
  customization_price?: Money;
}

export interface CartAnswer {
  bot_uuid: string;
  cart: CartLine[];
  /** Counts the cart's updates: 0 for a cart never updated. */
  version: number;
}

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

/** What an upload is for: a chat attachment, a feedback screenshot or a profile photo. */
export const mediaPurposeSchema = z.enum(['chat', 'feedback', 'profile']);

const mediaUploadBody = z.object({
  /** The file's type: image/*, video/*, or an accepted audio or document type (spec part 1 §5). */
  content_type: z.string().min(1, 'content_type must not be empty').max(255),
  purpose: mediaPurposeSchema.default('chat'),
}).strict();

/**
 * Where and how to upload one file: POST multipart/form-data to upload_details.url with every
 * s3_fields entry (in order), then the file in a part named `file`; 204 means stored. media_uuid
 * names the file in messages; feedback answers it as screenshot_uuid too, profile as photo_uuid.
 */
export interface MediaUploadDetails {
  media_uuid: string;
  screenshot_uuid?: string;
  photo_uuid?: string;
  upload_details: { url: string; s3_fields: Record<string, string> };
}

export const routes = {
  sendOtp: route<{ message: string; resendAfterSeconds: number; expiresInSeconds: number }>()({
    ...ROUTE_TABLE.sendOtp,
    body: z.object({ mobile: mobileSchema }).strict(),
  }),
  verifyOtp: route<SessionTokens>()({
    ...ROUTE_TABLE.verifyOtp,
    body: z.object({ mobile: mobileSchema, otp: otpSchema }).strict(),
  }),
  loginWithToken: route<SessionTokens>()({
    ...ROUTE_TABLE.loginWithToken,
    body: z.object({ mobile: mobileSchema, loginToken: token128 }).strict(),
  }),
  /** Spec: GET, or POST with deviceId. Both are served; the client uses POST. */
  logout: route<{ message: string }>()({
    ...ROUTE_TABLE.logout,
    body: z.object({ deviceId: z.string().min(1).max(64).optional() }).strict(),
  }),
  getMediaToken: route<{ mediaToken: string; mediaTokenExpiry: number }>()({
    ...ROUTE_TABLE.getMediaToken, body: empty,
  }),
  /** Creates a short code that stands for the caller's mobile (for links that prefill the login). */
  createMobileCode: route<{ mobileCode: string; expiresAt: number }>()({
    ...ROUTE_TABLE.createMobileCode, body: empty,
  }),
  getValueFromCode: route<{ mobile: string }>()({
    ...ROUTE_TABLE.getValueFromCode,
    body: z.object({ mobileCode: z.string().regex(/^[A-Za-z0-9]{6,32}$/, 'mobileCode must be 6 to 32 letters or digits') }).strict(),
  }),
  getProfile: route<Profile>()({
    ...ROUTE_TABLE.getProfile, body: empty,
  }),
  updateProfile: route<Profile>()({
    ...ROUTE_TABLE.updateProfile,
    body: z.object({
      name: z.string().trim().min(1, 'name must not be blank').max(60).optional(),
      email: z.string().trim().max(254).email('email is not valid').or(z.literal('')).optional(),
      gender: z.enum(['male', 'female']).nullable().optional(),
      dob: z.object({ year: z.number().int().min(1900).max(2200), month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) }).nullable().optional(),
      country_code: countryIsoSchema.optional(),
      state_code: z.string().min(1).max(16).optional(),
      city: z.string().trim().min(1).max(80).optional(),
      photo_uuid: z.string().uuid().nullable().optional(),
      custom_code: z.string().max(64).optional(),
      language: languageCodeSchema.optional(),
    }).strict(),
  }),
  getStates: route<{ states: StateEntry[] }>()({
    ...ROUTE_TABLE.getStates,
    body: z.object({ country_code: countryIsoSchema }).strict(),
  }),
  getCities: route<{ cities: CityEntry[] }>()({
    ...ROUTE_TABLE.getCities,
    body: z.object({ country_code: countryIsoSchema, state_code: z.string().min(1).max(16) }).strict(),
  }),
  deleteProfile: route<{ message: string }>()({
    ...ROUTE_TABLE.deleteProfile,
    body: z.object({ device_id: z.string().min(1).max(64).optional() }).strict(),
  }),
  getSuggestedList: route<{ bot_list: BotSummary[] }>()({
    ...ROUTE_TABLE.getSuggestedList, body: empty,
  }),
  /** Subscribes and, when the conversation is empty, stores the bot's welcome message. */
  initiateConversation: route<{ bot: BotSummary; messages: ChatMessage[] }>()({
    ...ROUTE_TABLE.initiateConversation, body: botBody,
  }),
  subscribeBot: route<{ message: string; bot: BotSummary }>()({
    ...ROUTE_TABLE.subscribeBot, body: botBody,
  }),
  getConversationList: route<{ conversation_list: ConversationEntry[] }>()({
    ...ROUTE_TABLE.getConversationList, body: empty,
  }),
  getPinnedConversationList: route<{ pinned_list: ConversationEntry[] }>()({
    ...ROUTE_TABLE.getPinnedConversationList, body: empty,
  }),
  getBotUserDetails: route<{ bot_uuid: string; name: string; icon: string; carousel: unknown[]; faqs: unknown[]; configuration: { description: string }; old_bot: boolean }>()({
    ...ROUTE_TABLE.getBotUserDetails, body: botBody,
  }),
  getConfiguration: route<BotConfiguration>()({
    ...ROUTE_TABLE.getConfiguration, body: botBody,
  }),
  /**
   * A page (50) of the caller's conversation with the bot, oldest first. Without a token:
   * backward answers the newest page, forward the oldest. Tokens are bound to user, bot and direction.
   */
  getMessages: route<MessagesPage>()({
    ...ROUTE_TABLE.getMessages,
    body: z.object({
      bot_uuid: botIdSchema,
      direction: z.enum(['forward', 'backward']),
      next_token: pageTokenSchema.nullable().optional(),
    }).strict(),
  }),
  /** Stores the user's messages (idempotent by client_message_id), runs the bot, answers both. */
  messageWebhookPwa: route<{ messages: ChatMessage[]; meta: { gaEvents: GaEvent[] } }>()({
    ...ROUTE_TABLE.messageWebhookPwa,
    body: z.object({
      botId: botIdOf('botId'),
      messages: z.array(outgoingMessageSchema).min(1, 'messages must hold 1 to 20 messages').max(20, 'messages must hold 1 to 20 messages'),
    }).strict(),
  }),
  /** A ws(s) URL with a single-use ticket valid for 60 s. */
  getSocketUrl: route<{ socket_url: string; expires_at: number }>()({
    ...ROUTE_TABLE.getSocketUrl, body: empty,
  }),
  /** The caller's cart with the bot (empty for a new one); product details unless include_product_details is false. */
  getCart: route<CartAnswer>()({
    ...ROUTE_TABLE.getCart,
    body: z.object({
      bot_uuid: botIdSchema,
      include_product_details: z.boolean({ error: 'must be true or false' }).default(true),
    }).strict(),
  }),
  /**
   * Replaces the caller's whole cart with the bot; answers it as get-cart does (with details)
   * and sends cart-updated to the caller's sockets. 404 'Product not found', 422 'Max quantity reached'.
   */
  updateCart: route<CartAnswer>()({
    ...ROUTE_TABLE.updateCart,
    body: z.object({ bot_uuid: botIdSchema, cart: cartSchema }).strict(),
  }),
  /** Addresses near a point for the location address picker (spec part 1 §4 fetch_address). */
  reverseGeocode: route<{ addresses: NearbyAddress[] }>()({
    ...ROUTE_TABLE.reverseGeocode,
    body: z.object({
      latitude: z.number({ error: 'latitude must be a number' }).min(-90).max(90),
      longitude: z.number({ error: 'longitude must be a number' }).min(-180).max(180),
    }).strict(),
  }),
  /** Issues a media_uuid and the signed fields of its upload; 400 'No media type found' for other types. */
  getMediaUploadDetails: route<MediaUploadDetails>()({
    ...ROUTE_TABLE.getMediaUploadDetails, body: mediaUploadBody,
  }),
  /** The spec's other name of get-media-upload-details: the same answer. */
  getMediaUploadUrl: route<MediaUploadDetails>()({
    ...ROUTE_TABLE.getMediaUploadUrl, body: mediaUploadBody,
  }),
  /** The title of a link (youtube messages), looked up once per url by the client and cached. */
  getLinkTitle: route<{ title: string }>()({
    ...ROUTE_TABLE.getLinkTitle,
    body: z.object({ url: z.string().min(1, 'url must not be empty').max(2048, 'url must be at most 2048 characters') }).strict(),
  }),
  /** Banners, featured icons, recommended bots (with launch_time), categories and mini apps (spec part 1 §3). */
  getDiscoveryPage: route<DiscoveryPage>()({
    ...ROUTE_TABLE.getDiscoveryPage, body: empty,
  }),
  /** The caller's conversations (pinned first), mini app subscriptions and pinned resources. */
  getRecentActivityPage: route<RecentActivityPage>()({
    ...ROUTE_TABLE.getRecentActivityPage,
    body: z.object({ language: languageCodeSchema }).strict(),
  }),
  /** Bots and mini apps whose name, description or category contains the keyword (any case). */
  searchBots: route<SearchAnswer>()({
    ...ROUTE_TABLE.searchBots,
    body: z.object({ keyword: z.string().trim().min(1, 'keyword must not be blank').max(100, 'keyword must be at most 100 characters') }).strict(),
  }),
  /** One of the bot's catalogues (the first when catalog_uuid is absent); 404 'Catalog not found'. */
  getCatalog: route<CatalogAnswer>()({
    ...ROUTE_TABLE.getCatalog,
    body: z.object({ bot_uuid: botIdSchema, catalog_uuid: cartIdSchema.optional() }).strict(),
  }),
  ...botProfileRoutes,
  ...feedbackRoutes,
  // ---------- push and remote config (issue 6) ----------
  /** The server's VAPID public key (base64url), for PushManager.subscribe's applicationServerKey. */
  getVapidPublicKey: route<{ public_key: string }>()({ ...ROUTE_TABLE.getVapidPublicKey, body: empty }),
  /**
   * Keeps the browser's push subscription for the caller (one row per endpoint; saving it again
   * updates it). The endpoint must be https on a known push service (server/push/subscriptions.ts).
   */
  savePwaSubscription: route<Record<string, never>>()({
    ...ROUTE_TABLE.savePwaSubscription,
    body: z.object({
      subscription: pushSubscriptionSchema,
      timestamp: z.number({ error: 'timestamp must be epoch milliseconds' }).int().nonnegative(),
      deviceId: z.string().min(1, 'deviceId must not be empty').max(128, 'deviceId is at most 128 characters'),
    }).strict(),
  }),
  /** The remote flags of spec part 1 §3 (src/api/remote-flags.ts), from the server's configuration. */
  getRemoteConfig: route<RemoteFlags>()({ ...ROUTE_TABLE.getRemoteConfig, body: empty }),
  /**
   * Rates a bot message that asks for it (rating_type): thumbs take 1 (up) or -1 (down), stars
   * 1 to 5; a second rating replaces the first. 404 'Message not found', 422 when the message
   * takes no rating or the value does not fit its rating_type.
   */
  submitMessageRating: route<{ message: string }>()({
    ...ROUTE_TABLE.submitMessageRating,
    body: z.object({
      bot_uuid: botIdSchema,
      sk: messageSkSchema,
      rating: z.number({ error: 'rating must be a whole number' }).int('rating must be a whole number').min(-1, 'rating must be -1, 1, 2, 3, 4 or 5').max(5, 'rating must be -1, 1, 2, 3, 4 or 5').refine((r) => r !== 0, 'rating must be -1, 1, 2, 3, 4 or 5'),
    }).strict(),
  }),
  /** Saves a message (index: which card or product of it, 0 for the message); saving again answers the same item. 404 'Message not found'. */
  saveItem: route<{ saved_item_uuid: string }>()({
    ...ROUTE_TABLE.saveItem,
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
  getSavedItems: route<SavedItemsPage>()({
    ...ROUTE_TABLE.getSavedItems,
    body: z.object({
      sort: z.enum(['ASCENDING', 'DESCENDING'], { error: 'sort must be ASCENDING or DESCENDING' }).default('DESCENDING'),
      offset: z.number({ error: 'offset must be a whole number' }).int('offset must be a whole number').min(0, 'offset must be 0 or more').max(1_000_000, 'offset is too large').default(0),
      limit: z.number({ error: 'limit must be a whole number' }).int('limit must be a whole number').min(1, 'limit must be 1 to 8').max(PAGE_SIZE.savedItems, 'limit must be 1 to 8').default(PAGE_SIZE.savedItems),
      filters: z.array(botIdSchema).max(100, 'filters holds at most 100 bots').default([]),
    }).strict(),
  }),
  /** The bots the caller saved items from, with how many items each (not unsaved), by name. */
  getSavedItemFilters: route<{ filters: SavedItemFilter[] }>()({ ...ROUTE_TABLE.getSavedItemFilters, body: empty }),
  /** Unsaves the caller's items (soft: undo brings them back); unknown or others' uuids change nothing. */
  unsaveItem: route<{ message: string; unsaved: number }>()({
    ...ROUTE_TABLE.unsaveItem,
    body: z.object({ saved_item_uuid_list: savedItemUuidList('saved_item_uuid_list') }).strict(),
  }),
  /** Brings unsaved items of the caller back. */
  undoUnsaveItem: route<{ message: string; restored: number }>()({
    ...ROUTE_TABLE.undoUnsaveItem,
    body: z.object({ unsaved_item_uuid_list: savedItemUuidList('unsaved_item_uuid_list') }).strict(),
  }),
} as const;

/** One saved item (spec part 1 §3): the message as it was when saved, and its bot. */
export interface SavedItem {
  saved_item_uuid: string;
  bot_uuid: string;
  bot_name: string;
  bot_icon: string;
  saved_at: number;
  index: number;
  message: ChatMessage;
}

export interface SavedItemsPage { items: SavedItem[]; has_more: boolean }

/** A bot the caller saved items from (the saved-items filter chips). */
export interface SavedItemFilter { bot_uuid: string; name: string; icon: string; count: number }

/** A place the address picker offers: its label and where it is. */
export interface NearbyAddress { label: string; latitude: number; longitude: number }

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type BodyOf<N extends RouteName> = z.input<Routes[N]['body']>;
export type ResponseOf<N extends RouteName> = NonNullable<Routes[N]['response']>;

/** GET /version.json (outside the API base): the build's version code. */
export interface VersionFile { version_code: number; version_name: string }

// Both tables name the same routes: a route added to one and not the other fails to compile.
const _everyRouteHasMeta: Record<RouteName, RouteMeta> = ROUTE_TABLE;
const _everyMetaHasRoute: Record<keyof typeof ROUTE_TABLE, unknown> = routes;
void _everyRouteHasMeta;
void _everyMetaHasRoute;
