// Where the standalone (single-bot) mode's own routes live (issue 17, spec part 1 §7: start-session
// on the web variant of the auth API; §5: a host name resolves to a bot id, "a CNAME lookup").
// Every other route of a standalone app is the `auth: true` route of ROUTE_TABLE served again under
// /api/web/ (the http client's pathFor), authenticated by the web session's headers.
export const STANDALONE_ROUTE_TABLE = {
  /** {device_id, bot_uuid, payload} or {device_id, access_token, payload}: answers user_uuid and session_id. */
  startSession: { path: '/web/user/start-session', method: 'POST', auth: false },
  /** The bot this server's configuration maps a host name to (STANDALONE_HOSTS), or null. */
  resolveStandaloneHost: { path: '/web/bot/resolve-host', method: 'POST', auth: false },
} as const;

/**
 * The one-bot mode's routes (spec part 1 §1: "other bots are hidden in this mode"): the only
 * `auth: true` routes a web session opened for one bot (start-session with bot_uuid) may call under
 * /api/web/. Everything else — discovery, search, feed, rewards, engage, competitions, other
 * conversations, mini apps, analytics — answers 403 `standalone_bot` (server/accounts/standalone.ts),
 * so a route added later is closed to such a session until it is named here. What is here is the
 * bot's own thread and what a message of it can do: its configuration and history, sending, the
 * live connection, media, link previews, locations, its shop and payments, rating a message,
 * saved items (of that bot: the body filter), and the session's own profile (language) and logout.
 */
export const STANDALONE_SESSION_ROUTES = [
  // the session and its user
  'logout', 'getProfile', 'updateProfile', 'getMediaToken',
  // the bot and its conversation
  'getConfiguration', 'getBotUserDetails', 'initiateConversation', 'subscribeBot', 'getMessages',
  'messageWebhookPwa', 'getSocketUrl', 'markRead', 'submitMessageRating',
  // what a message carries or asks for
  'getMediaUploadDetails', 'getMediaUploadUrl', 'getLinkTitle', 'reverseGeocode',
  // the bot's shop and its payments
  'getCatalog', 'getCart', 'updateCart', 'placeOrder', 'initiatePayment', 'declinePayment', 'getPaymentRequestDetails',
  'verifyVpa', 'saveMethod', 'getSavedMethodList', 'deleteSavedMethod', 'setMethodPrimary',
  // saved items (the bot's own: refuseOtherBots refuses a filter naming another)
  'saveItem', 'getSavedItems', 'getSavedItemFilters', 'unsaveItem', 'undoUnsaveItem',
] as const;
