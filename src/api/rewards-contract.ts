// Bodies and answers of the rewards routes (spec part 2 §3 "Rewards", §4 "Spin the wheel",
// "Rewards gate", §7; issue 14). Merged into `routes` (contract.ts). Amounts are minor units
// with a currency, as everywhere (src/domain/money.ts).
import { z } from 'zod';
import { route } from './route-def';
import { REWARDS_ROUTE_TABLE as T } from './rewards-routes';
import { DAY_PATTERN } from '../domain/engage-rewards';

const uuid = (name: string) => z.string().uuid(`${name} must be a UUID`);
const scheduleBody = z.object({ game_schedule_uuid: uuid('game_schedule_uuid') }).strict();

/** One ledger entry as its owner sees it. */
export const rewardEntrySchema = z.object({
  entry_id: z.string(),
  kind: z.enum(['cash', 'coupon']),
  amount_minor: z.number(),
  currency: z.string(),
  payout_state: z.enum(['none', 'unclaimed', 'paid', 'failed']),
  /** What earned it: 'stw' (spin), 'mtc' (memory match), 'lucky_draw'. */
  source: z.enum(['stw', 'mtc', 'lucky_draw']),
  title: z.string(),
  created_at: z.number(),
});
export type RewardEntry = z.output<typeof rewardEntrySchema>;

export const couponSummarySchema = z.object({
  coupon_uuid: z.string(), title: z.string(), brand: z.string(), expires_at: z.number(), created_at: z.number(),
});
export type CouponSummary = z.output<typeof couponSummarySchema>;

export const couponDetailSchema = couponSummarySchema.extend({ code: z.string(), terms: z.array(z.string()) });
export type CouponDetail = z.output<typeof couponDetailSchema>;

export const liveGameSchema = z.object({
  game_schedule_uuid: z.string(),
  type: z.enum(['stw', 'mtc']),
  day: z.string(),
  name: z.string(),
  stw: z.object({ spin_available: z.boolean() }).optional(),
  mtc: z.object({ completed: z.boolean() }).optional(),
});
export type LiveGame = z.output<typeof liveGameSchema>;

export const rewardsHomeSchema = z.object({
  version: z.number(),
  tnc_accepted: z.boolean(),
  cash: z.object({ amount: z.number(), currency: z.string() }),
  coupons: z.array(couponSummarySchema),
  /** Owned by the payments area; false until a method is saved there. */
  saved_payment_method_available: z.boolean(),
  failed_payouts: z.array(rewardEntrySchema),
  unclaimed_payouts: z.array(rewardEntrySchema),
  live_game_list: z.array(liveGameSchema),
});
export type RewardsHome = z.output<typeof rewardsHomeSchema>;

export const luckyDrawResultSchema = z.object({
  lucky_draw_result_date: z.string(),
  /** open: the day is not over; drawn: its draw has run. */
  status: z.enum(['open', 'drawn']),
  entered: z.boolean(),
  entries_count: z.number(),
  winners_count: z.number(),
  /** The stored seed (hex), shown once drawn: with the entries it reproduces the winners. */
  seed: z.string().nullable(),
  drawn_at: z.number().nullable(),
  /** The caller's own prizes of that draw. */
  reward_list: z.array(z.object({ rank: z.number(), entry_id: z.string(), amount_minor: z.number(), currency: z.string() })),
});
export type LuckyDrawResult = z.output<typeof luckyDrawResultSchema>;

/** `label` names the prize; `short_label` is what fits on the wheel's segment (absent in wheels stored before it: show label). */
export const wheelOptionSchema = z.object({
  id: z.string(), kind: z.enum(['cash', 'coupon', 'none']), label: z.string(), short_label: z.string().optional(), amount_minor: z.number(), currency: z.string(),
});
export type WheelOption = z.output<typeof wheelOptionSchema>;

export const spinResultSchema = z.object({
  game_schedule_uuid: z.string(),
  spin_uuid: z.string(),
  option_id: z.string(),
  option_index: z.number(),
  reward: z.object({ kind: z.enum(['cash', 'coupon']), entry_id: z.string(), amount_minor: z.number(), currency: z.string(), coupon_uuid: z.string().nullable() }).nullable(),
  /** true: this schedule was spun before; this is that first result, no new prize. */
  replayed: z.boolean(),
  spin_available: z.literal(false),
});
export type SpinResult = z.output<typeof spinResultSchema>;

export const matrixSchema = z.object({
  game_schedule_uuid: z.string(),
  columns: z.number(),
  cards: z.array(z.number()),
  issued_at: z.number(),
  min_ms_per_move: z.number(),
  completed: z.boolean(),
});
export type MemoryMatrix = z.output<typeof matrixSchema>;

export const mtcStateSchema = z.object({
  game_schedule_uuid: z.string(),
  completed: z.literal(true),
  completed_at: z.number(),
  moves: z.number(),
  reward: z.object({ entry_id: z.string(), amount_minor: z.number(), currency: z.string() }),
  replayed: z.boolean(),
});
export type MemoryMatchState = z.output<typeof mtcStateSchema>;

export const rewardsRoutes = {
  rewardsAcceptTnc: route({ ...T.rewardsAcceptTnc, response: z.object({ tnc_accepted: z.literal(true), accepted_at: z.number() }), body: z.object({}).strict() }),
  rewardsGetHomePage: route({ ...T.rewardsGetHomePage, response: rewardsHomeSchema, body: z.object({}).strict() }),
  rewardsGetLuckyDrawResult: route({
    ...T.rewardsGetLuckyDrawResult, response: luckyDrawResultSchema,
    body: z.object({
      lucky_draw_result_date: z.string().regex(DAY_PATTERN, 'lucky_draw_result_date must be YYYY-MM-DD')
        .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'lucky_draw_result_date is not a calendar date'),
    }).strict(),
  }),
  rewardsGetCashList: route({ ...T.rewardsGetCashList, response: z.object({ cash_list: z.array(rewardEntrySchema), cash: z.object({ amount: z.number(), currency: z.string() }) }), body: z.object({}).strict() }),
  rewardsGetCouponList: route({ ...T.rewardsGetCouponList, response: z.object({ coupon_list: z.array(couponSummarySchema) }), body: z.object({}).strict() }),
  rewardsGetCouponDetails: route({ ...T.rewardsGetCouponDetails, response: couponDetailSchema, body: z.object({ coupon_uuid: uuid('coupon_uuid') }).strict() }),
  rewardsStwGetOptions: route({ ...T.rewardsStwGetOptions, response: z.object({ game_schedule_uuid: z.string(), options: z.array(wheelOptionSchema), spin_available: z.boolean() }), body: scheduleBody }),
  rewardsStwPlay: route({ ...T.rewardsStwPlay, response: spinResultSchema, body: scheduleBody }),
  rewardsMtcGetMatrix: route({ ...T.rewardsMtcGetMatrix, response: matrixSchema, body: scheduleBody }),
  rewardsMtcSetUserState: route({
    ...T.rewardsMtcSetUserState, response: mtcStateSchema,
    body: z.object({
      game_schedule_uuid: uuid('game_schedule_uuid'),
      completed: z.literal(true, { error: 'completed must be true (only a completion is recorded)' }),
      moves: z.array(z.tuple([z.number().int(), z.number().int()])).min(1, 'moves must not be empty').max(400, 'moves: at most 400'),
      duration_ms: z.number().int().min(0).max(86_400_000),
    }).strict(),
  }),
} as const;
