// Bodies and answers of the bot-profile and bot-action routes (spec part 1 §3 review, report,
// pinned resource; §7). Merged into `routes` (contract.ts). Imports only types from contract.ts
// (which imports this file), so there is no cycle at run time.
import { z } from 'zod';
import type { RouteDef } from './contract';
import { BOT_PROFILE_ROUTE_TABLE as T } from './bot-profile-routes';
import { REPORT_DESCRIPTION_MAX_CHARS, REVIEW_MAX_CHARS } from '../domain/bot-rules';

function route<R>() {
  return <B extends z.ZodType>(def: Omit<RouteDef<B, R>, 'response'>): RouteDef<B, R> => def;
}

const botId = z.string().regex(/^\d{16}$/, 'bot_uuid must be a 16-digit number');
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

export interface ActionAnswer { message: string }

export interface PinAnswer extends ActionAnswer {
  /** How many bots the caller has pinned now, and the most allowed (limit_pin_bots). */
  pinned_count: number;
  limit: number;
}

export interface ReportReason { reason_uuid: string; reason: string }

export interface RatingAnswer {
  bot_uuid: string;
  /** Average of all ratings, one decimal; 0 when none. */
  rating: number;
  rating_count: number;
  /** The caller's own rating, 1 to 5, or null. */
  user_rating: number | null;
}

export interface Review {
  review_uuid: string;
  bot_uuid: string;
  /** The reviewer's display name (first name only). */
  name: string;
  review: string;
  created_at: number;
  updated_at: number;
  upvotes: number;
  downvotes: number;
  /** The caller's vote on it: 1, -1 or null. */
  user_vote: 1 | -1 | null;
  /** Written by the caller. */
  mine: boolean;
}

export interface ReviewListAnswer { review_list: Review[]; total: number; offset: number; limit: number }

export interface BotFaq { question: string; answer: string }

export const botProfileRoutes = {
  /** Pins bots (type bot) for the caller; 422 'Pin limit reached' over limit_pin_bots. */
  pinResource: route<PinAnswer>()({ ...T.pinResource, body: resourceListBody }),
  unpinResource: route<PinAnswer>()({ ...T.unpinResource, body: resourceListBody }),
  /** mute_duration in ms, a whole number: -1 mutes until unmuted. */
  muteBot: route<ActionAnswer & { mute_time: number; mute_duration: number }>()({
    ...T.muteBot,
    body: z.object({
      bot_uuid: botId,
      mute_duration: z.number().int('mute_duration must be a whole number').refine((d) => d === -1 || (d > 0 && d <= 10 * 365 * 86_400_000), 'mute_duration must be -1 or 1 ms to 10 years'),
    }).strict(),
  }),
  unmuteBot: route<ActionAnswer>()({ ...T.unmuteBot, body: botBody }),
  blockBot: route<ActionAnswer>()({ ...T.blockBot, body: botBody }),
  unblockBot: route<ActionAnswer>()({ ...T.unblockBot, body: botBody }),
  archiveBot: route<ActionAnswer>()({ ...T.archiveBot, body: botBody }),
  unarchiveBot: route<ActionAnswer>()({ ...T.unarchiveBot, body: botBody }),
  /** Stores the report; with block, also blocks the bot for the caller. */
  reportBot: route<ActionAnswer & { report_uuid: string; blocked: boolean }>()({
    ...T.reportBot,
    body: z.object({
      bot_uuid: botId,
      reason_uuid: uuid('reason_uuid'),
      email: z.string().trim().max(254).email('email is not valid').or(z.literal('')).default(''),
      description: z.string().trim().max(REPORT_DESCRIPTION_MAX_CHARS, `description must be at most ${REPORT_DESCRIPTION_MAX_CHARS} characters`).default(''),
      block: z.boolean({ error: 'block must be true or false' }),
    }).strict(),
  }),
  getReportReasonList: route<{ reason_list: ReportReason[] }>()({ ...T.getReportReasonList, body: empty }),
  getRating: route<RatingAnswer>()({ ...T.getRating, body: botBody }),
  submitRating: route<RatingAnswer>()({
    ...T.submitRating,
    body: z.object({ bot_uuid: botId, rating: z.number().int('rating must be a whole number from 1 to 5').min(1, 'rating must be a whole number from 1 to 5').max(5, 'rating must be a whole number from 1 to 5') }).strict(),
  }),
  getUserReviewList: route<ReviewListAnswer>()({
    ...T.getUserReviewList,
    body: z.object({
      bot_uuid: botId,
      sort: z.enum(['newest', 'helpful'], { error: 'sort must be newest or helpful' }).default('newest'),
      offset: z.number().int().min(0, 'offset must be 0 or more').max(100_000).default(0),
      limit: z.number().int().min(1, 'limit must be 1 to 50').max(50, 'limit must be 1 to 50').default(10),
    }).strict(),
  }),
  /** Sets the caller's vote to `vote` (0 removes it): a replay changes nothing. Answers the review. */
  voteReview: route<Review>()({
    ...T.voteReview,
    body: z.object({ review_uuid: uuid('review_uuid'), vote: z.union([z.literal(1), z.literal(-1), z.literal(0)], { error: 'vote must be 1, -1 or 0' }) }).strict(),
  }),
  /** Writes or edits the caller's review of the bot. */
  submitReview: route<Review>()({
    ...T.submitReview,
    body: z.object({ bot_uuid: botId, review: z.string().trim().min(1, 'review must not be blank').max(REVIEW_MAX_CHARS, `review must be at most ${REVIEW_MAX_CHARS} characters`) }).strict(),
  }),
  /** Deletes the caller's review of the bot (deleted: false when there was none). */
  deleteReview: route<ActionAnswer & { deleted: boolean }>()({ ...T.deleteReview, body: botBody }),
  /** The caller's own review of the bot, or null. */
  getReview: route<{ review: Review | null }>()({ ...T.getReview, body: botBody }),
  getBotFaqs: route<{ bot_uuid: string; faqs: BotFaq[] }>()({ ...T.getBotFaqs, body: botBody }),
  getTotalActiveUsers: route<{ total_active_users: number }>()({ ...T.getTotalActiveUsers, body: empty }),
  getSubscriberCount: route<{ bot_uuid: string; subscriber_count: number }>()({ ...T.getSubscriberCount, body: botBody }),
  getOnboardingDetails: route<{ bot_uuid: string; name: string; subscriber_count: number; photo: string }>()({ ...T.getOnboardingDetails, body: botBody }),
} as const;
