// Engage games and rewards against the real server (issue 14): the catalogue and play counts,
// every game played to the end with server-side scoring, the rewards gate, spin the wheel, memory
// match, the lucky draw (reproducible from its seed), coupons and cash, IDOR and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/api/headers';
import type { Play } from '../../src/api/engage-contract';
import { DEFAULT_REMOTE_FLAGS, type RemoteFlags } from '../../src/api/remote-flags';
import {
  GAME_LIST_PAGE_SIZE, LUCKY_DRAW_PRIZE_MINOR, LUCKY_DRAW_WINNERS, MEMORY_MATCH_REWARD_MINOR, memoryMinDurationMs, QUIZ_TIME_LIMIT_MS, rewardsDay, rewardsDayEnd, WHEEL_SEGMENTS, WORD_TRIES,
} from '../../src/domain/engage-rewards';
import { DAY_MS } from '../../src/domain/constants';
import { GAMES } from '../../server/engage/catalogue';
import { WORDS } from '../../server/discovery/word-game';
import { say } from '../../server/discovery/conversation';
import { LANGUAGE_CODES } from '../../src/domain/language-codes';
import { drawWinners } from '../../server/rewards/lucky-draw';
import { gameOfType, grantCoupon, schedules, solve, solvedBoard } from './helpers/engage-rewards';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';

let flags: RemoteFlags = { ...DEFAULT_REMOTE_FLAGS, rewards_enable: true, enable_engage: true };
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ remoteFlags: () => flags });
});
afterAll(() => t.close());

const as = (me: TestSession, language = 'en') => ({ session: me, headers: { [HEADER.language]: language } });
const start = (me: TestSession, uuid: string, language = 'en') => t.ok('engageStartGame', { engage_feature_uuid: uuid }, as(me, language));
const answer = (me: TestSession, play: Play, step: number, body: { answer?: string; moves?: [number, number][]; duration_ms?: number }) =>
  t.call('engageSubmitAnswer', { play_uuid: play.play_uuid, step, ...body }, { session: me });

/** The right answer of a maths prompt "a op b = ?", worked out as a player would. */
function solveSum(prompt: string): string {
  const [a, op, b] = prompt.split(' ');
  const x = Number(a), y = Number(b);
  return String(op === '+' ? x + y : op === '−' ? x - y : op === '×' ? x * y : x / y);
}

describe('engage catalogue', () => {
  it('lists at least four kinds of game in pages of 16, filtered, named in the asked language', async () => {
    const me = await t.signIn();
    const page = await t.ok('engageGetGameList', {}, { session: me });
    expect(page.total).toBe(GAMES.length);
    expect(page.game_list.length).toBe(Math.min(GAME_LIST_PAGE_SIZE, GAMES.length));
    expect(new Set(page.game_list.map((g) => g.type))).toEqual(new Set(['quiz', 'word', 'maths', 'memory']));
    const second = await t.ok('engageGetGameList', { offset: 4, limit: 4 }, { session: me });
    expect(second.game_list.map((g) => g.engage_feature_uuid)).toEqual(page.game_list.slice(4, 8).map((g) => g.engage_feature_uuid));
    const maths = await t.ok('engageGetGameList', { filters: { type: ['maths'] } }, { session: me });
    expect(maths.game_list.every((g) => g.type === 'maths')).toBe(true);
    expect(maths.total).toBe(8);
    // more than a page: the second page holds the rest
    expect(GAMES.length).toBeGreaterThan(GAME_LIST_PAGE_SIZE);
    const rest = await t.ok('engageGetGameList', { offset: GAME_LIST_PAGE_SIZE }, { session: me });
    expect(rest.game_list.length).toBe(GAMES.length - GAME_LIST_PAGE_SIZE);
    expect(rest.game_list.map((g) => g.engage_feature_uuid)).not.toContain(page.game_list[0]!.engage_feature_uuid);
    for (const language of ['hi', 'gu', 'mr', 'te']) {
      const local = await t.ok('engageGetGameList', {}, as(me, language));
      const word = local.game_list.find((g) => g.type === 'word')!;
      expect(word.name).not.toBe(page.game_list.find((g) => g.type === 'word')!.name);
      expect(word.description).not.toMatch(/^Guess/);
    }
    const filters = await t.ok('engageGetGameFilters', {}, { session: me });
    expect(filters.filters.map((f) => f.key)).toEqual(['category', 'type']);
    expect(filters.filters[1]!.options.reduce((n, o) => n + o.count, 0)).toBe(GAMES.length);
    expect(await t.ok('engageGetGameFiltersV3', {}, { session: me })).toEqual(filters);
  });

  it('ranks most and least played by real play counts', async () => {
    const me = await t.signIn();
    const before = await t.ok('engageGetHomePage', {}, { session: me });
    const target = gameOfType('memory');
    const top = before.most_played_games[0]?.plays ?? 0;
    const own = (await t.ok('engageGetGame', { engage_feature_uuid: target.uuid }, { session: me })).game.plays;
    for (let i = 0; i <= top; i++) await start(me, target.uuid);
    const after = await t.ok('engageGetHomePage', {}, { session: me });
    expect(after.most_played_games[0]!.engage_feature_uuid).toBe(target.uuid);
    expect(after.most_played_games[0]!.plays).toBe(own + top + 1);
    expect(after.least_played_games.map((g) => g.engage_feature_uuid)).not.toContain(target.uuid);
    const sorted = [...after.least_played_games].map((g) => g.plays);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    expect(after.categories.map((c) => c.id)).toEqual(['knowledge', 'learning', 'language', 'numbers', 'memory']);
    expect(after.banner_list.length).toBeGreaterThan(0);
    const filtered = await t.ok('engageGetHomePage', { filters: { category: ['numbers'] } }, { session: me });
    expect(filtered.most_played_games.every((g) => g.category === 'numbers')).toBe(true);
  });
});

describe('playing the games (scored on the server)', () => {
  it('timed quiz: right and wrong answers, a repeated step counted once, the end, in Hindi', async () => {
    const me = await t.signIn();
    const game = gameOfType('quiz');
    const play = await start(me, game.uuid, 'hi');
    expect(play.questions![0]!.prompt).toBe((game.quiz!.questions[0]!.question as { hi: string }).hi);
    expect(JSON.stringify(play)).not.toContain('"answer":');
    const n = play.questions!.length;
    let last: Play = play;
    for (let i = 0; i < n; i++) {
      const right = game.quiz!.questions[i]!.answer;
      const given = i === 0 ? (right + 1) % game.quiz!.questions[i]!.options.length : right;
      const a = await answer(me, play, i, { answer: String(given) });
      if (!a.ok) throw new Error(a.body.message);
      expect(a.body.result.correct).toBe(i !== 0);
      expect(a.body.result.correct_answer).toBe(String(right));
      last = a.body.play;
    }
    expect(last.status).toBe('finished');
    expect(last.score).toBe(n - 1);
    // a repeat of a step (a retried queued answer) reads the first result and scores nothing more
    const again = await answer(me, play, 0, { answer: String(game.quiz!.questions[0]!.answer) });
    expect(again.ok && again.body.result.correct).toBe(false);
    expect(again.ok && again.body.play.score).toBe(n - 1);
    const recent = await t.ok('engageGetRecentActivity', {}, { session: me });
    expect(recent.recent_activity[0]).toMatchObject({ play_uuid: play.play_uuid, status: 'finished', score: n - 1 });
    const detail = await t.ok('engageGetGame', { engage_feature_uuid: game.uuid }, { session: me });
    expect(detail).toMatchObject({ my_plays: 1, my_best_score: n - 1, active_play: null });
  });

  it('every game starts in each of the five languages with its texts in that language', async () => {
    const me = await t.signIn();
    for (const language of LANGUAGE_CODES) {
      for (const game of GAMES) {
        const play = await start(me, game.uuid, language);
        expect(play.name, `${game.key} ${language}`).toBe(game.name(language));
        expect(play.status).toBe('playing');
        if (game.quiz) {
          expect(play.questions).toEqual(game.quiz.questions.map((q) => ({ prompt: say(q.question, language), options: q.options.map((o) => say(o, language)) })));
        }
        if (game.type === 'maths') expect(play.problems).toHaveLength(play.steps_total);
        if (game.type === 'word') expect(WORDS.map((w) => w.hint[language])).toContain(play.word!.hint);
        if (game.type === 'memory') expect(play.board!.cards).toHaveLength(16);
      }
    }
  });

  it('timed quiz: an answer after the time limit is recorded late and scores nothing', async () => {
    const me = await t.signIn();
    const game = gameOfType('quiz');
    const play = await start(me, game.uuid);
    t.clock.advance(QUIZ_TIME_LIMIT_MS + 1);
    const a = await answer(me, play, 0, { answer: String(game.quiz!.questions[0]!.answer) });
    expect(a.ok && a.body.result).toMatchObject({ correct: true, late: true });
    expect(a.ok && a.body.play).toMatchObject({ score: 0, status: 'finished' });
    expect((await answer(me, play, 1, { answer: '0' })).status).toBe(409);
  });

  it('maths sprint: ten sums worked out, full marks', async () => {
    const me = await t.signIn();
    const play = await start(me, gameOfType('maths').uuid, 'te');
    let last = play;
    for (const [i, p] of play.problems!.entries()) {
      const a = await answer(me, play, i, { answer: solveSum(p.prompt) });
      if (!a.ok) throw new Error(a.body.message);
      expect(a.body.result.correct).toBe(true);
      last = a.body.play;
    }
    expect(last).toMatchObject({ status: 'finished', score: 10, max_score: 10 });
  });

  it('word game: marks per letter, guesses in order, a win scores the tries left', async () => {
    const me = await t.signIn();
    const game = gameOfType('word');
    const play = await start(me, game.uuid, 'mr');
    expect(play.word).toMatchObject({ length: 5, tries: WORD_TRIES });
    const row = await t.server.db.query<{ content: { word: number } }>('SELECT content FROM engage_plays WHERE play_uuid = $1', [play.play_uuid]);
    const word = WORDS[row[0]!.content.word]!.word;
    expect(play.word!.hint).toBe(WORDS[row[0]!.content.word]!.hint.mr);
    const wrong = word === 'APPLE' ? 'LEMON' : 'APPLE';
    const first = await answer(me, play, 0, { answer: wrong.toLowerCase() });
    expect(first.ok && first.body.result.marks!.length).toBe(5);
    expect(first.ok && first.body.result.correct).toBe(false);
    expect((await answer(me, play, 2, { answer: word })).status).toBe(409);
    expect((await answer(me, play, 1, { answer: 'AB1DE' })).status).toBe(400);
    const win = await answer(me, play, 1, { answer: word });
    expect(win.ok && win.body.result.marks).toEqual(['right', 'right', 'right', 'right', 'right']);
    expect(win.ok && win.body.play).toMatchObject({ status: 'finished', score: WORD_TRIES - 1 });
    expect(win.ok && win.body.result.correct_answer).toBe(word);
  });

  it('memory match: a tampered or impossibly fast completion is refused, a real one scores', async () => {
    const me = await t.signIn();
    const play = await start(me, gameOfType('memory').uuid);
    const cards = play.board!.cards;
    expect(cards.length).toBe(16);
    const moves = solve(cards).map(([a, b]) => [a, b] as [number, number]);
    const tampered = moves.map(([a]) => [a, (a + 1) % 16] as [number, number]);
    const bad = await answer(me, play, 0, { moves: tampered, duration_ms: 60_000 });
    expect(bad.status).toBe(422);
    expect((await answer(me, play, 0, { moves, duration_ms: 100 })).status).toBe(422);
    // claims enough time, but the board was dealt a moment ago: still too fast
    const early = await answer(me, play, 0, { moves, duration_ms: 60_000 });
    expect(early.status).toBe(422);
    expect(!early.ok && early.body.reason).toBe('too_fast');
    t.clock.advance(10_000);
    const ok = await answer(me, play, 0, { moves, duration_ms: 9_000 });
    expect(ok.ok && ok.body.play).toMatchObject({ status: 'finished', score: 8 });
  });

  it('another user\'s play reads as unknown; bad bodies are 400', async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const play = await start(owner, gameOfType('quiz').uuid);
    expect((await answer(other, play, 0, { answer: '0' })).status).toBe(404);
    expect((await t.call('engageStartGame', { engage_feature_uuid: '00000000-0000-4000-8000-000000000000' }, { session: owner })).status).toBe(404);
    for (const body of [{ play_uuid: 'x', step: 0, answer: '1' }, { play_uuid: play.play_uuid, step: -1, answer: '1' }, { play_uuid: play.play_uuid, step: 0 }, { play_uuid: play.play_uuid, step: 0, answer: '9' }, { play_uuid: play.play_uuid, step: 0, answer: 'x', extra: 1 }, { play_uuid: play.play_uuid, step: 50, answer: '1' }]) {
      expect((await t.callUnchecked('engageSubmitAnswer', body, { session: owner })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.callUnchecked('engageGetGameList', { limit: 17 }, { session: owner })).status).toBe(400);
    expect((await t.callUnchecked('engageGetGameList', { filters: { type: ['chess'] } }, { session: owner })).status).toBe(400);
  });
});

describe('rewards', () => {
  it('asks for the terms before playing; accepting is kept', async () => {
    const me = await t.signIn();
    const home = await t.ok('rewardsGetHomePage', {}, { session: me });
    expect(home).toMatchObject({ tnc_accepted: false, cash: { amount: 0, currency: 'INR' }, coupons: [], saved_payment_method_available: false });
    const stw = home.live_game_list.find((g) => g.type === 'stw')!;
    const refused = await t.call('rewardsStwPlay', { game_schedule_uuid: stw.game_schedule_uuid }, { session: me });
    expect(refused.status).toBe(403);
    expect(!refused.ok && refused.body.reason).toBe('tnc_required');
    await t.ok('rewardsAcceptTnc', {}, { session: me });
    expect((await t.ok('rewardsGetHomePage', {}, { session: me })).tnc_accepted).toBe(true);
  });

  it('spin the wheel: the server picks, spin_available turns false, a second play answers the first result', async () => {
    const me = await t.signIn();
    const { stw } = await schedules(t, me);
    const options = await t.ok('rewardsStwGetOptions', { game_schedule_uuid: stw }, as(me, 'hi'));
    expect(options.options.map((o) => o.id)).toEqual(WHEEL_SEGMENTS.map((s) => s.id));
    expect(options.spin_available).toBe(true);
    const first = await t.ok('rewardsStwPlay', { game_schedule_uuid: stw }, { session: me });
    expect(first.replayed).toBe(false);
    const segment = WHEEL_SEGMENTS[first.option_index]!;
    expect(segment.id).toBe(first.option_id);
    const second = await t.ok('rewardsStwPlay', { game_schedule_uuid: stw }, { session: me });
    expect(second).toEqual({ ...first, replayed: true });
    const home = await t.ok('rewardsGetHomePage', {}, { session: me });
    expect(home.live_game_list.find((g) => g.type === 'stw')!.stw).toEqual({ spin_available: false });
    expect((await t.ok('rewardsStwGetOptions', { game_schedule_uuid: stw }, { session: me })).spin_available).toBe(false);
    expect(home.cash.amount).toBe(segment.kind === 'cash' ? segment.amountMinor : 0);
    expect(home.coupons.length).toBe(segment.kind === 'coupon' ? 1 : 0);
    const ledger = await t.server.db.query('SELECT 1 FROM reward_ledger WHERE user_uuid = $1', [me.tokens.user.user_uuid]);
    expect(ledger.length).toBe(segment.kind === 'none' ? 0 : 1);
  });

  it('refuses an unknown schedule (404), one of another kind (404) and yesterday\'s (409)', async () => {
    const me = await t.signIn();
    const { stw, mtc } = await schedules(t, me);
    expect((await t.call('rewardsStwPlay', { game_schedule_uuid: '00000000-0000-4000-8000-000000000000' }, { session: me })).status).toBe(404);
    expect((await t.call('rewardsStwPlay', { game_schedule_uuid: mtc }, { session: me })).status).toBe(404);
    t.clock.advance(DAY_MS);
    const late = await t.call('rewardsStwPlay', { game_schedule_uuid: stw }, { session: me });
    expect(late.status).toBe(409);
    expect((await t.call('rewardsMtcGetMatrix', { game_schedule_uuid: mtc }, { session: me })).status).toBe(409);
  });

  it('memory match: the same board on every ask, completion checked and recorded once', async () => {
    const me = await t.signIn();
    const { mtc } = await schedules(t, me);
    const board = await t.ok('rewardsMtcGetMatrix', { game_schedule_uuid: mtc }, { session: me });
    expect(await t.ok('rewardsMtcGetMatrix', { game_schedule_uuid: mtc }, { session: me })).toEqual(board);
    const moves = solve(board.cards).map(([a, b]) => [a, b] as [number, number]);
    const fast = await t.call('rewardsMtcSetUserState', { game_schedule_uuid: mtc, completed: true, moves, duration_ms: 60_000 }, { session: me });
    expect(fast.status).toBe(422);
    t.clock.advance(20_000);
    const tampered = await t.call('rewardsMtcSetUserState', { game_schedule_uuid: mtc, completed: true, moves: moves.slice(1), duration_ms: 15_000 }, { session: me });
    expect(tampered.status).toBe(422);
    const done = await t.ok('rewardsMtcSetUserState', { game_schedule_uuid: mtc, completed: true, moves, duration_ms: 15_000 }, { session: me });
    expect(done).toMatchObject({ completed: true, moves: 8, replayed: false, reward: { amount_minor: MEMORY_MATCH_REWARD_MINOR, currency: 'INR' } });
    const again = await t.ok('rewardsMtcSetUserState', { game_schedule_uuid: mtc, completed: true, moves, duration_ms: 16_000 }, { session: me });
    expect(again).toEqual({ ...done, replayed: true });
    const cash = await t.ok('rewardsGetCashList', {}, { session: me });
    expect(cash.cash).toEqual({ amount: MEMORY_MATCH_REWARD_MINOR, currency: 'INR' });
    expect(cash.cash_list).toHaveLength(1);
    expect(cash.cash_list[0]).toMatchObject({ source: 'mtc', payout_state: 'unclaimed' });
    const home = await t.ok('rewardsGetHomePage', {}, { session: me });
    expect(home.unclaimed_payouts.map((e) => e.entry_id)).toEqual([done.reward.entry_id]);
    expect(home.live_game_list.find((g) => g.type === 'mtc')!.mtc).toEqual({ completed: true });
  });

  it('memory match: completing a board never fetched is refused', async () => {
    const me = await t.signIn();
    const { mtc } = await schedules(t, me);
    const r = await t.call('rewardsMtcSetUserState', { game_schedule_uuid: mtc, completed: true, moves: [[0, 1]], duration_ms: 10_000 }, { session: me });
    expect(r.status).toBe(409);
  });

  it('lucky draw: entries are the day\'s finishers; the draw runs once the day is over, reproducible from its seed', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => t.signIn()));
    const day = rewardsDay(t.clock.now());
    for (const p of players) {
      const play = await start(p, gameOfType('maths').uuid);
      for (const [i, pr] of play.problems!.entries()) await answer(p, play, i, { answer: solveSum(pr.prompt) });
    }
    const open = await t.ok('rewardsGetLuckyDrawResult', { lucky_draw_result_date: day }, { session: players[0]! });
    expect(open).toMatchObject({ status: 'open', entered: true, seed: null, reward_list: [] });
    expect(open.entries_count).toBeGreaterThanOrEqual(5);
    t.clock.advance(DAY_MS);
    const results = await Promise.all(players.map((p) => t.ok('rewardsGetLuckyDrawResult', { lucky_draw_result_date: day }, { session: p })));
    const drawn = results[0]!;
    expect(drawn.status).toBe('drawn');
    expect(results.every((r) => r.seed === drawn.seed && r.drawn_at === drawn.drawn_at)).toBe(true);
    const entries = (await t.server.db.query<{ user_uuid: string }>('SELECT user_uuid FROM lucky_draw_entries WHERE day = $1', [day])).map((r) => r.user_uuid);
    const expected = drawWinners(drawn.seed!, entries);
    expect(expected.length).toBe(Math.min(LUCKY_DRAW_WINNERS, entries.length));
    const stored = (await t.server.db.query<{ user_uuid: string }>('SELECT user_uuid FROM lucky_draw_winners WHERE day = $1 ORDER BY rank', [day])).map((r) => r.user_uuid);
    expect(stored).toEqual(expected);
    // each player sees only their own prize
    for (const [i, p] of players.entries()) {
      const rank = expected.indexOf(p.tokens.user.user_uuid);
      expect(results[i]!.reward_list).toEqual(rank < 0 ? [] : [expect.objectContaining({ rank: rank + 1, amount_minor: LUCKY_DRAW_PRIZE_MINOR })]);
    }
    const noShow = await t.signIn();
    expect((await t.ok('rewardsGetLuckyDrawResult', { lucky_draw_result_date: day }, { session: noShow })).entered).toBe(false);
    expect((await t.call('rewardsGetLuckyDrawResult', { lucky_draw_result_date: rewardsDay(t.clock.now() + 2 * DAY_MS) }, { session: noShow })).status).toBe(400);
    expect((await t.callUnchecked('rewardsGetLuckyDrawResult', { lucky_draw_result_date: '2025-02-30' }, { session: noShow })).status).toBe(400);
  });

  it('coupons: list and detail with code and terms; another user\'s coupon is unknown', async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const coupon = await grantCoupon(t, owner);
    const list = await t.ok('rewardsGetCouponList', {}, as(owner, 'gu'));
    expect(list.coupon_list.map((c) => c.coupon_uuid)).toEqual([coupon]);
    const detail = await t.ok('rewardsGetCouponDetails', { coupon_uuid: coupon }, as(owner, 'gu'));
    expect(detail.code).toMatch(/^SAATHI-/);
    expect(detail.terms.length).toBeGreaterThan(0);
    expect(detail.title).toContain('20%');
    expect((await t.call('rewardsGetCouponDetails', { coupon_uuid: coupon }, { session: other })).status).toBe(404);
    expect((await t.ok('rewardsGetCouponList', {}, { session: other })).coupon_list).toEqual([]);
    expect((await t.ok('rewardsGetCashList', {}, { session: other })).cash_list).toEqual([]);
  });

  it('answers 403 when the flags switch the features off', async () => {
    const me = await t.signIn();
    flags = { ...flags, rewards_enable: false, enable_engage: false };
    try {
      const r = await t.call('rewardsGetHomePage', {}, { session: me });
      expect(r.status).toBe(403);
      expect(!r.ok && r.body.reason).toBe('feature_off');
      expect((await t.call('engageGetGameList', {}, { session: me })).status).toBe(403);
    } finally {
      flags = { ...flags, rewards_enable: true, enable_engage: true };
    }
  });

  it('applies the user\'s custom code over the flags, as the app\'s gate does', async () => {
    // NOREWARDS (seeded) excludes rewards and engage: closed for its holder while the flags are on
    const coded = await t.signIn();
    await t.ok('authenticateCustomCode', { custom_code: 'NOREWARDS', user_details: {} }, { session: coded });
    const refused = await t.call('rewardsGetHomePage', {}, { session: coded });
    expect(refused.status).toBe(403);
    expect(!refused.ok && refused.body.reason).toBe('feature_off');
    expect((await t.call('engageGetGameList', {}, { session: coded })).status).toBe(403);
    const plain = await t.signIn();
    expect((await t.call('rewardsGetHomePage', {}, { session: plain })).status).toBe(200);
    // a code that includes engage opens it for its holder while the flag is off
    await t.server.db.query("INSERT INTO custom_codes (custom_code, name, type, included_features, excluded_features, created_at) VALUES ('GAMECLUB', 'Game club', 'additive', ARRAY['engage'], '{}', 0) ON CONFLICT DO NOTHING");
    const club = await t.signIn();
    await t.ok('authenticateCustomCode', { custom_code: 'GAMECLUB', user_details: {} }, { session: club });
    flags = { ...flags, enable_engage: false };
    try {
      expect((await t.call('engageGetGameList', {}, { session: club })).status).toBe(200);
      expect((await t.call('engageGetGameList', {}, { session: plain })).status).toBe(403);
      // removing the code closes it again
      await t.ok('authenticateCustomCode', { custom_code: '', user_details: {} }, { session: club });
      expect((await t.call('engageGetGameList', {}, { session: club })).status).toBe(403);
    } finally {
      flags = { ...flags, enable_engage: true };
    }
  });

  it('needs a session', async () => {
    expect((await t.call('rewardsGetHomePage', {})).status).toBe(401);
    expect((await t.call('engageGetHomePage', {})).status).toBe(401);
  });

  it('samples used by the shared tests work', async () => {
    const me = await t.signIn();
    const body = await solvedBoard(t, me);
    expect((await t.ok('rewardsMtcSetUserState', body, { session: me })).completed).toBe(true);
  });
});

// IDOR (issue 14 "Proof": another user's coupons, results, ledger): one user earns everything
// there is to earn (memory-match cash, a spin, a coupon, finished plays, a lucky-draw prize); a
// second user, asking every read route and naming the first one's ids, sees none of it and
// changes none of it.
describe('another user', () => {
  const ledgerOf = async (me: TestSession) =>
    (await t.server.db.query<{ entry_id: string; payout_state: string }>('SELECT entry_id, payout_state FROM reward_ledger WHERE user_uuid = $1 ORDER BY entry_id', [me.tokens.user.user_uuid]));

  it('sees none of the owner\'s rewards, results or plays, and can change none of them', async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const s = { session: owner };
    // a new day, so the owner is its only lucky-draw entrant (and surely wins)
    t.clock.advance(rewardsDayEnd(rewardsDay(t.clock.now())) - t.clock.now() + 60_000);
    const day = rewardsDay(t.clock.now());

    // the owner: memory-match cash, a spin, a coupon, a finished memory play (a lucky-draw entry), a play left open
    const board = await solvedBoard(t, owner);
    const mtc = await t.ok('rewardsMtcSetUserState', board, s);
    const { stw } = await schedules(t, owner);
    await t.ok('rewardsStwPlay', { game_schedule_uuid: stw }, s);
    const coupon = await grantCoupon(t, owner);
    const memory = await t.ok('engageStartGame', { engage_feature_uuid: gameOfType('memory').uuid }, s);
    const pairs = solve(memory.board!.cards).map(([a, b]) => [a, b] as [number, number]);
    t.clock.advance(memoryMinDurationMs(pairs.length) + 1000);
    const finished = await t.ok('engageSubmitAnswer', { play_uuid: memory.play_uuid, step: 0, moves: pairs, duration_ms: memoryMinDurationMs(pairs.length) + 500 }, s);
    expect(finished.play.status).toBe('finished');
    const open = await t.ok('engageStartGame', { engage_feature_uuid: gameOfType('quiz').uuid }, s);
    const ownerLedger = await ledgerOf(owner);
    expect(ownerLedger.length).toBeGreaterThanOrEqual(2);

    // the other user, terms accepted, looks at everything
    const o = { session: other };
    const otherSchedules = await schedules(t, other);
    expect(otherSchedules).toEqual({ stw, mtc: board.game_schedule_uuid }); // the schedules are shared; what is on them is not
    const home = await t.ok('rewardsGetHomePage', {}, o);
    expect(home).toMatchObject({ cash: { amount: 0 }, coupons: [], unclaimed_payouts: [], failed_payouts: [] });
    expect(home.live_game_list.find((g) => g.type === 'stw')!.stw).toEqual({ spin_available: true });
    expect(home.live_game_list.find((g) => g.type === 'mtc')!.mtc).toEqual({ completed: false });
    expect((await t.ok('rewardsGetCashList', {}, o)).cash_list).toEqual([]);
    expect((await t.ok('rewardsGetCouponList', {}, o)).coupon_list).toEqual([]);
    const stolen = await t.call('rewardsGetCouponDetails', { coupon_uuid: coupon }, o);
    expect(stolen.status).toBe(404);
    expect(JSON.stringify(stolen.body)).not.toContain('SAATHI-');
    expect((await t.ok('rewardsStwGetOptions', { game_schedule_uuid: stw }, o)).spin_available).toBe(true);
    expect((await t.ok('engageGetRecentActivity', {}, o)).recent_activity).toEqual([]);
    const game = await t.ok('engageGetGame', { engage_feature_uuid: gameOfType('quiz').uuid }, o);
    expect(game).toMatchObject({ my_plays: 0, my_best_score: null, active_play: null });

    // naming the owner's things does not act on them
    expect((await t.call('engageSubmitAnswer', { play_uuid: open.play_uuid, step: 0, answer: '0' }, o)).status).toBe(404);
    expect((await t.call('rewardsMtcSetUserState', board, o)).status).toBe(409); // no board of theirs was dealt
    expect((await t.callUnchecked('rewardsGetCashList', { user_uuid: owner.tokens.user.user_uuid }, o)).status).toBe(400);
    expect((await t.callUnchecked('rewardsGetHomePage', { user_uuid: owner.tokens.user.user_uuid }, o)).status).toBe(400);
    expect(await ledgerOf(owner)).toEqual(ownerLedger);
    expect(await ledgerOf(other)).toEqual([]);
    expect((await t.ok('rewardsGetCashList', {}, s)).cash_list.map((e) => e.entry_id)).toContain(mtc.reward.entry_id);
    expect((await t.ok('engageGetRecentActivity', {}, s)).recent_activity.map((r) => r.play_uuid)).toContain(open.play_uuid);

    // the day's draw: the owner (its only entrant) wins; the other user's result of that date shows no prize
    t.clock.advance(rewardsDayEnd(day) - t.clock.now() + 60_000);
    const mine = await t.ok('rewardsGetLuckyDrawResult', { lucky_draw_result_date: day }, s);
    expect(mine).toMatchObject({ status: 'drawn', entered: true, reward_list: [expect.objectContaining({ rank: 1, amount_minor: LUCKY_DRAW_PRIZE_MINOR })] });
    const theirs = await t.ok('rewardsGetLuckyDrawResult', { lucky_draw_result_date: day }, o);
    expect(theirs).toMatchObject({ status: 'drawn', entered: false, reward_list: [], seed: mine.seed });
    const otherHome = await t.ok('rewardsGetHomePage', {}, o);
    expect(otherHome.cash.amount).toBe(0);
    const ownerCash = await t.ok('rewardsGetCashList', {}, s);
    expect(ownerCash.cash.amount).toBeGreaterThanOrEqual(MEMORY_MATCH_REWARD_MINOR + LUCKY_DRAW_PRIZE_MINOR);
  });
});
