// Bodies and answers of the bot-profile and bot-action routes (spec part 1 §3 review, report,
// pinned resource; §7), as zod schemas with the answer types inferred. Merged into `routes`
// (contract.ts). Routes are built with route-def.ts, so nothing here imports contract.ts back.
import { z } from 'zod';
import { route } from './route-def';
import { BOT_PROFILE_ROUTE_TABLE as T } from './bot-profile-routes';
import { REPORT_DESCRIPTION_MAX_CHARS, REVIEW_MAX_CHARS } from '../domain/bot-rules';
import { STANDALONE_BOT_ID_PATTERN } from '../domain/constants';

const botId = z.string().regex(STANDALONE_BOT_ID_PATTERN, 'bot_uuid must be a 16-digit number');
const botBody = z.object({ bot_uuid: botId }).strict();
const empty = z.object({}).strict();
const uuid = (field: string) => z.string().uuid(`${field} must be a UUID`);

/** A pinned resource (spec part 1 §3): a bot or a mini app, by its id. */
export const pinnedResourceSchema = z.object({
  uuid: z.string().min(1).max(64),
  type: z.enum(['bot', 'mini_app'], { error: 'type must be bot or mini_app' }),
}).strict();

const resourceListBody = z.object({
  resource_list: z.array(pinnedResourceSchema).min(1, 'resource_list must hold 1 to 20 resources').max(20, 'resource_list must hold 1 to 20 resources'),
}).strict();

export const actionAnswerSchema = z.object({ message: z.string() });
export type ActionAnswer = z.output<typeof actionAnswerSchema>;

export const pinAnswerSchema = actionAnswerSchema.extend({
  /** How many bots the caller has pinned now, and the most allowed (limit_pin_bots). */
  pinned_count: z.number().int(),
  limit: z.number().int(),
});
export type PinAnswer = z.output<typeof pinAnswerSchema>;

export const reportReasonSchema = z.object({ reason_uuid: z.string(), reason: z.string() });
export type ReportReason = z.output<typeof reportReasonSchema>;

export const ratingAnswerSchema = z.object({
  bot_uuid: z.string(),
  /** Average of all ratings, one decimal; 0 when none. */
  rating: z.number(),
  rating_count: z.number().int(),
  /** The caller's own rating, 1 to 5, or null. */
  user_rating: z.number().nullable(),
});
export type RatingAnswer = z.output<typeof ratingAnswerSchema>;

export const reviewSchema = z.object({
  review_uuid: z.string(),
  bot_uuid: z.string(),
  /** The reviewer's display name (first name only). */
  name: z.string(),
  review: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  /** The caller's vote on it: 1, -1 or null. */
  user_vote: z.union([z.literal(1), z.literal(-1)]).nullable(),
  /** Written by the caller. */
  mine: z.boolean(),
});
export type Review = z.output<typeof reviewSchema>;

export const reviewListAnswerSchema = z.object({ review_list: z.array(reviewSchema), total: z.number().int(), offset: z.number().int(), limit: z.number().int() });
export type ReviewListAnswer = z.output<typeof reviewListAnswerSchema>;

export const botFaqSchema = z.object({ question: z.string(), answer: z.string() });
export type BotFaq = z.output<typeof botFaqSchema>;

export const botProfileRoutes = {
  /** Pins bots (type bot) for the caller; 422 'Pin limit reached' over limit_pin_bots. */
  pinResource: route({ ...T.pinResource, response: pinAnswerSchema, body: resourceListBody }),
  unpinResource: route({ ...T.unpinResource, response: pinAnswerSchema, body: resourceListBody }),
  /** mute_duration in ms, a whole number: -1 mutes until unmuted. */
  muteBot: route({ ...T.muteBot, response: actionAnswerSchema.extend({ mute_time: z.number(), mute_duration: z.number() }),
    body: z.object({
      bot_uuid: botId,
      mute_duration: z.number().int('mute_duration must be a whole number').refine((d) => d === -1 || (d > 0 && d <= 10 * 365 * 86_400_000), 'mute_duration must be -1 or 1 ms to 10 years'),
    }).strict(),
  }),
  unmuteBot: route({ ...T.unmuteBot, response: actionAnswerSchema, body: botBody }),
  blockBot: route({ ...T.blockBot, response: actionAnswerSchema, body: botBody }),
  unblockBot: route({ ...T.unblockBot, response: actionAnswerSchema, body: botBody }),
  archiveBot: route({ ...T.archiveBot, response: actionAnswerSchema, body: botBody }),
  unarchiveBot: route({ ...T.unarchiveBot, response: actionAnswerSchema, body: botBody }),
  /** Stores the report; with block, also blocks the bot for the caller. */
  reportBot: route({ ...T.reportBot, response: actionAnswerSchema.extend({ report_uuid: z.string(), blocked: z.boolean() }),
    body: z.object({
      bot_uuid: botId,
      reason_uuid: uuid('reason_uuid'),
      email: z.string().trim().max(254).email('email is not valid').or(z.literal('')).default(''),
      description: z.string().trim().max(REPORT_DESCRIPTION_MAX_CHARS, `description must be at most ${REPORT_DESCRIPTION_MAX_CHARS} characters`).default(''),
      block: z.boolean({ error: 'block must be true or false' }),
    }).strict(),
  }),
  getReportReasonList: route({ ...T.getReportReasonList, response: z.object({ reason_list: z.array(reportReasonSchema) }), body: empty }),
  getRating: route({ ...T.getRating, response: ratingAnswerSchema, body: botBody }),
  submitRating: route({ ...T.submitRating, response: ratingAnswerSchema,
    body: z.object({ bot_uuid: botId, rating: z.number().int('rating must be a whole number from 1 to 5').min(1, 'rating must be a whole number from 1 to 5').max(5, 'rating must be a whole number from 1 to 5') }).strict(),
  }),
  getUserReviewList: route({ ...T.getUserReviewList, response: reviewListAnswerSchema,
    body: z.object({
      bot_uuid: botId,
      sort: z.enum(['newest', 'helpful'], { error: 'sort must be newest or helpful' }).default('newest'),
      offset: z.number().int().min(0, 'offset must be 0 or more').max(100_000).default(0),
      limit: z.number().int().min(1, 'limit must be 1 to 50').max(50, 'limit must be 1 to 50').default(10),
    }).strict(),
  }),
  /** Sets the caller's vote to `vote` (0 removes it): a replay changes nothing. Answers the review. */
  voteReview: route({ ...T.voteReview, response: reviewSchema,
    body: z.object({ review_uuid: uuid('review_uuid'), vote: z.union([z.literal(1), z.literal(-1), z.literal(0)], { error: 'vote must be 1, -1 or 0' }) }).strict(),
  }),
  /** Writes or edits the caller's review of the bot. */
  submitReview: route({ ...T.submitReview, response: reviewSchema,
    body: z.object({ bot_uuid: botId, review: z.string().trim().min(1, 'review must not be blank').max(REVIEW_MAX_CHARS, `review must be at most ${REVIEW_MAX_CHARS} characters`) }).strict(),
  }),
  /** Deletes the caller's review of the bot (deleted: false when there was none). */
  deleteReview: route({ ...T.deleteReview, response: actionAnswerSchema.extend({ deleted: z.boolean() }), body: botBody }),
  /** The caller's own review of the bot, or null. */
  getReview: route({ ...T.getReview, response: z.object({ review: reviewSchema.nullable() }), body: botBody }),
  getBotFaqs: route({ ...T.getBotFaqs, response: z.object({ bot_uuid: z.string(), faqs: z.array(botFaqSchema) }), body: botBody }),
  getTotalActiveUsers: route({ ...T.getTotalActiveUsers, response: z.object({ total_active_users: z.number().int() }), body: empty }),
  getSubscriberCount: route({ ...T.getSubscriberCount, response: z.object({ bot_uuid: z.string(), subscriber_count: z.number().int() }), body: botBody }),
  getOnboardingDetails: route({ ...T.getOnboardingDetails, response: z.object({ bot_uuid: z.string(), name: z.string(), subscriber_count: z.number().int(), photo: z.string() }), body: botBody }),
} as const;
