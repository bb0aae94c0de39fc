// A valid body of every route of the contract, made for a fresh signed-in user `me` (who may be
// set up first). The idempotency test replays the keyed ones; the answers test calls each route
// and parses its answer with the route's response schema. A route added to the contract fails
// the type of ROUTE_SAMPLES until it has a sample here.
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { RouteName } from '../../../src/api/contract';
import { ECHO_BOT_ID, SHOP_BOT_ID, SLOW_BOT_ID } from '../../../server/bots/registry';
import { storeMessage } from '../../../server/bots/store';
import { demoReviewUuid, REPORT_REASONS } from '../../../server/bot-profile/seed';
import { DEMO_COMPETITION_IDS } from '../../../server/competition/seed';
import { addEntry, entryBody } from './competition';
import { SEED_POLL, SEED_QUESTION, SEED_QUIZ } from '../../../server/feed/seed-samples';
import type { TestServer, TestSession } from './server';
import { gameOfType, grantCoupon, schedules, solvedBoard } from './engage-rewards';
import { demoSecret } from '../../../server/mini-apps/store';

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

/** A fresh order for the caller (a cart of two Parle-G with the shop bot), answered with its payment request id. */
export async function samplePaymentRequest(t: TestServer, me: TestSession): Promise<string> {
  await t.ok('updateCart', { bot_uuid: SHOP_BOT_ID, cart: [{ catalog_id: 'saathi-grocery', product_id: 'parle-g-800g', quantity: 2 }] }, { session: me });
  return (await t.ok('placeOrder', { bot_uuid: SHOP_BOT_ID }, { session: me })).payment_request.payment_request_id;
}

/** A saved UPI method of the caller (sandbox address that verifies); answers its uuid. */
export async function sampleMethod(t: TestServer, me: TestSession, vpa = 'asha.success@upi'): Promise<string> {
  return (await t.ok('saveMethod', { type: 'upi', details: { vpa } }, { session: me })).payment_method.payment_method_uuid;
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
    getProfilePhotoUploadDetails: () => ({ content_type: 'image/jpeg' }),
    resendEmailVerificationLink: async (me) => {
      await t().ok('updateProfile', { email: 'asha@example.com' }, { session: me });
      return {};
    },
    getCustomCodeDetails: () => ({ custom_code: 'school2026' }),
    authenticateCustomCode: () => ({ custom_code: 'SCHOOL2026', user_details: {} }),
    getReasonList: () => ({}),
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
    // feed (issue 13): the seeded demo posts
    getFeed: () => ({ limit: 15 }),
    getPost: () => ({ post_uuid: SEED_POLL.post }),
    getNotification: () => ({ notification_uuid: SEED_POLL.notification }),
    pollVote: () => ({ post_uuid: SEED_POLL.post, option_uuid_list: [SEED_POLL.options[1]!] }),
    answerQuestion: () => ({ post_uuid: SEED_QUESTION.post, option_uuid: SEED_QUESTION.options[0]! }),
    answerQuizQuestion: () => ({ post_uuid: SEED_QUIZ.post, question_uuid: SEED_QUIZ.questions[0]!.question, option_uuid: SEED_QUIZ.questions[0]!.options[1]! }),
    addReaction: () => ({ post_uuid: SEED_POLL.post, user_reaction: 'clap' }),
    savePost: () => ({ post_uuid: SEED_POLL.post }),
    unsavePost: () => ({ post_uuid: SEED_POLL.post }),
    getSavedPosts: () => ({ offset: 0, limit: 8 }),
    addView: () => ({ post_uuid_list: [SEED_POLL.post, SEED_QUIZ.post] }),
    getUserActivity: () => ({ limit: 20, offset: 0, filters: { type: 'poll_vote' } }),
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
    // engage and rewards (issue 14)
    engageGetHomePage: () => ({ filters: { category: ['knowledge'] } }),
    engageGetGameList: () => ({ offset: 0, limit: 16 }),
    engageGetGameFilters: () => ({}),
    engageGetGameFiltersV3: () => ({}),
    engageStartGame: () => ({ engage_feature_uuid: gameOfType('quiz').uuid }),
    engageGetGame: () => ({ engage_feature_uuid: gameOfType('word').uuid }),
    engageSubmitAnswer: async (me) => {
      const play = await t().ok('engageStartGame', { engage_feature_uuid: gameOfType('quiz').uuid }, { session: me });
      return { play_uuid: play.play_uuid, step: 0, answer: '1' };
    },
    engageGetRecentActivity: () => ({}),
    rewardsAcceptTnc: () => ({}),
    rewardsGetHomePage: () => ({}),
    rewardsGetLuckyDrawResult: () => ({ lucky_draw_result_date: '2025-01-15' }),
    rewardsGetCashList: () => ({}),
    rewardsGetCouponList: async (me) => {
      await grantCoupon(t(), me);
      return {};
    },
    rewardsGetCouponDetails: async (me) => ({ coupon_uuid: await grantCoupon(t(), me) }),
    rewardsStwGetOptions: async (me) => ({ game_schedule_uuid: (await schedules(t(), me)).stw }),
    rewardsStwPlay: async (me) => ({ game_schedule_uuid: (await schedules(t(), me)).stw }),
    rewardsMtcGetMatrix: async (me) => ({ game_schedule_uuid: (await schedules(t(), me)).mtc }),
    rewardsMtcSetUserState: (me) => solvedBoard(t(), me),
    // payments (issue 15)
    verifyVpa: () => ({ vpa: 'success@upi' }),
    saveMethod: () => ({ type: 'upi', details: { vpa: 'success@upi' }, is_primary: true, process_pending_payouts: true }),
    getSavedMethodList: async (me) => {
      await sampleMethod(t(), me);
      return {};
    },
    deleteSavedMethod: async (me) => ({ payment_method_uuid: await sampleMethod(t(), me) }),
    setMethodPrimary: async (me) => ({ payment_method_uuid: await sampleMethod(t(), me), process_pending_payouts: true }),
    placeOrder: async (me) => {
      await t().ok('updateCart', { bot_uuid: SHOP_BOT_ID, cart: [{ catalog_id: 'saathi-grocery', product_id: 'kaju-katli-box', quantity: 1, customizations: [{ id: 'size', value: 'g500' }] }] }, { session: me });
      return { bot_uuid: SHOP_BOT_ID };
    },
    initiatePayment: async (me) => ({ paymentRequestId: await samplePaymentRequest(t(), me), type: 'upi', vpa: 'success@upi' }),
    declinePayment: async (me) => ({ paymentRequestId: await samplePaymentRequest(t(), me) }),
    getPaymentRequestDetails: async (me) => ({ paymentRequestId: await samplePaymentRequest(t(), me) }),
    undoUnsaveItem: async (me) => {
      const { saved_item_uuid } = await t().ok('saveItem', { bot_uuid: ECHO_BOT_ID, sk: await sk(me), index: 0 }, { session: me });
      await t().ok('unsaveItem', { saved_item_uuid_list: [saved_item_uuid] }, { session: me });
      return { unsaved_item_uuid_list: [saved_item_uuid] };
    },
    // competition zone (issue 16)
    getCompetitionHomePage: () => ({}),
    getCompetitionDetails: () => ({ competition_uuid: DEMO_COMPETITION_IDS.drawing }),
    getCompetitionSubmissions: () => ({ competition_uuid: DEMO_COMPETITION_IDS.drawing, offset: 0 }),
    getSubmissionDetails: async (me) => ({ submission_uuid: (await addEntry(t(), me, DEMO_COMPETITION_IDS.drawing)).submission_uuid }),
    getPastCompetitions: () => ({ filters: { only_user_submissions: false } }),
    getCertificates: () => ({}),
    addSubmission: (me) => entryBody(t(), me, DEMO_COMPETITION_IDS.drawing, 2),
    getLeaderboard: () => ({ competition_uuid: DEMO_COMPETITION_IDS.scienceVideo }),
    // mini apps and learning (issue 17): 2000000000000102 is the daily-quiz demo web mini app
    getMiniAppList: () => ({}),
    getMiniAppUserDetails: () => ({ mini_app_uuid: '2000000000000102' }),
    setMiniAppUserActivity: () => ({ mini_app_uuid: '2000000000000102', activity: 'Answered right', score: 3 }),
    subscribeMiniApp: () => ({ mini_app_uuid: '2000000000000102' }),
    getSsoGrantToken: () => ({ mini_app_uuid: '2000000000000102' }),
    submitMiniAppRating: () => ({ mini_app_uuid: '2000000000000102', rating: 4 }),
    getMiniAppStorage: () => ({ mini_app_uuid: '2000000000000102', key: 'streak' }),
    setMiniAppStorage: () => ({ mini_app_uuid: '2000000000000102', key: 'streak', value: '{"count":1,"day":20000}' }),
    exchangeSsoGrant: async (me) => {
      const { grant_token } = await t().ok('getSsoGrantToken', { mini_app_uuid: '2000000000000102' }, { session: me });
      return { mini_app_uuid: '2000000000000102', grant_token, client_secret: await demoSecret(t().server.db, 'daily-quiz') };
    },
    getCourses: () => ({ area: 'skills-corner' }),
    setLessonProgress: () => ({ lesson_id: 'sc-phone-1', percent: 50 }),
    startSession: () => ({ device_id: randomUUID(), bot_uuid: ECHO_BOT_ID, payload: { source: 'samples' } }),
    resolveStandaloneHost: () => ({ host: 'chat.example.org' }),
    trackEvents: () => ({ alias: 'a'.repeat(64), events: [{ event_id: randomUUID(), name: 'screen_view', params: { screen: 'settings' }, at: t().clock.now() }] }),
    createDynamicLink: () => ({ name: 'Rewards', url: '/rewards' }),
    getBannerNotifications: () => ({ available_features: ['rewards', 'engage'] }),
  };
}
