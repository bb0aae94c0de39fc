// Engage games' and rewards' half of the engine (spec part 2 §7 Engage / Rewards, issue 14).
// - Pages (engage home, game list in pages of 16, filters, recent activity, rewards home, cash
//   and coupon lists, coupon details, lucky-draw results, wheel options) go into the `games`
//   collection from a 200 answer only; offline the stored ones show.
// - Starting a game, accepting the terms, spinning the wheel and fetching a memory board need the
//   server (it deals, decides and scores): offline they fail with the no-network error the
//   screen says as "needs the network".
// - Answers of a started play and a memory board's completion are written to the device first
//   and queued on the one action queue (kind 'games', ordered per play / per board): sent when
//   the network allows with the queue id as Idempotency-Key; the server's answer replaces the
//   local state; a refusal marks the answer (or completion) refused with the server's words.
import type { RouteName } from '../api/contract';
import type { GameFilters, Play } from '../api/engage-contract';
import { GAME_LIST_PAGE_SIZE, gameFiltersKey, type MemoryMove } from '../domain/engage-rewards';
import { NoResponseError, cancelledError, isCancelError, noResponseError } from '../domain/errors';
import { BadAnswerError } from '../domain/bad-answer-error';
import { uuidv7 } from '../domain/uuidv7';
import type { AppDatabase } from '../db/database';
import { failed, ok, type CommandResult } from '../db/command-result';
import { enqueueAction } from '../db/action-queue';
import { gamesId, orderKey, type GamesAction, type GamesKind, type GamesPayloads } from '../db/schemas';
import type { ActionKindDef, AreaSyncDeps } from './action-runner';
import type { Clock, HttpClient } from './http-client';

export interface GamesFlows {
  refreshEngageHome(filters?: GameFilters): Promise<CommandResult>;
  /** The first page of the list for the filters, or (more) the next one. */
  loadGameList(filters: GameFilters | undefined, more: boolean): Promise<CommandResult<{ count: number; total: number }>>;
  refreshGameFilters(): Promise<CommandResult>;
  refreshEngageRecent(): Promise<CommandResult>;
  /** start-game (needs the network): answers the play's id; its document is written. */
  startGame(engageFeatureUuid: string): Promise<CommandResult<{ playUuid: string }>>;
  /** Records an answer at once and queues it for the server's scoring. */
  answerGame(playUuid: string, step: number, answer: { answer?: string; moves?: MemoryMove[]; duration_ms?: number }): Promise<CommandResult>;
  refreshRewardsHome(): Promise<CommandResult>;
  acceptRewardsTerms(): Promise<CommandResult>;
  loadLuckyDraw(date: string): Promise<CommandResult>;
  refreshCashRewards(): Promise<CommandResult>;
  refreshCoupons(): Promise<CommandResult>;
  loadCoupon(couponUuid: string): Promise<CommandResult>;
  loadWheel(scheduleUuid: string): Promise<CommandResult>;
  /** stw/play (needs the network): the server's outcome, stored as the schedule's 'spin'. */
  spinWheel(scheduleUuid: string): Promise<CommandResult<{ optionIndex: number }>>;
  /** mtc/get-matrix into the device (once there, the board plays offline). */
  loadMemoryBoard(scheduleUuid: string): Promise<CommandResult>;
  /** Records a completed board at once and queues mtc/set-user-state. */
  completeMemoryBoard(scheduleUuid: string, moves: MemoryMove[], durationMs: number): Promise<CommandResult>;
}

type GamesDeps = { db: AppDatabase; http: HttpClient; clock: Clock };

async function write<K extends GamesKind>(db: AppDatabase, kind: K, key: string, payload: GamesPayloads[K], now: number): Promise<void> {
  await db.games.upsert({ id: gamesId(kind, key), kind, payload, updated_at: now });
}

async function read<K extends GamesKind>(db: AppDatabase, kind: K, key: string): Promise<GamesPayloads[K] | null> {
  const doc = await db.games.findOne(gamesId(kind, key)).exec();
  return doc ? (doc.toMutableJSON().payload as GamesPayloads[K]) : null;
}

/** The key of a filter set's documents (src/domain/engage-rewards.ts). */
export const filtersKey = gameFiltersKey;

/** How the action queue's runner sends a queued answer or completion, and marks a refused one. */
export function gamesKind(deps: GamesDeps): ActionKindDef<'games'> {
  const { db, http, clock } = deps;

  async function settleAnswer(a: Extract<GamesAction, { type: 'engage-answer' }>, play: Play | null, refusedWith?: string): Promise<void> {
    const cur = await read(db, 'play', a.play_uuid);
    if (!cur && !play) return;
    const base = play ?? cur!.play;
    const pending = (cur?.pending ?? []).flatMap((p) => {
      if (p.step !== a.step) return [p];
      return refusedWith === undefined ? [] : [{ ...p, state: 'refused' as const, message: refusedWith }];
    });
    await write(db, 'play', a.play_uuid, { play: base, pending }, clock.now());
    // the recent plays list shows this play's new score at once (online or not)
    const recent = play ? await read(db, 'engage-recent', '') : null;
    if (play && recent?.recent_activity.some((r) => r.play_uuid === play.play_uuid)) {
      await write(db, 'engage-recent', '', {
        recent_activity: recent.recent_activity.map((r) => (r.play_uuid === play.play_uuid ? { ...r, score: play.score, status: play.status, finished_at: play.finished_at } : r)),
      }, clock.now());
    }
  }

  async function settleBoard(a: Extract<GamesAction, { type: 'mtc-complete' }>, patch: Partial<NonNullable<GamesPayloads['mtc']['completion']>>): Promise<void> {
    const cur = await read(db, 'mtc', a.game_schedule_uuid);
    if (!cur) return;
    const completion = { moves: a.moves, duration_ms: a.duration_ms, state: 'queued' as const, ...cur.completion, ...patch };
    await write(db, 'mtc', a.game_schedule_uuid, { matrix: { ...cur.matrix, completed: completion.state === 'done' || cur.matrix.completed }, completion }, clock.now());
  }

  return {
    route: 'engageSubmitAnswer',
    async send({ payload: a }, once) {
      if (a.type === 'engage-answer') {
        const answer = await http.call('engageSubmitAnswer', {
          play_uuid: a.play_uuid, step: a.step,
          ...(a.answer !== undefined ? { answer: a.answer } : {}),
          ...(a.moves ? { moves: a.moves.map(([x, y]) => [x, y] as [number, number]) } : {}),
          ...(a.duration_ms !== undefined ? { duration_ms: a.duration_ms } : {}),
        }, once);
        await settleAnswer(a, answer.play);
      } else {
        const result = await http.call('rewardsMtcSetUserState', {
          game_schedule_uuid: a.game_schedule_uuid, completed: true, moves: a.moves.map(([x, y]) => [x, y] as [number, number]), duration_ms: a.duration_ms,
        }, once);
        await settleBoard(a, { state: 'done', result });
      }
    },
    async refused({ payload: a }, refusal) {
      const message = refusal.serverMessage ?? refusal.message;
      if (a.type === 'engage-answer') await settleAnswer(a, null, message);
      else await settleBoard(a, { state: 'refused', message });
    },
  };
}

export function createGamesSync(deps: AreaSyncDeps): GamesFlows {
  const { db, http, clock } = deps;

  async function failure<T>(route: RouteName, err: unknown): Promise<CommandResult<T>> {
    // offline: the stored pages show and the screen says what needs the network; no dialog
    if (err instanceof NoResponseError) return failed(noResponseError());
    if (isCancelError(err)) return failed(cancelledError(err.reason));
    if (err instanceof BadAnswerError) return failed({ key: 'wire', message: err.message });
    return failed(await deps.report(route, err));
  }

  /** One call whose 200 answer is stored as a document. */
  async function page<N extends RouteName, K extends GamesKind>(route: N, body: Parameters<HttpClient['call']>[1] & object, kind: K, key: string, shape: (answer: Awaited<ReturnType<HttpClient['call']>>) => GamesPayloads[K]): Promise<CommandResult> {
    try {
      const answer = await http.call(route, body as never);
      await write(db, kind, key, shape(answer), clock.now());
      return ok();
    } catch (err) {
      return failure(route, err);
    }
  }

  return {
    refreshEngageHome: (filters) => page('engageGetHomePage', filters ? { filters } : {}, 'engage-home', filtersKey(filters), (a) => a as GamesPayloads['engage-home']),
    async loadGameList(filters, more) {
      const key = filtersKey(filters);
      const cur = await read(db, 'game-list', key);
      const offset = more && cur ? cur.games.length : 0;
      try {
        const answer = await http.call('engageGetGameList', { offset, limit: GAME_LIST_PAGE_SIZE, ...(filters ? { filters } : {}) });
        const before = offset === 0 ? [] : cur!.games;
        const known = new Set(before.map((g) => g.engage_feature_uuid));
        const games = [...before, ...answer.game_list.filter((g) => !known.has(g.engage_feature_uuid))];
        await write(db, 'game-list', key, { games, total: answer.total }, clock.now());
        return ok({ count: games.length, total: answer.total });
      } catch (err) {
        return failure('engageGetGameList', err);
      }
    },
    refreshGameFilters: () => page('engageGetGameFiltersV3', {}, 'game-filters', '', (a) => a as GamesPayloads['game-filters']),
    refreshEngageRecent: () => page('engageGetRecentActivity', {}, 'engage-recent', '', (a) => a as GamesPayloads['engage-recent']),
    async startGame(uuid) {
      try {
        const play = await http.call('engageStartGame', { engage_feature_uuid: uuid });
        await write(db, 'play', play.play_uuid, { play, pending: [] }, clock.now());
        return ok({ playUuid: play.play_uuid });
      } catch (err) {
        return failure('engageStartGame', err);
      }
    },
    async answerGame(playUuid, step, given) {
      const cur = await read(db, 'play', playUuid);
      if (!cur) return failed({ key: 'wire', message: 'no such play on this device' });
      if (cur.play.answers.some((a) => a.step === step) || cur.pending.some((p) => p.step === step && p.state === 'queued')) return ok();
      const shown = given.answer ?? `${given.moves?.length ?? 0}`;
      await write(db, 'play', playUuid, { play: cur.play, pending: [...cur.pending.filter((p) => p.step !== step), { step, answer: shown, state: 'queued' }] }, clock.now());
      const id = uuidv7();
      await enqueueAction(db, 'games', orderKey.games(playUuid), { type: 'engage-answer', play_uuid: playUuid, step, ...given }, clock.now(), id);
      await deps.flushActions();
      return ok();
    },
    refreshRewardsHome: () => page('rewardsGetHomePage', {}, 'rewards-home', '', (a) => a as GamesPayloads['rewards-home']),
    async acceptRewardsTerms() {
      try {
        await http.call('rewardsAcceptTnc', {});
        const home = await read(db, 'rewards-home', '');
        if (home) await write(db, 'rewards-home', '', { ...home, tnc_accepted: true }, clock.now());
        return ok();
      } catch (err) {
        return failure('rewardsAcceptTnc', err);
      }
    },
    loadLuckyDraw: (date) => page('rewardsGetLuckyDrawResult', { lucky_draw_result_date: date }, 'lucky-draw', date, (a) => a as GamesPayloads['lucky-draw']),
    refreshCashRewards: () => page('rewardsGetCashList', {}, 'cash-list', '', (a) => a as GamesPayloads['cash-list']),
    refreshCoupons: () => page('rewardsGetCouponList', {}, 'coupon-list', '', (a) => a as GamesPayloads['coupon-list']),
    loadCoupon: (uuid) => page('rewardsGetCouponDetails', { coupon_uuid: uuid }, 'coupon', uuid, (a) => a as GamesPayloads['coupon']),
    loadWheel: (schedule) => page('rewardsStwGetOptions', { game_schedule_uuid: schedule }, 'stw-options', schedule, (a) => a as GamesPayloads['stw-options']),
    async spinWheel(schedule) {
      try {
        const result = await http.call('rewardsStwPlay', { game_schedule_uuid: schedule });
        const now = clock.now();
        await write(db, 'spin', schedule, result, now);
        const options = await read(db, 'stw-options', schedule);
        if (options) await write(db, 'stw-options', schedule, { ...options, spin_available: false }, now);
        const home = await read(db, 'rewards-home', '');
        if (home) {
          await write(db, 'rewards-home', '', {
            ...home, live_game_list: home.live_game_list.map((g) => (g.game_schedule_uuid === schedule ? { ...g, stw: { spin_available: false } } : g)),
          }, now);
        }
        return ok({ optionIndex: result.option_index });
      } catch (err) {
        return failure('rewardsStwPlay', err);
      }
    },
    async loadMemoryBoard(schedule) {
      try {
        const matrix = await http.call('rewardsMtcGetMatrix', { game_schedule_uuid: schedule });
        const cur = await read(db, 'mtc', schedule);
        await write(db, 'mtc', schedule, { matrix, completion: cur?.completion ?? null }, clock.now());
        return ok();
      } catch (err) {
        return failure('rewardsMtcGetMatrix', err);
      }
    },
    async completeMemoryBoard(schedule, moves, durationMs) {
      const cur = await read(db, 'mtc', schedule);
      if (!cur) return failed({ key: 'wire', message: 'no board of this schedule on this device' });
      if (cur.completion && cur.completion.state !== 'refused') return ok();
      await write(db, 'mtc', schedule, { matrix: cur.matrix, completion: { moves, duration_ms: durationMs, state: 'queued' } }, clock.now());
      await enqueueAction(db, 'games', orderKey.games(`mtc:${schedule}`), { type: 'mtc-complete', game_schedule_uuid: schedule, moves, duration_ms: durationMs }, clock.now());
      await deps.flushActions();
      return ok();
    },
  };
}
