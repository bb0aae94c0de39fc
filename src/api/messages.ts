// Wire shapes of chat messages and conversations (spec part 1 §3: message, paging cursor, bot
// conversation entry). Plain types: the server answers them, the app stores them.

/** Message types of spec part 1 §3. */
export type MessageType =
  | 'text' | 'image' | 'audio' | 'video' | 'video_stream' | 'document' | 'media_list' | 'youtube'
  | 'article' | 'button' | 'multi_select_button' | 'action' | 'button_response'
  | 'multi_select_button_response' | 'persistent_menu' | 'persistent_menu_response' | 'card'
  | 'product_list' | 'rich_input' | 'date' | 'location' | 'scorecard' | 'catalog_list' | 'cart'
  | 'form_response' | 'form';

export interface ButtonOption {
  body: string;
  icon?: string;
  button_index: number;
}

/** An action a button can carry (spec part 1 §3: website, view_cart, email, phone_number). */
export interface ButtonAction {
  type: 'website' | 'view_cart' | 'email' | 'phone_number';
  /** The https URL, the e-mail address, the phone number; absent for view_cart. */
  value?: string;
}

/** A button of an action message or a card: a label and what a tap does. */
export interface ActionButton {
  body: string;
  action: ButtonAction;
}

/**
 * A media file of a message. Bot media and uploaded user media live on the server under
 * /api/media/{media_uuid} and are fetched with the Bearer media token; `url` is that path (or,
 * for video_stream and youtube, the external address).
 */
export interface MediaRef {
  media_uuid?: string;
  url: string;
  content_type: string;
  /** File name (documents, audio titles). */
  name?: string;
  /** Bytes. */
  size?: number;
  caption?: string;
  width?: number;
  height?: number;
  /** Seconds (audio, video). */
  duration?: number;
  /** A small image (data: URL or media path) shown before the download. */
  thumbnail?: string;
}

/** Money in minor units (spec part 2 §5: divisor 100, VND 1). */
export interface Money { price: number; currency: 'INR' | 'USD' | 'SGD' | 'EUR' | 'VND' }

export interface CardItem {
  title: string;
  subtitle?: string;
  image?: MediaRef;
  buttons?: ActionButton[];
}

export interface ProductItem {
  catalog_id: string;
  product_id: string;
  name: string;
  description?: string;
  price: Money;
  image?: MediaRef;
}

export interface CatalogItem {
  catalog_id: string;
  name: string;
  description?: string;
  image?: MediaRef;
}

/** A pending input request a bot message carries (spec part 1 §3). */
export interface RichInputRequest {
  /** date, location and form are supported; any other type shows the not-supported text. */
  type: string;
  config?: {
    /** date: 'yyyy-mm-dd' bounds. */
    min?: string;
    max?: string;
    /** location: the user may pick a place instead of the device position. */
    allow_custom?: boolean;
    /** location: let the user pick an address near the device position. */
    fetch_address?: boolean;
  };
  /** form: the form to fill in. */
  form?: FormSpec;
}

export interface FormField {
  id: string;
  label: string;
  type: 'text' | 'number' | 'email' | 'phone' | 'select' | 'date';
  required?: boolean;
  options?: string[];
  max_length?: number;
}

export interface FormSpec {
  form_id: string;
  title: string;
  fields: FormField[];
  submit_label?: string;
}

export interface DateValue { day: number; month: number; year: number }

export interface LocationValue {
  /** Decimal degrees as text (spec part 1 §3). */
  latitude: string;
  longitude: string;
  /** CURRENT for the device position, CUSTOM for a picked place. */
  type: 'CURRENT' | 'CUSTOM';
  timestamp: number;
  address?: string;
}

export interface ScorecardRow { label: string; value: string }

/** A stored message as the server sends it (get-messages, webhook answers, socket frames). */
export interface ChatMessage {
  message_id: string;
  /** Sort key: 15-digit ms timestamp _ 9-digit number _ message_id; text order is time order. */
  sk: string;
  /** Epoch ms. */
  timestamp: number;
  /** Orders messages of the same millisecond within the conversation. */
  number?: number;
  from: 'user' | 'bot';
  type: MessageType;
  /**
   * The text of a text message, and the prompt or caption of the others (button, multi-select,
   * action, persistent_menu, rich_input, form, card lists).
   */
  text?: { body: string };
  /** button_response and persistent_menu_response: the chosen option. */
  button_index?: number;
  /** multi_select_button_response: the chosen options. */
  button_indices?: number[];
  /** multi_select_button_response: the typed answer, when custom responses are allowed. */
  custom_response?: string;
  /** button, multi_select_button and persistent_menu: the options. */
  buttons?: ButtonOption[];
  /** Seconds a button message stays answerable. */
  ttl?: number;
  allow_custom_response?: boolean;
  /** The sender's id of a user message (null on bot messages). */
  client_message_id: string | null;
  /** Spec part 1 §3 fields a bot may set. */
  is_rated?: boolean;
  /** 'thumbs' (up/down) or 'stars' (1–5): the message asks to be rated. */
  rating_type?: string;
  multi_select?: boolean;
  /** action messages: the action buttons. */
  actions?: ActionButton[];
  /** @deprecated kept for messages stored before `actions`; one action of the message. */
  action?: ButtonAction;
  /** image, audio, video, video_stream, document (and user uploads of those). */
  media?: MediaRef;
  /** media_list. */
  media_list?: MediaRef[];
  /** youtube: the video's address; its title is looked up once and cached. */
  youtube?: { url: string; video_id: string };
  article?: { title: string; description?: string; url: string; image?: MediaRef };
  card?: { cards: CardItem[] };
  product_list?: { products: ProductItem[] };
  catalog_list?: { catalogs: CatalogItem[] };
  /** cart: a summary of the user's cart with the bot. */
  cart?: { item_count: number; total: Money };
  rich_input?: RichInputRequest;
  /** form messages (as rich_input form). */
  form?: FormSpec;
  form_response?: { form_id: string; values: Record<string, string> };
  /** The user's date answer. */
  date?: DateValue;
  /** The user's location answer. */
  location?: LocationValue;
  scorecard?: { title: string; score: number; total: number; rows?: ScorecardRow[] };
}

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

/** A message the user sends (webhook or socket). */
export type OutgoingMessage =
  | { type: 'text'; text: { body: string }; client_message_id: string }
  | { type: 'button_response'; button_index: number; client_message_id: string }
  | { type: 'persistent_menu_response'; button_index: number; client_message_id: string }
  | { type: 'multi_select_button_response'; button_indices: number[]; custom_response?: string; client_message_id: string }
  | { type: 'date'; date: DateValue; client_message_id: string }
  | { type: 'location'; location: LocationValue; client_message_id: string }
  | { type: 'form_response'; form_response: { form_id: string; values: Record<string, string> }; client_message_id: string }
  | { type: 'image' | 'video' | 'audio' | 'document'; media: MediaRef & { media_uuid: string }; client_message_id: string };

export interface BotSummary {
  bot_uuid: string;
  name: string;
  description: string;
  icon: string;
  subscribed: boolean;
}

/** A conversation entry (spec part 1 §3). Times are epoch ms or null. */
export interface ConversationEntry {
  bot_uuid: string;
  name: string;
  icon: string;
  block_time: number | null;
  archive_time: number | null;
  mute_time: number | null;
  /** ms; -1 means forever. */
  mute_duration: number | null;
  pinned: boolean;
  unread_count: number;
  last_message: ChatMessage | null;
}

export interface GaEvent { category: string; action: string; label: string; value: number }

/** Frames of the live connection: { action, body }. */
export type SocketFrameIn =
  | { action: 'send-message' | 'web-send-message'; body: { bot_uuid: string; message: OutgoingMessage } }
  | { action: 'ping'; body?: unknown };

export type SocketFrameOut =
  | { action: 'message-received'; body: { bot_uuid: string; message: ChatMessage } }
  | { action: 'cart-updated'; body: { bot_uuid: string } }
  | { action: 'pong'; body: Record<string, never> }
  | { action: 'error'; body: { statusCode: number; message: string; client_message_id?: string } };
