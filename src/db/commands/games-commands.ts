// Engage games and rewards (issue 14): the engine does the work (src/sync/games-sync.ts); the
// screens observe the `games` collection (hooks/use-games.ts).
import type { GameFilters } from '../../api/engage-contract';
import type { MemoryMove } from '../../domain/engage-rewards';
import type { CommandResult } from '../command-result';
import { runEngine } from './run-engine';

export const refreshEngageHome = (filters?: GameFilters): Promise<CommandResult> => runEngine('refreshEngageHome', filters);
export const loadGameList = (filters: GameFilters | undefined, more = false) => runEngine('loadGameList', filters, more);
export const refreshGameFilters = (): Promise<CommandResult> => runEngine('refreshGameFilters');
export const refreshEngageRecent = (): Promise<CommandResult> => runEngine('refreshEngageRecent');
/** Needs the network: the server deals the play. */
export const startGame = (engageFeatureUuid: string) => runEngine('startGame', engageFeatureUuid);
/** Shown at once, queued for the server's scoring (offline: sent when the network returns). */
export const answerGame = (playUuid: string, step: number, answer: { answer?: string; moves?: MemoryMove[]; duration_ms?: number }): Promise<CommandResult> =>
  runEngine('answerGame', playUuid, step, answer);
export const refreshRewardsHome = (): Promise<CommandResult> => runEngine('refreshRewardsHome');
export const acceptRewardsTerms = (): Promise<CommandResult> => runEngine('acceptRewardsTerms');
export const loadLuckyDraw = (date: string): Promise<CommandResult> => runEngine('loadLuckyDraw', date);
export const refreshCashRewards = (): Promise<CommandResult> => runEngine('refreshCashRewards');
export const refreshCoupons = (): Promise<CommandResult> => runEngine('refreshCoupons');
export const loadCoupon = (couponUuid: string): Promise<CommandResult> => runEngine('loadCoupon', couponUuid);
export const loadWheel = (scheduleUuid: string): Promise<CommandResult> => runEngine('loadWheel', scheduleUuid);
/** Needs the network: the server picks the outcome. */
export const spinWheel = (scheduleUuid: string) => runEngine('spinWheel', scheduleUuid);
export const loadMemoryBoard = (scheduleUuid: string): Promise<CommandResult> => runEngine('loadMemoryBoard', scheduleUuid);
/** Recorded at once, queued for the server (offline: sent when the network returns). */
export const completeMemoryBoard = (scheduleUuid: string, moves: MemoryMove[], durationMs: number): Promise<CommandResult> =>
  runEngine('completeMemoryBoard', scheduleUuid, moves, durationMs);
