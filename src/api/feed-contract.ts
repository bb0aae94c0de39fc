// Bodies and answers of the feed routes (spec part 2 §3 feed item, feed post, post action
// payload; §7 "Feed"), as zod schemas with the answer types inferred. Merged into `routes`
// (contract.ts). Every action answers the post as it is now, so the client reconciles its
// optimistic counts with the server's.
import { z } from 'zod';
import { route } from './route-def';
import { FEED_ROUTE_TABLE as T } from './feed-routes';
import { mediaRefSchema } from './messages';
import {
  ACTIVITY_PAGE_SIZE, ACTIVITY_TYPES, ADD_VIEW_MAX_IDS, CUSTOM_RESPONSE_MAX_CHARS, FEED_PAGE_SIZE, FEED_REACTIONS, SAVED_POSTS_PAGE_SIZE,
} from '../domain/feed-rules';

const uuid = (field: string) => z.string().uuid(`${field} must be a UUID`);
const postBody = z.object({ post_uuid: uuid('post_uuid') }).strict();

/** A feed cursor: the newest item not wanted again (items strictly older come next). */
export const feedCursorSchema = z.object({
  id: uuid('id'),
  created_at: z.number().int('created_at must be epoch ms').min(0),
}).strict();
export type FeedCursor = z.output<typeof feedCursorSchema>;

export const feedOptionSchema = z.object({
  uuid: z.string(),
  text: z.string(),
  /** How many users chose it. */
  answers: z.number().int().min(0),
});
export type FeedOption = z.output<typeof feedOptionSchema>;

export const feedQuestionSchema = z.object({
  uuid: z.string(),
  text: z.string(),
  options: z.array(feedOptionSchema),
  /** The caller's answer (an option uuid), or null. */
  user_answer: z.string().nullable(),
  /** The right option of a quiz question: given only once the caller has answered it; null for plain questions. */
  correct_option_uuid: z.string().nullable(),
});
export type FeedQuestion = z.output<typeof feedQuestionSchema>;

export const feedPostSchema = z.object({
  post_uuid: z.string(),
  /** poll, quiz, question or announcement (the subtype; kept as `type` too, spec §3). */
  type: z.string(),
  subtype: z.string(),
  bot: z.object({ bot_uuid: z.string(), name: z.string(), icon: z.string() }),
  title: z.string(),
  body: z.string(),
  media: mediaRefSchema.nullable(),
  deep_link: z.string(),
  created_at: z.number(),
  /** Poll options (poll) with their vote counts. */
  options: z.array(feedOptionSchema),
  /** Poll: several options may be chosen. */
  multiple: z.boolean(),
  /** Poll: a free-text response may go with the vote. */
  allow_custom_response: z.boolean(),
  /** Poll: the caller's vote, or null. */
  user_vote: z.object({ option_uuid_list: z.array(z.string()), custom_response: z.string().nullable() }).nullable(),
  /** Quiz and question: the questions (a question post has one). */
  question_list: z.array(feedQuestionSchema),
  /** reaction → count (reactions with no users are left out). */
  reactions: z.record(z.string(), z.number().int().min(0)),
  user_reaction: z.string().nullable(),
  is_saved: z.boolean(),
  view_count: z.number().int().min(0),
});
export type FeedPost = z.output<typeof feedPostSchema>;

export const feedNotificationSchema = z.object({
  notification_uuid: z.string(),
  subtype: z.string(),
  bot: z.object({ bot_uuid: z.string(), name: z.string(), icon: z.string() }),
  title: z.string(),
  body: z.string(),
  deep_link: z.string(),
  created_at: z.number(),
});
export type FeedNotification = z.output<typeof feedNotificationSchema>;

/** A feed item: its object lives under its type (spec §3). The client filters unknown kinds. */
export const feedItemSchema = z.union([
  z.object({ type: z.literal('post'), post: feedPostSchema }),
  z.object({ type: z.literal('notification'), notification: feedNotificationSchema }),
]);
export type FeedItem = z.output<typeof feedItemSchema>;

/**
 * A get-feed page. Items are read loosely here (only `type` is checked) so that an item of a kind
 * this app does not know is dropped by the client's filter (src/domain/feed-rules.ts) instead of
 * failing the whole page; the kept ones are then parsed with feedItemSchema.
 */
export const feedPageSchema = z.object({
  user_feed: z.array(z.looseObject({ type: z.string() })),
  /** Cursors for the next page: the oldest post and notification of this page (or the ones given). */
  lastPost: feedCursorSchema.nullable(),
  lastNotification: feedCursorSchema.nullable(),
  /** Older items exist past this page. */
  has_more: z.boolean(),
});
export type FeedPage = z.output<typeof feedPageSchema>;

export const postAnswerSchema = z.object({ post: feedPostSchema });
export type PostAnswer = z.output<typeof postAnswerSchema>;

export const activitySchema = z.object({
  activity_uuid: z.string(),
  type: z.string(),
  post_uuid: z.string(),
  post_title: z.string(),
  /** What the user did, in words of the post (the option chosen, the reaction). */
  detail: z.string(),
  created_at: z.number(),
});
export type Activity = z.output<typeof activitySchema>;

const pageField = (max: number) => z.number().int('limit must be a whole number').min(1, `limit must be 1 to ${max}`).max(max, `limit must be 1 to ${max}`);
const offsetField = z.number().int('offset must be a whole number').min(0, 'offset must be 0 or more').max(100_000, 'offset must be at most 100000');

export const feedRoutes = {
  /** Posts and notifications, newest first, older than the cursors. */
  getFeed: route({
    ...T.getFeed, response: feedPageSchema,
    body: z.object({
      limit: pageField(50).default(FEED_PAGE_SIZE),
      max: z.object({ post: feedCursorSchema.nullable().default(null), notification: feedCursorSchema.nullable().default(null) }).strict().default({ post: null, notification: null }),
    }).strict(),
  }),
  /** user_reaction null removes the caller's reaction. */
  addReaction: route({
    ...T.addReaction, response: postAnswerSchema,
    body: z.object({ post_uuid: uuid('post_uuid'), user_reaction: z.enum(FEED_REACTIONS, { error: `user_reaction must be one of ${FEED_REACTIONS.join(', ')} or null` }).nullable() }).strict(),
  }),
  getUserActivity: route({
    ...T.getUserActivity, response: z.object({ activity_list: z.array(activitySchema), total: z.number().int() }),
    body: z.object({
      limit: pageField(50).default(ACTIVITY_PAGE_SIZE),
      offset: offsetField.default(0),
      filters: z.object({ type: z.enum(ACTIVITY_TYPES, { error: `filters.type must be one of ${ACTIVITY_TYPES.join(', ')}` }).nullable().default(null) }).strict().default({ type: null }),
    }).strict(),
  }),
  /** One vote per user per poll: a new vote replaces the old (the counts move). */
  pollVote: route({
    ...T.pollVote, response: postAnswerSchema,
    body: z.object({
      post_uuid: uuid('post_uuid'),
      option_uuid_list: z.array(uuid('option_uuid_list[]')).min(1, 'option_uuid_list must name at least one option').max(20, 'option_uuid_list must name at most 20 options')
        .refine((l) => new Set(l).size === l.length, 'option_uuid_list must not repeat an option'),
      custom_response: z.string().trim().max(CUSTOM_RESPONSE_MAX_CHARS, `custom_response must be at most ${CUSTOM_RESPONSE_MAX_CHARS} characters`).optional(),
    }).strict(),
  }),
  getPost: route({ ...T.getPost, response: postAnswerSchema, body: postBody }),
  getNotification: route({
    ...T.getNotification, response: z.object({ notification: feedNotificationSchema }),
    body: z.object({ notification_uuid: uuid('notification_uuid') }).strict(),
  }),
  /** A question post: one answer per user. */
  answerQuestion: route({
    ...T.answerQuestion, response: postAnswerSchema,
    body: z.object({ post_uuid: uuid('post_uuid'), option_uuid: uuid('option_uuid') }).strict(),
  }),
  /** A quiz question: one answer per user per question. */
  answerQuizQuestion: route({
    ...T.answerQuizQuestion, response: postAnswerSchema,
    body: z.object({ post_uuid: uuid('post_uuid'), question_uuid: uuid('question_uuid'), option_uuid: uuid('option_uuid') }).strict(),
  }),
  savePost: route({ ...T.savePost, response: postAnswerSchema, body: postBody }),
  unsavePost: route({ ...T.unsavePost, response: postAnswerSchema, body: postBody }),
  getSavedPosts: route({
    ...T.getSavedPosts, response: z.object({ post_list: z.array(feedPostSchema), total: z.number().int() }),
    body: z.object({ offset: offsetField.default(0), limit: pageField(50).default(SAVED_POSTS_PAGE_SIZE) }).strict(),
  }),
  /** The posts the caller has seen; each counted once per user. */
  addView: route({
    ...T.addView, response: z.object({ counted: z.number().int() }),
    body: z.object({
      post_uuid_list: z.array(uuid('post_uuid_list[]'))
        .min(1, 'post_uuid_list must name at least one post')
        .max(ADD_VIEW_MAX_IDS, `post_uuid_list must name at most ${ADD_VIEW_MAX_IDS} posts`),
    }).strict(),
  }),
};
