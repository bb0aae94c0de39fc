// Shapes of the RxDB local documents (DESIGN.md §3: session, settings, onboarding and sync
// status are local documents, not collections). The worker and the UI both read and write
// them through src/db; this file is the agreement between the two.
import type { CartAnswer, CatalogAnswer, CityEntry, Profile, SavedItem, SavedItemFilter, StateEntry } from '../api/contract';
import type { CartEdit } from '../domain/cart-edits';
import type { RemoteFlagsDoc } from '../api/remote-flags';
import type { CountryIso } from '../domain/countries';
import type { BotActionsDoc, BotProfilesDoc } from './bot-profile-data';
import type { Transfer } from '../domain/media-transfer';
import type { SignInWait } from '../domain/sign-in-wait';

/** The language codes live in src/domain/language-codes.ts. */
export type { LanguageCode } from '../domain/language-codes';
import type { LanguageCode } from '../domain/language-codes';

/** 'session': who is signed in. Absent (or token null) means signed out. */
export interface SessionDoc {
  mobile: string | null;
  /** session id, sent as the session-id header */
  token: string | null;
  loginToken: string | null;
  loginTokenExpiry: number | null;
  mediaToken: string | null;
  mediaTokenExpiry: number | null;
  clientSessionId: string | null;
  /** Stable per install; survives logout (logout-decline restarts login with it). */
  deviceId: string;
  isStandalone: boolean;
  isStandaloneWithAuth: boolean;
  selectedBot: { bot_uuid: string; name: string } | null;
  /** standalone: the user start-session answered (sent as the user-id header) */
  userUuid?: string | null;
  /**
   * standalone-with-auth: the embedding page's access token the session was started with, kept
   * for the socket-address 401 rule (spec part 1 §4: re-initialise "via the extension token");
   * cleared with every sign-out.
   */
  extensionToken?: string | null;
  profileDetailsFetched: boolean;
}

/** 'app-language' (spec part 1 §1: the chosen language is kept under an app-language entry). */
export interface AppLanguageDoc {
  code: LanguageCode;
  name: string;
  sttLanguageCode: string;
  /** false until the user picked one (onboarding's language step is shown while unset). */
  chosen: boolean;
}

/** 'settings': preferences that survive logout. */
export interface SettingsDoc {
  homeTab: 'discover' | 'chat' | 'post';
  boldText: boolean;
  /** spec part 1 §3 font setting, defaults 1 */
  weightScale: number;
  sizeScale: number;
  /** comma list of Photo, Audio, Video; default 'Photo' */
  autoDownload: string;
  /** the app's sounds (message received and sent, correct, incorrect, QR scanned); absent in older docs: on */
  sounds?: boolean;
  /** the one-time guides this device has shown (src/domain/guides.ts GUIDE_IDS) */
  seenGuides?: string[];
  /** usage analytics on (default); off drops the events still buffered (src/db/analytics.ts) */
  analytics: boolean;
}

export type RequestStatus = 'idle' | 'pending' | 'fulfilled' | 'rejected';

/** 'auth-flow': the sign-in in progress, kept so a reload on the OTP screen keeps its place. */
export interface AuthFlowDoc {
  mobile: string | null;
  otpRequested: boolean;
  requestStatus: RequestStatus;
  confirmStatus: RequestStatus;
  /** epoch ms when the last code was sent: the resend countdown runs from here */
  otpSentAt: number | null;
  /** the last error to show on the login/OTP screen, as a catalogue key and its values */
  error: { key: string; status?: number; message?: string } | null;
}

/** 'profile': the signed-in user's profile as the server last returned it, with queued edits applied. */
export type ProfileDoc = Profile;

/**
 * 'profile-extras' (issue 18): what the profile screens show beside the profile: the notice of a
 * refused edit (a message id and the server's words), the photo waiting to upload (its media
 * cache key) and the delete-account reasons last read (in their language).
 */
export interface ProfileExtrasDoc {
  notice: { textId: string; message: string | null; at: number } | null;
  pendingPhotoKey: string | null;
  reasons: { language: string; list: { reason_uuid: string; reason: string }[] } | null;
}

/** 'sync-status': written by the worker, observed by the UI (DESIGN.md §2). */
export interface SyncStatusDoc {
  online: boolean;
  /** spec part 1 §4 socket states: -1 uninstantiated, 0 connecting, 1 open, 2 closing, 3 closed */
  socketState: -1 | 0 | 1 | 2 | 3;
  unauthorised: boolean;
  /** set when a 401 arrives while a valid login token exists: the auto-logout prompt shows */
  autoLogoutPrompt: boolean;
  /** set when a request got no response: the no-internet dialog shows */
  noInternet: boolean;
  /** the last 5xx, for the server-error dialog */
  serverError: { status: number } | null;
  updateAvailable: boolean;
  /**
   * (added by the data layer) set when a 401 arrived without a usable login token: local data
   * was cleared and the generic something-went-wrong dialog shows. Absent reads as false.
   */
  sessionExpired?: boolean;
  /** (added by the sync core) frames or page entries refused by the wire checks since start */
  wireErrors?: number;
}

/**
 * 'carts' (added by the sync core): each bot's cart as the server last answered it, refreshed when
 * the socket opens (the bot on screen) and on a cart-updated event. The cart screens and their
 * optimistic edits come with the catalogue and cart issue.
 */
export type CartsDoc = Record<string, CartAnswer & { fetchedAt: number }>;

/**
 * 'cart-edits' (added by the catalogue and cart): per bot, the last refusal of its cart edits,
 * which the cart screen shows once. The edits themselves are actions of the one action queue
 * (kind 'cart-edit', ordered per bot's cart); `edits` is what was queued here before the actions
 * collection, read only by the one-time migration (src/db/migrate-queues.ts).
 */
export type CartEditsDoc = Record<string, { edits?: CartEdit[]; refusal: { message: string; at: number } | null }>;

/** 'catalogs' (added by the catalogue and cart): get-catalog answers by `${bot}/${catalog_id}`, for offline reading. */
export type CatalogsDoc = Record<string, CatalogAnswer & { fetchedAt: number }>;

/** 'chat-view' (added by the sync core): the conversation on screen, so its messages are not counted unread. */
export interface ChatViewDoc {
  botUuid: string | null;
  at: number;
}

/**
 * 'geo-cache' (added by the data layer): the last state and city lists the server returned, so
 * onboarding's location step works offline. Not user data: it survives logout.
 */
export interface GeoCacheDoc {
  /** by country ISO code */
  states: Partial<Record<CountryIso, { list: StateEntry[]; fetchedAt: number }>>;
  /** by `${country}:${stateCode}` */
  cities: Record<string, { list: CityEntry[]; fetchedAt: number }>;
}

/** 'recent-searches' (added by discovery): the user's last searches, newest first, at most 10 (spec part 1 §9). */
export interface RecentSearchesDoc {
  list: string[];
}

/**
 * 'sign-in-waits' (issue 11): the waits the server named for a number (Retry-After), by full
 * mobile (e.g. +919876543210), so a reload keeps the countdown and the controls off until it ends.
 * Rules in src/domain/sign-in-wait.ts. Written by the sign-in commands (page).
 */
export interface SignInWaitsDoc {
  waits: Record<string, SignInWait>;
}

/** 'update-prompt' (added by the PWA shell): when the update dialog was last raised (at most once a day). */
export interface UpdatePromptDoc {
  /** epoch ms; null: never */
  lastPromptAt: number | null;
  /** the newest version_code the server announced */
  latestVersionCode: number | null;
}

/**
 * 'in-app-notification' (added by the PWA shell): the last message of another bot that deserves a
 * notification (not muted, not hidden, not on screen), written by the worker, shown by the page as
 * a toast or, when the page is hidden and permission is granted, a system notification.
 */
export interface InAppNotificationDoc {
  /** the message id: the page shows each once */
  id: string;
  bot_uuid: string;
  name: string;
  icon: string;
  /** the message's text, uncapped; the page applies notificationBody() with its translation */
  text: string;
  at: number;
}

/** 'push-state' (added by the PWA shell): the notification permission flow and the saved subscription. */
export interface PushStateDoc {
  /** when the user declined the confirm modal (the re-ask waits NOTIFICATION_REASK_GAP_MS) */
  declinedAt: number | null;
  /** the endpoint the server accepted, and when */
  savedEndpoint: string | null;
  savedAt: number | null;
}

/**
 * 'message-intents' (added by the thread work): ratings and saves of messages as the thread shows
 * them: queued, then done when the server took them or failed when it refused them. The sending
 * is an action of the one action queue (kind 'message-intent', id = `key`); done entries stay
 * (the newest MESSAGE_INTENTS_KEPT) so the thread shows a message as rated or saved on this device.
 */
export interface MessageIntent {
  /** `${kind}:${bot_uuid}:${sk}:${index}` — one rating and one save per message part */
  id: string;
  kind: 'rate' | 'save';
  bot_uuid: string;
  sk: string;
  /** rate: the rating (thumbs 1 / -1, stars 1..5); save: the part index (0 for the message) */
  value: number;
  state: 'queued' | 'done' | 'failed';
  at: number;
  /** A UUIDv7 made each time it is queued: its action's id and Idempotency-Key (none on intents stored before). */
  key?: string;
}

export interface MessageIntentsDoc {
  items: MessageIntent[];
}

export const MESSAGE_INTENTS_KEPT = 500;
/**
 * 'media-transfers' (added by attachments and media): uploads (by client message id) and
 * downloads (by media URL) as the engine reports them; the tile and the pending bubble show them.
 */
export type MediaTransfersDoc = Record<string, Transfer>;

/** 'link-titles' (added by attachments and media): link titles looked up once per URL (youtube). */
export type LinkTitlesDoc = Record<string, { title: string; at: number }>;

/** 'bot-configs' (added by attachments and media): /bot/get-configuration answers by bot (allow_user_media). */
export type BotConfigsDoc = Record<string, { allow_user_media: boolean; at: number }>;

/** 'app-faqs' (added by feedback and FAQs): the app's own FAQs by language, as get-faqs last answered. */
export type AppFaqsDoc = Partial<Record<LanguageCode, { faqs: { question: string; answer: string }[]; fetchedAt: number }>>;
/**
 * 'saved-items': the pages of /bot/get-saved-items read so
 * far (for the filter they were read with) and the filter chips, kept so the list shows offline;
 * written by the engine (src/sync/saved-items-sync.ts) only from 200 answers. An unsave removes
 * the item from `items` at once and keeps it in `unsaved` (with where it stood) until the server
 * took it; undo or a refusal puts it back there. `notice`: the last refusal, as a message id.
 */
export interface SavedItemsDoc {
  /** the bot the list was read for; null: every bot */
  filter: string | null;
  items: SavedItem[];
  hasMore: boolean;
  filters: SavedItemFilter[];
  fetchedAt: number | null;
  unsaved: { item: SavedItem; position: number; state: 'sending' | 'done' }[];
  notice: { textId: string; at: number } | null;
  /**
   * Before the actions collection: the unsaves and undos not yet answered by the server. Read
   * only by the one-time migration (src/db/migrate-queues.ts); they are actions now.
   */
  queue?: SavedItemsAction[];
}

/** One queued unsave or undo of a saved item (with the item, to put back or take out on a refusal). */
export interface SavedItemsAction {
  id: string;
  kind: 'unsave' | 'undo';
  item: SavedItem;
  /** where the item stood in the list when unsaved */
  position: number;
  at: number;
}

export const LOCAL_DOC_IDS = {
  session: 'session',
  appLanguage: 'app-language',
  settings: 'settings',
  authFlow: 'auth-flow',
  profile: 'profile',
  syncStatus: 'sync-status',
  geoCache: 'geo-cache',
  chatView: 'chat-view',
  carts: 'carts',
  recentSearches: 'recent-searches',
  mediaTransfers: 'media-transfers',
  linkTitles: 'link-titles',
  botConfigs: 'bot-configs',
  cartEdits: 'cart-edits',
  catalogs: 'catalogs',
  botActions: 'bot-actions',
  botProfiles: 'bot-profiles',
  remoteFlags: 'remote-flags',
  updatePrompt: 'update-prompt',
  inAppNotification: 'in-app-notification',
  pushState: 'push-state',
  messageIntents: 'message-intents',
  appFaqs: 'app-faqs',
  savedItems: 'saved-items',
  signInWaits: 'sign-in-waits',
  profileExtras: 'profile-extras',
} as const;

/** The shape stored under each local document id. */
export interface LocalDocTypes {
  session: SessionDoc;
  'app-language': AppLanguageDoc;
  settings: SettingsDoc;
  'auth-flow': AuthFlowDoc;
  profile: ProfileDoc;
  'sync-status': SyncStatusDoc;
  'geo-cache': GeoCacheDoc;
  'chat-view': ChatViewDoc;
  carts: CartsDoc;
  'recent-searches': RecentSearchesDoc;
  'media-transfers': MediaTransfersDoc;
  'link-titles': LinkTitlesDoc;
  'bot-configs': BotConfigsDoc;
  'cart-edits': CartEditsDoc;
  catalogs: CatalogsDoc;
  'bot-actions': BotActionsDoc;
  'bot-profiles': BotProfilesDoc;
  'remote-flags': RemoteFlagsDoc;
  'update-prompt': UpdatePromptDoc;
  'in-app-notification': InAppNotificationDoc;
  'push-state': PushStateDoc;
  'message-intents': MessageIntentsDoc;
  'app-faqs': AppFaqsDoc;
  'saved-items': SavedItemsDoc;
  'sign-in-waits': SignInWaitsDoc;
  'profile-extras': ProfileExtrasDoc;
}

export type LocalDocId = keyof LocalDocTypes;

export type { BotActionsDoc, BotProfilesDoc } from './bot-profile-data';
