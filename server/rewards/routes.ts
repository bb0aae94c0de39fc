// The rewards routes (spec part 2 §7 "Rewards", §4 "Rewards gate", "Spin the wheel"; issue 14).
// Behind the remote flag rewards_enable (off: 403 saying so). Playing (stw/play, mtc/*) needs the
// terms accepted (403 reason tnc_required); reading one's own rewards does not. Every answer is
// the caller's own: another user's coupon reads as unknown (404).
import { primaryVpa } from '../payments/methods';
import { routes } from '../../src/api/contract';
import type { CouponSummary, RewardEntry, WheelOption } from '../../src/api/rewards-contract';
import type { RemoteFlags } from '../../src/api/remote-flags';
import { MEMORY_COLUMNS, MEMORY_MIN_MS_PER_MOVE, REWARDS_CURRENCY, rewardsDay, WHEEL_SEGMENTS } from '../../src/domain/engage-rewards';
import type { LanguageCode } from '../../src/domain/language-codes';
import { formatMoney } from '../../src/domain/money';
import type { RouteModule } from '../context';
import type { Queryable } from '../db/db';
import { badRequest, HttpError, notFound } from '../http/errors';
import { featureGuard } from '../user/feature-access';
import { languageOf } from '../http/language';
import { secureRand } from '../engage/routes';
import { boardFor, completeBoard, liveSchedule, scheduleFor, spin } from './games';
import { cashBalance, entriesOf, type LedgerRow } from './ledger';
import { drawRecentDays, ensureDrawn } from './lucky-draw';
import { offerById, WHEEL_TEXT } from './offers';

/** The rewards home's shape version (spec §3 "version"). */
const HOME_VERSION = 1;

interface CouponRow { coupon_uuid: string; offer_id: string; code: string; expires_at: number; created_at: number }

const money = (amountMinor: number) => formatMoney({ price: amountMinor, currency: REWARDS_CURRENCY });

function entryView(row: LedgerRow, language: LanguageCode): RewardEntry {
  const title = row.source === 'lucky_draw' ? WHEEL_TEXT.luckyDraw : row.source === 'mtc' ? WHEEL_TEXT.mtcReward : WHEEL_TEXT.stwReward;
  return {
    entry_id: row.entry_id, kind: row.kind, amount_minor: Number(row.amount_minor), currency: row.currency, payout_state: row.payout_state,
    source: row.source, title: title[language], created_at: Number(row.created_at),
  };
}

function couponSummary(row: CouponRow, language: LanguageCode): CouponSummary {
  const offer = offerById(row.offer_id);
  return { coupon_uuid: row.coupon_uuid, title: offer?.title[language] ?? row.offer_id, brand: offer?.brand ?? '', expires_at: Number(row.expires_at), created_at: Number(row.created_at) };
}

const couponsOf = (q: Queryable, userUuid: string) =>
  q.query<CouponRow>('SELECT coupon_uuid, offer_id, code, expires_at, created_at FROM reward_coupons WHERE user_uuid = $1 ORDER BY created_at DESC, coupon_uuid', [userUuid]);

function wheelOptions(language: LanguageCode): WheelOption[] {
  return WHEEL_SEGMENTS.map((s) => ({
    id: s.id, kind: s.kind, amount_minor: s.amountMinor, currency: REWARDS_CURRENCY,
    label: s.kind === 'cash' ? money(s.amountMinor) : s.kind === 'coupon' ? (offerById(s.offerId!)?.title[language] ?? s.id) : WHEEL_TEXT.none[language],
    short_label: s.kind === 'cash' ? money(s.amountMinor) : s.kind === 'coupon' ? (offerById(s.offerId!)?.wheelLabel[language] ?? s.id) : WHEEL_TEXT.noneShort[language],
  }));
}

export function rewardsRoutes(flags: () => RemoteFlags): RouteModule {
  return (api, ctx) => {
    const { db } = ctx;
    // the flag with the user's custom code over it (server/user/feature-access.ts)
    const gate = featureGuard(db, flags, 'rewards');
    const tncAccepted = async (userUuid: string) => (await db.query('SELECT 1 FROM rewards_tnc WHERE user_uuid = $1', [userUuid])).length > 0;
    const needTnc = async (userUuid: string) => {
      if (!(await tncAccepted(userUuid))) throw new HttpError(403, 'Accept the rewards terms first', {}, 'tnc_required');
    };

    api.authRoute(routes.rewardsAcceptTnc, async ({ user }) => {
      await gate(user.userUuid);
      await db.query('INSERT INTO rewards_tnc (user_uuid, accepted_at) VALUES ($1, $2) ON CONFLICT (user_uuid) DO NOTHING', [user.userUuid, ctx.now()]);
      const [row] = await db.query<{ accepted_at: number }>('SELECT accepted_at FROM rewards_tnc WHERE user_uuid = $1', [user.userUuid]);
      return { tnc_accepted: true as const, accepted_at: Number(row!.accepted_at) };
    });

    api.authRoute(routes.rewardsGetHomePage, async ({ user, request }) => {
      await gate(user.userUuid);
      const language = languageOf(request);
      const now = ctx.now();
      await drawRecentDays(db, now);
      const [entries, coupons, balance, stw, mtc] = [
        await entriesOf(db, user.userUuid, 'cash'), await couponsOf(db, user.userUuid), await cashBalance(db, user.userUuid),
        await liveSchedule(db, 'stw', now), await liveSchedule(db, 'mtc', now),
      ];
      const spun = (await db.query('SELECT 1 FROM stw_spins WHERE schedule_uuid = $1 AND user_uuid = $2', [stw.schedule_uuid, user.userUuid])).length > 0;
      const [board] = await db.query<{ completed_at: number | null }>('SELECT completed_at FROM mtc_boards WHERE schedule_uuid = $1 AND user_uuid = $2', [mtc.schedule_uuid, user.userUuid]);
      return {
        version: HOME_VERSION,
        tnc_accepted: await tncAccepted(user.userUuid),
        cash: { amount: balance.get(REWARDS_CURRENCY) ?? 0, currency: REWARDS_CURRENCY },
        coupons: coupons.map((c) => couponSummary(c, language)),
        // a saved UPI address of the payments area (manage UPI) is where cash gets paid
        saved_payment_method_available: (await primaryVpa(db, user.userUuid)) !== undefined,
        failed_payouts: entries.filter((e) => e.payout_state === 'failed').map((e) => entryView(e, language)),
        unclaimed_payouts: entries.filter((e) => e.payout_state === 'unclaimed').map((e) => entryView(e, language)),
        live_game_list: [
          { game_schedule_uuid: stw.schedule_uuid, type: 'stw' as const, day: stw.day, name: WHEEL_TEXT.stwName[language], stw: { spin_available: !spun } },
          { game_schedule_uuid: mtc.schedule_uuid, type: 'mtc' as const, day: mtc.day, name: WHEEL_TEXT.mtcName[language], mtc: { completed: board?.completed_at != null } },
        ],
      };
    });

    api.authRoute(routes.rewardsGetLuckyDrawResult, async ({ body, user }) => {
      await gate(user.userUuid);
      const day = body.lucky_draw_result_date;
      const now = ctx.now();
      if (day > rewardsDay(now)) throw badRequest('lucky_draw_result_date is in the future');
      const draw = await ensureDrawn(db, day, now);
      const entered = (await db.query('SELECT 1 FROM lucky_draw_entries WHERE day = $1 AND user_uuid = $2', [day, user.userUuid])).length > 0;
      const [{ n: live }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM lucky_draw_entries WHERE day = $1', [day])) as [{ n: number }];
      const winners = draw ? await db.query<{ rank: number; user_uuid: string; entry_id: string | null }>('SELECT rank, user_uuid, entry_id FROM lucky_draw_winners WHERE day = $1 ORDER BY rank', [day]) : [];
      const mine = winners.filter((w) => w.user_uuid === user.userUuid && w.entry_id);
      const prizes = mine.length ? await db.query<LedgerRow>('SELECT * FROM reward_ledger WHERE entry_id = ANY($1::uuid[])', [mine.map((w) => w.entry_id)]) : [];
      return {
        lucky_draw_result_date: day, status: draw ? 'drawn' as const : 'open' as const, entered,
        entries_count: draw ? Number(draw.entries_count) : Number(live), winners_count: winners.length,
        seed: draw?.seed ?? null, drawn_at: draw ? Number(draw.drawn_at) : null,
        reward_list: mine.map((w) => {
          const p = prizes.find((e) => e.entry_id === w.entry_id)!;
          return { rank: w.rank, entry_id: p.entry_id, amount_minor: Number(p.amount_minor), currency: p.currency };
        }),
      };
    });

    api.authRoute(routes.rewardsGetCashList, async ({ user, request }) => {
      await gate(user.userUuid);
      const language = languageOf(request);
      const balance = await cashBalance(db, user.userUuid);
      return { cash_list: (await entriesOf(db, user.userUuid, 'cash')).map((e) => entryView(e, language)), cash: { amount: balance.get(REWARDS_CURRENCY) ?? 0, currency: REWARDS_CURRENCY } };
    });

    api.authRoute(routes.rewardsGetCouponList, async ({ user, request }) => {
      await gate(user.userUuid);
      const language = languageOf(request);
      return { coupon_list: (await couponsOf(db, user.userUuid)).map((c) => couponSummary(c, language)) };
    });

    api.authRoute(routes.rewardsGetCouponDetails, async ({ body, user, request }) => {
      await gate(user.userUuid);
      const language = languageOf(request);
      const [row] = await db.query<CouponRow>('SELECT coupon_uuid, offer_id, code, expires_at, created_at FROM reward_coupons WHERE coupon_uuid = $1 AND user_uuid = $2', [body.coupon_uuid, user.userUuid]);
      if (!row) throw notFound('No such coupon of yours');
      const offer = offerById(row.offer_id);
      return { ...couponSummary(row, language), code: row.code, terms: (offer?.terms ?? []).map((t) => t[language]) };
    });

    api.authRoute(routes.rewardsStwGetOptions, async ({ body, user, request }) => {
      await gate(user.userUuid);
      const schedule = await scheduleFor(db, body.game_schedule_uuid, 'stw', ctx.now(), true);
      const spun = (await db.query('SELECT 1 FROM stw_spins WHERE schedule_uuid = $1 AND user_uuid = $2', [schedule.schedule_uuid, user.userUuid])).length > 0;
      return { game_schedule_uuid: schedule.schedule_uuid, options: wheelOptions(languageOf(request)), spin_available: !spun && schedule.day === rewardsDay(ctx.now()) };
    });

    api.authRoute(routes.rewardsStwPlay, async ({ body, user }) => {
      await gate(user.userUuid);
      await needTnc(user.userUuid);
      const now = ctx.now();
      // A played schedule answers its first result even after the day (anyDay); a first spin needs today's.
      const schedule = await scheduleFor(db, body.game_schedule_uuid, 'stw', now, true);
      const played = (await db.query('SELECT 1 FROM stw_spins WHERE schedule_uuid = $1 AND user_uuid = $2', [schedule.schedule_uuid, user.userUuid])).length > 0;
      if (!played) await scheduleFor(db, body.game_schedule_uuid, 'stw', now);
      const out = await spin(db, user.userUuid, schedule.schedule_uuid, now, secureRand);
      const index = WHEEL_SEGMENTS.findIndex((s) => s.id === out.spin.segment_id);
      return {
        game_schedule_uuid: schedule.schedule_uuid, spin_uuid: out.spin.spin_uuid, option_id: out.spin.segment_id, option_index: index,
        reward: out.entry ? { kind: out.entry.kind, entry_id: out.entry.entry_id, amount_minor: Number(out.entry.amount_minor), currency: out.entry.currency, coupon_uuid: out.couponUuid } : null,
        replayed: out.replayed, spin_available: false as const,
      };
    });

    api.authRoute(routes.rewardsMtcGetMatrix, async ({ body, user }) => {
      await gate(user.userUuid);
      await needTnc(user.userUuid);
      const now = ctx.now();
      const schedule = await scheduleFor(db, body.game_schedule_uuid, 'mtc', now);
      const board = await boardFor(db, user.userUuid, schedule.schedule_uuid, now, secureRand);
      return {
        game_schedule_uuid: schedule.schedule_uuid, columns: MEMORY_COLUMNS, cards: board.cards, issued_at: Number(board.issued_at),
        min_ms_per_move: MEMORY_MIN_MS_PER_MOVE, completed: board.completed_at !== null,
      };
    });

    api.authRoute(routes.rewardsMtcSetUserState, async ({ body, user }) => {
      await gate(user.userUuid);
      await needTnc(user.userUuid);
      // A board fetched while live may be completed later (offline play, queued): any day.
      const schedule = await scheduleFor(db, body.game_schedule_uuid, 'mtc', ctx.now(), true);
      const out = await completeBoard(db, user.userUuid, schedule.schedule_uuid, body.moves, body.duration_ms, ctx.now());
      return {
        game_schedule_uuid: schedule.schedule_uuid, completed: true as const, completed_at: Number(out.board.completed_at), moves: Number(out.board.moves),
        reward: { entry_id: out.entry.entry_id, amount_minor: Number(out.entry.amount_minor), currency: out.entry.currency }, replayed: out.replayed,
      };
    });
  };
}
