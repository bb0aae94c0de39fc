// Engage games and rewards kept on the device (issue 14), one collection with a `kind` field:
// the server's pages (engage home, game list, filters, recent activity, rewards home, cash and
// coupon lists, coupon details, lucky-draw results, wheel options), written only from a 200
// answer, so they read offline; a play of a game with the answers given and still queued; a
// memory-match board with its completion (queued when made offline); the last spin's result.
// The user's data: cleared with the rest on sign-out.
import type { RxCollection, RxJsonSchema } from 'rxdb/plugins/core';
import type { EngageHome, EngageRecentActivity, GameFilterGroups, GameSummary, Play } from '../../api/engage-contract';
import type {
  CouponDetail, CouponSummary, LuckyDrawResult, MemoryMatchState, MemoryMatrix, RewardEntry, RewardsHome, SpinResult, WheelOption,
} from '../../api/rewards-contract';
import type { MemoryMove } from '../../domain/engage-rewards';

/** An answer given on the device and not yet scored by the server (queued, or refused with the server's words). */
export interface PendingAnswer {
  step: number;
  answer: string;
  state: 'queued' | 'refused';
  message?: string;
}

/** A memory-match completion made on the device: queued until the server records it. */
export interface PendingCompletion {
  moves: MemoryMove[];
  duration_ms: number;
  state: 'queued' | 'done' | 'refused';
  result?: MemoryMatchState;
  message?: string;
}

/** What the one action queue carries for games (kind 'games'): sent by src/sync/games-sync.ts. */
export type GamesAction =
  | { type: 'engage-answer'; play_uuid: string; step: number; answer?: string; moves?: MemoryMove[]; duration_ms?: number }
  | { type: 'mtc-complete'; game_schedule_uuid: string; moves: MemoryMove[]; duration_ms: number };

/** What each kind of document holds. */
export interface GamesPayloads {
  'engage-home': EngageHome;
  /** pages read so far for one filter set, in order */
  'game-list': { games: GameSummary[]; total: number };
  'game-filters': GameFilterGroups;
  'engage-recent': EngageRecentActivity;
  play: { play: Play; pending: PendingAnswer[] };
  'rewards-home': RewardsHome;
  'cash-list': { cash_list: RewardEntry[]; cash: { amount: number; currency: string } };
  'coupon-list': { coupon_list: CouponSummary[] };
  coupon: CouponDetail;
  'lucky-draw': LuckyDrawResult;
  'stw-options': { game_schedule_uuid: string; options: WheelOption[]; spin_available: boolean };
  spin: SpinResult;
  /** a memory board: the rewards game of a schedule (id 'mtc:<schedule>') */
  mtc: { matrix: MemoryMatrix; completion: PendingCompletion | null };
}

export type GamesKind = keyof GamesPayloads;

export interface GamesDoc<K extends GamesKind = GamesKind> {
  /** gamesId(kind, key): the kind, ':' and what tells the documents of one kind apart */
  id: string;
  kind: K;
  payload: GamesPayloads[K];
  /** epoch ms of the last write (a 200 answer, or a local change) */
  updated_at: number;
}

export type GamesCollection = RxCollection<GamesDoc>;

/** The id of a document: its kind and key ('' for the one document of a kind). */
export const gamesId = (kind: GamesKind, key = '') => `${kind}:${encodeURIComponent(key)}`;

export const gamesSchema: RxJsonSchema<GamesDoc> = {
  title: 'games',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 300 },
    kind: { type: 'string', maxLength: 20 },
    payload: { type: 'object' },
    updated_at: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
  },
  required: ['id', 'kind', 'payload', 'updated_at'],
  // lists of one kind newest first (recent plays, lucky-draw dates looked at)
  indexes: [['kind', 'updated_at']],
};
