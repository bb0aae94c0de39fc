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
  /** Present on text messages. */
  text?: { body: string };
  /** Present on button_response messages: the chosen option. */
  button_index?: number;
  /** Present on button messages. */
  buttons?: ButtonOption[];
  /** Seconds a button message stays answerable. */
  ttl?: number;
  allow_custom_response?: boolean;
  /** The sender's id of a user message (null on bot messages). */
  client_message_id: string | null;
  /** Spec part 1 §3 fields bots may set; the demo bots do not yet. */
  is_rated?: boolean;
  rating_type?: string;
  multi_select?: boolean;
  action?: { type: 'website' | 'view_cart' | 'email' | 'phone_number'; value?: string };
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
  | { type: 'button_response'; button_index: number; client_message_id: string };

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
