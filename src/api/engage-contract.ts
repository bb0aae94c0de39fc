// Bodies and answers of the engage routes (spec part 2 §3 "Engage", §7; issue 14). Merged into
// `routes` (contract.ts); routes are built with route-def.ts (no cycle). A play's hidden parts
// (right answers, the word) never travel: answers are checked by the server (submit-answer).
import { z } from 'zod';
import { route } from './route-def';
import { ENGAGE_ROUTE_TABLE as T } from './engage-routes';
import { GAME_CATEGORIES, GAME_LIST_PAGE_SIZE, GAME_TYPES } from '../domain/engage-rewards';

const uuid = (name: string) => z.string().uuid(`${name} must be a UUID`);

export const gameFiltersBody = z.object({
  category: z.array(z.enum(GAME_CATEGORIES, { error: `category must be one of ${GAME_CATEGORIES.join(', ')}` })).max(GAME_CATEGORIES.length).optional(),
  type: z.array(z.enum(GAME_TYPES, { error: `type must be one of ${GAME_TYPES.join(', ')}` })).max(GAME_TYPES.length).optional(),
}).strict();
export type GameFilters = z.output<typeof gameFiltersBody>;

export const gameSummarySchema = z.object({
  engage_feature_uuid: z.string(),
  type: z.enum(GAME_TYPES),
  category: z.enum(GAME_CATEGORIES),
  name: z.string(),
  description: z.string(),
  /** Plays started by everyone: what most / least played are ranked by. */
  plays: z.number(),
});
export type GameSummary = z.output<typeof gameSummarySchema>;

const categorySchema = z.object({ id: z.enum(GAME_CATEGORIES), name: z.string(), count: z.number() });

export const engageHomeSchema = z.object({
  banner_list: z.array(z.object({ id: z.string(), title: z.string(), subtitle: z.string(), engage_feature_uuid: z.string() })),
  most_played_games: z.array(gameSummarySchema),
  least_played_games: z.array(gameSummarySchema),
  categories: z.array(categorySchema),
});
export type EngageHome = z.output<typeof engageHomeSchema>;

export const gameListSchema = z.object({ game_list: z.array(gameSummarySchema), offset: z.number(), total: z.number() });
export type GameList = z.output<typeof gameListSchema>;

export const gameFilterGroupsSchema = z.object({
  filters: z.array(z.object({ key: z.enum(['category', 'type']), name: z.string(), options: z.array(z.object({ id: z.string(), name: z.string(), count: z.number() })) })),
});
export type GameFilterGroups = z.output<typeof gameFilterGroupsSchema>;

export const answerResultSchema = z.object({
  step: z.number(),
  answer: z.string(),
  correct: z.boolean(),
  /** Arrived after the play's deadline: recorded, scores nothing. */
  late: z.boolean(),
  /** Word game: per letter 'right' (right place), 'present' (elsewhere in the word), 'absent'. */
  marks: z.array(z.enum(['right', 'present', 'absent'])).optional(),
  /** The right answer of a quiz question or maths problem, once answered. */
  correct_answer: z.string().optional(),
});
export type AnswerResult = z.output<typeof answerResultSchema>;

export const playSchema = z.object({
  play_uuid: z.string(),
  engage_feature_uuid: z.string(),
  type: z.enum(GAME_TYPES),
  name: z.string(),
  status: z.enum(['playing', 'finished']),
  score: z.number(),
  max_score: z.number(),
  steps_total: z.number(),
  started_at: z.number(),
  /** Timed games: answers after this score nothing. */
  deadline_at: z.number().nullable(),
  finished_at: z.number().nullable(),
  questions: z.array(z.object({ prompt: z.string(), options: z.array(z.string()) })).optional(),
  problems: z.array(z.object({ prompt: z.string() })).optional(),
  word: z.object({ length: z.number(), tries: z.number(), hint: z.string() }).optional(),
  board: z.object({ columns: z.number(), cards: z.array(z.number()), min_ms_per_move: z.number(), theme: z.enum(['shapes', 'colours']) }).optional(),
  answers: z.array(answerResultSchema),
});
export type Play = z.output<typeof playSchema>;

export const recentActivitySchema = z.object({
  recent_activity: z.array(z.object({
    play_uuid: z.string(), engage_feature_uuid: z.string(), name: z.string(), type: z.enum(GAME_TYPES),
    status: z.enum(['playing', 'finished']), score: z.number(), max_score: z.number(), started_at: z.number(), finished_at: z.number().nullable(),
  })),
});
export type EngageRecentActivity = z.output<typeof recentActivitySchema>;

export const submitAnswerBody = z.object({
  play_uuid: uuid('play_uuid'),
  step: z.number().int('step must be a whole number').min(0).max(99),
  /** Quiz: the option's index; maths: the number; word: the guess. */
  answer: z.string().trim().min(1, 'answer must not be empty').max(32, 'answer must be at most 32 characters').optional(),
  /** Memory match: every move as the two card indexes turned. */
  moves: z.array(z.tuple([z.number().int(), z.number().int()])).max(400, 'moves: at most 400').optional(),
  duration_ms: z.number().int().min(0).max(86_400_000).optional(),
}).strict();

export const engageRoutes = {
  engageGetHomePage: route({ ...T.engageGetHomePage, response: engageHomeSchema, body: z.object({ filters: gameFiltersBody.optional() }).strict() }),
  engageGetGameList: route({
    ...T.engageGetGameList, response: gameListSchema,
    body: z.object({
      offset: z.number().int().min(0, 'offset must be 0 or more').max(10_000).default(0),
      limit: z.number().int().min(1).max(GAME_LIST_PAGE_SIZE, `limit must be at most ${GAME_LIST_PAGE_SIZE}`).default(GAME_LIST_PAGE_SIZE),
      filters: gameFiltersBody.optional(),
    }).strict(),
  }),
  engageGetGameFilters: route({ ...T.engageGetGameFilters, response: gameFilterGroupsSchema, body: z.object({}).strict() }),
  engageGetGameFiltersV3: route({ ...T.engageGetGameFiltersV3, response: gameFilterGroupsSchema, body: z.object({}).strict() }),
  engageStartGame: route({ ...T.engageStartGame, response: playSchema, body: z.object({ engage_feature_uuid: uuid('engage_feature_uuid') }).strict() }),
  engageGetGame: route({
    ...T.engageGetGame,
    response: z.object({ game: gameSummarySchema, my_plays: z.number(), my_best_score: z.number().nullable(), active_play: playSchema.nullable() }),
    body: z.object({ engage_feature_uuid: uuid('engage_feature_uuid') }).strict(),
  }),
  engageSubmitAnswer: route({ ...T.engageSubmitAnswer, response: z.object({ play: playSchema, result: answerResultSchema }), body: submitAnswerBody }),
  engageGetRecentActivity: route({ ...T.engageGetRecentActivity, response: recentActivitySchema, body: z.object({}).strict() }),
} as const;
