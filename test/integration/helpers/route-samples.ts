// A valid body of every route of the contract, made for a fresh signed-in user `me` (who may be
// set up first). The idempotency test replays the keyed ones; the answers test calls each route
// and parses its answer with the route's response schema. A route added to the contract fails
// the type of ROUTE_SAMPLES until it has a sample here.
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { RouteName } from '../../../src/api/contract';
import { ECHO_BOT_ID, SHOP_BOT_ID, SLOW_BOT_ID } from '../../../server/bots/registry';
import { storeMessage } from '../../../server/bots/store';
import { demoReviewUuid, REPORT_REASONS } from '../../../server/bot-profile/seed';
import type { TestServer, TestSession } from './server';

export type Sample = (me: TestSession) => unknown;

export const text = (body: string) => ({ type: 'text' as const, text: { body }, client_message_id: randomUUID() });

/** A bot message in the caller's Echo conversation that takes a thumbs rating; answers its sk. */
export async function botMessageSk(t: TestServer, me: TestSession): Promise<string> {
  const { row } = await t.server.db.transaction((tx) =>
    storeMessage(tx, { userUuid: me.tokens.user.user_uuid, botUuid: ECHO_BOT_ID, sender: 'bot', type: 'text', payload: { text: { body: 'Was this useful?' }, rating_type: 'thumbs' } }, t.clock.now()));
  return row.sk;
}

export function pushSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/** Samples of every route; `server` is read when a sample runs (the server starts in beforeAll). */
export function routeSamples(server: () => TestServer): Record<RouteName, Sample> {
  const t = server;
  const sk = (me: TestSession) => botMessageSk(t(), me);
  return {
    sendOtp: () => ({ mobile: t().freshMobile() }),
    verifyOtp: async () => {
      const mobile = t().freshMobile();
      await t().ok('sendOtp', { mobile });
      return { mobile, otp: t().lastCode(mobile) };
    },
    loginWithToken: (me) => ({ mobile: me.mobile, loginToken: me.tokens.loginToken }),
    getValueFromCode: async (me) => ({ mobileCode: (await t().ok('createMobileCode', {}, { session: me })).mobileCode }),
    getProfile: () => ({}),
    getSocketUrl: () => ({}),
    getDiscoveryPage: () => ({}),
    getTotalActiveUsers: () => ({}),
    getVapidPublicKey: () => ({}),
    getRemoteConfig: () => ({}),
    logout: () => ({}),
    getMediaToken: () => ({}),
    createMobileCode: () => ({}),
    updateProfile: () => ({ name: 'Asha' }),
    getStates: () => ({ country_code: 'IN' }),
    getCities: () => ({ country_code: 'IN', state_code: 'MH' }),
    deleteProfile: () => ({}),
    getSuggestedList: () => ({}),
    initiateConversation: () => ({ bot_uuid: ECHO_BOT_ID }),
    subscribeBot: () => ({ bot_uuid: ECHO_BOT_ID }),
    getConversationList: () => ({}),
    getPinnedConversationList: () => ({}),
    getBotUserDetails: () => ({ bot_uuid: ECHO_BOT_ID }),
    getConfiguration: () => ({ bot_uuid: ECHO_BOT_ID }),
    getMessages: () => ({ bot_uuid: ECHO_BOT_ID, direction: 'backward' }),
    messageWebhookPwa: () => ({ botId: ECHO_BOT_ID, messages: [text('hello once')] }),
    getCart: () => ({ bot_uuid: SHOP_BOT_ID }),
    updateCart: () => ({ bot_uuid: SHOP_BOT_ID, cart: [{ catalog_id: 'saathi-grocery', product_id: 'toor-dal-1kg', quantity: 2 }] }),
    reverseGeocode: () => ({ latitude: 19.076, longitude: 72.8777 }),
    getMediaUploadDetails: () => ({ content_type: 'image/png' }),
    getMediaUploadUrl: () => ({ content_type: 'image/jpeg' }),
    getLinkTitle: () => ({ url: 'https://example.com/page' }),
    getRecentActivityPage: () => ({ language: 'en' }),
    searchBots: () => ({ keyword: 'quiz' }),
    getCatalog: () => ({ bot_uuid: SHOP_BOT_ID }),
    pinResource: () => ({ resource_list: [{ uuid: ECHO_BOT_ID, type: 'bot' }] }),
    unpinResource: () => ({ resource_list: [{ uuid: ECHO_BOT_ID, type: 'bot' }] }),
    muteBot: () => ({ bot_uuid: ECHO_BOT_ID, mute_duration: 28_800_000 }),
    unmuteBot: () => ({ bot_uuid: ECHO_BOT_ID }),
    blockBot: () => ({ bot_uuid: ECHO_BOT_ID }),
    unblockBot: () => ({ bot_uuid: ECHO_BOT_ID }),
    archiveBot: () => ({ bot_uuid: ECHO_BOT_ID }),
    unarchiveBot: () => ({ bot_uuid: ECHO_BOT_ID }),
    reportBot: () => ({ bot_uuid: ECHO_BOT_ID, reason_uuid: REPORT_REASONS[0]!.reason_uuid, description: 'spam', block: false }),
    getReportReasonList: () => ({}),
    getRating: () => ({ bot_uuid: ECHO_BOT_ID }),
    submitRating: () => ({ bot_uuid: ECHO_BOT_ID, rating: 4 }),
    getUserReviewList: () => ({ bot_uuid: SHOP_BOT_ID }),
    voteReview: () => ({ review_uuid: demoReviewUuid(SHOP_BOT_ID, 1), vote: 1 }),
    submitReview: () => ({ bot_uuid: SLOW_BOT_ID, review: 'Patient and kind.' }),
    deleteReview: async (me) => {
      await t().ok('submitReview', { bot_uuid: SLOW_BOT_ID, review: 'Soon gone' }, { session: me });
      return { bot_uuid: SLOW_BOT_ID };
    },
    getReview: () => ({ bot_uuid: ECHO_BOT_ID }),
    getBotFaqs: () => ({ bot_uuid: ECHO_BOT_ID }),
    getSubscriberCount: () => ({ bot_uuid: ECHO_BOT_ID }),
    getOnboardingDetails: () => ({ bot_uuid: ECHO_BOT_ID }),
    sendFeedback: () => ({ does_like: true, content: 'Works well offline' }),
    getFaqs: () => ({ language: 'hi' }),
    savePwaSubscription: () => ({ subscription: pushSubscription(), timestamp: 1_700_000_000_000, deviceId: 'dev-1' }),
    submitMessageRating: async (me) => ({ bot_uuid: ECHO_BOT_ID, sk: await sk(me), rating: 1 }),
    saveItem: async (me) => ({ bot_uuid: ECHO_BOT_ID, sk: await sk(me), index: 0 }),
    markRead: async (me) => ({ bot_uuid: ECHO_BOT_ID, sk: await sk(me) }),
    getSavedItems: async (me) => {
      // one saved item, so the answer holds a saved message to check
      await t().ok('saveItem', { bot_uuid: ECHO_BOT_ID, sk: await sk(me), index: 0 }, { session: me });
      return {};
    },
    getSavedItemFilters: () => ({}),
    unsaveItem: async (me) => {
      const { saved_item_uuid } = await t().ok('saveItem', { bot_uuid: ECHO_BOT_ID, sk: await sk(me), index: 0 }, { session: me });
      return { saved_item_uuid_list: [saved_item_uuid] };
    },
    undoUnsaveItem: async (me) => {
      const { saved_item_uuid } = await t().ok('saveItem', { bot_uuid: ECHO_BOT_ID, sk: await sk(me), index: 0 }, { session: me });
      await t().ok('unsaveItem', { saved_item_uuid_list: [saved_item_uuid] }, { session: me });
      return { unsaved_item_uuid_list: [saved_item_uuid] };
    },
  };
}
