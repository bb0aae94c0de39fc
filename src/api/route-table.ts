// Where each API route lives and whether it needs a session: plain data with no schema library,
// so the app's bundles carry only this table. The body schemas and answer types of the same
// routes are in contract.ts (the server validates with them; the client imports their types).
import { BOT_PROFILE_ROUTE_TABLE } from './bot-profile-routes';
import { FEEDBACK_ROUTE_TABLE } from './feedback-routes';
import { COMPETITION_ROUTE_TABLE } from './competition-routes';
import { ENGAGE_ROUTE_TABLE } from './engage-routes';
import { REWARDS_ROUTE_TABLE } from './rewards-routes';
import { PAYMENTS_ROUTE_TABLE } from './payments-routes';
import { MINI_APP_ROUTE_TABLE } from './mini-app-routes';
import { FEED_ROUTE_TABLE } from './feed-routes';
import { STANDALONE_ROUTE_TABLE } from './standalone-routes';
import { PROFILE_ROUTE_TABLE } from './profile-routes';
import { ANALYTICS_ROUTE_TABLE } from './analytics-routes';

export interface RouteMeta {
  readonly path: string;
  readonly method: 'GET' | 'POST';
  /** true: the call needs the mobile and session-id headers of a live session. */
  readonly auth: boolean;
}

export const ROUTE_TABLE = {
  sendOtp: { path: '/mobile/send-otp', method: 'POST', auth: false },
  verifyOtp: { path: '/mobile/verify-otp', method: 'POST', auth: false },
  loginWithToken: { path: '/mobile/login-with-token', method: 'POST', auth: false },
  logout: { path: '/mobile/logout', method: 'POST', auth: true },
  getMediaToken: { path: '/mobile/get-media-token', method: 'POST', auth: true },
  createMobileCode: { path: '/mobile/create-mobile-code', method: 'POST', auth: true },
  getValueFromCode: { path: '/mobile/get-value-from-code', method: 'POST', auth: false },
  getProfile: { path: '/user/get-profile', method: 'GET', auth: true },
  updateProfile: { path: '/user/update-profile', method: 'POST', auth: true },
  getStates: { path: '/user/get-states', method: 'POST', auth: true },
  getCities: { path: '/user/get-cities', method: 'POST', auth: true },
  deleteProfile: { path: '/user/delete-profile', method: 'POST', auth: true },
  getSuggestedList: { path: '/bot/get-suggested-list', method: 'POST', auth: true },
  initiateConversation: { path: '/bot/initiate-conversation', method: 'POST', auth: true },
  subscribeBot: { path: '/bot/subscribe', method: 'POST', auth: true },
  getConversationList: { path: '/bot/get-conversation-list', method: 'POST', auth: true },
  getPinnedConversationList: { path: '/bot/get-pinned-conversation-list', method: 'POST', auth: true },
  getBotUserDetails: { path: '/bot/get-bot-user-details', method: 'POST', auth: true },
  getConfiguration: { path: '/bot/get-configuration', method: 'POST', auth: true },
  getMessages: { path: '/bot/get-messages', method: 'POST', auth: true },
  messageWebhookPwa: { path: '/bot/message-webhook-pwa', method: 'POST', auth: true },
  getSocketUrl: { path: '/bot/get-socket-url', method: 'GET', auth: true },
  getCart: { path: '/bot/get-cart', method: 'POST', auth: true },
  updateCart: { path: '/bot/update-cart', method: 'POST', auth: true },
  reverseGeocode: { path: '/geo/reverse-geocode', method: 'POST', auth: true },
  getMediaUploadDetails: { path: '/bot/get-media-upload-details', method: 'POST', auth: true },
  getMediaUploadUrl: { path: '/bot/get-media-upload-url', method: 'POST', auth: true },
  getLinkTitle: { path: '/bot/get-link-title', method: 'POST', auth: true },
  getDiscoveryPage: { path: '/bot/get-discovery-page-v2', method: 'GET', auth: true },
  getRecentActivityPage: { path: '/bot/get-recent-activity-page', method: 'POST', auth: true },
  searchBots: { path: '/bot/search-v2', method: 'POST', auth: true },
  markRead: { path: '/bot/mark-read', method: 'POST', auth: true },
  getCatalog: { path: '/bot/get-catalog', method: 'POST', auth: true },
  ...BOT_PROFILE_ROUTE_TABLE,
  ...FEEDBACK_ROUTE_TABLE,
  ...COMPETITION_ROUTE_TABLE,
  ...ENGAGE_ROUTE_TABLE, ...REWARDS_ROUTE_TABLE,
  ...PAYMENTS_ROUTE_TABLE,
  ...MINI_APP_ROUTE_TABLE,
  ...STANDALONE_ROUTE_TABLE,
  ...FEED_ROUTE_TABLE,
  ...PROFILE_ROUTE_TABLE,
  ...ANALYTICS_ROUTE_TABLE,
  // push and remote config
  getVapidPublicKey: { path: '/mobile/get-vapid-public-key', method: 'GET', auth: false },
  savePwaSubscription: { path: '/mobile/save-pwa-subscription', method: 'POST', auth: true },
  getRemoteConfig: { path: '/config/get-remote-config', method: 'GET', auth: false },
  submitMessageRating: { path: '/bot/submit-message-rating', method: 'POST', auth: true },
  saveItem: { path: '/bot/save-item', method: 'POST', auth: true },
  getSavedItems: { path: '/bot/get-saved-items', method: 'POST', auth: true },
  getSavedItemFilters: { path: '/bot/get-saved-item-filters', method: 'POST', auth: true },
  unsaveItem: { path: '/bot/unsave-item', method: 'POST', auth: true },
  undoUnsaveItem: { path: '/bot/undo-unsave-item', method: 'POST', auth: true },
} as const satisfies Record<string, RouteMeta>;

export type RouteTableName = keyof typeof ROUTE_TABLE;

/**
 * Media files (bot media and uploads) are read at API_BASE + MEDIA_PATH + '/' + media_uuid with
 * `Authorization: Bearer <mediaToken>` (a MediaRef's url is that path). Not contract routes:
 * they answer bytes, not JSON.
 */
export const MEDIA_PATH = '/media';
/** Where get-media-upload-details sends uploads (multipart/form-data, S3 POST-policy style): + '/' + media_uuid. */
export const MEDIA_UPLOAD_PATH = '/media-upload';
