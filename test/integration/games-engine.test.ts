// Engage and rewards through the engine (in-process, the worker's code) against the real server
// (issue 14): pages stored in the `games` collection read offline; starting a game or spinning
// needs the network and says so; quiz answers and a memory-match completion made offline wait in
// the one action queue and are delivered once when the network returns; a refusal is kept with
// the server's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLocalDoc } from '../../src/db/local-store';
import { queuedActions } from '../../src/db/action-queue';
import { gamesId, type GamesKind, type GamesPayloads } from '../../src/db/schemas';
import { memoryMinDurationMs, WHEEL_SEGMENTS } from '../../src/domain/engage-rewards';
import type { AppDatabase } from '../../src/db/database';
import { filtersKey } from '../../src/sync/games-sync';
import { gameOfType, solve } from './helpers/engage-rewards';
import { waitFor, type ChatClient } from './helpers/chat-client';
import { signedInClients } from './helpers/signed-in-clients';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const signedInClient = signedInClients(() => t, { noSocket: true });

async function stored<K extends GamesKind>(db: AppDatabase, kind: K, key = ''): Promise<GamesPayloads[K] | null> {
  const doc = await db.games.findOne(gamesId(kind, key)).exec();
  return doc ? (doc.toMutableJSON().payload as GamesPayloads[K]) : null;
}

async function goOffline(c: ChatClient): Promise<void> {
  c.setOnline(false);
  await c.engine.invoke('networkChanged', false);
  await waitFor(async () => (await getLocalDoc(c.db, 'sync-status'))?.online === false, 2000, 'offline');
}
async function goOnline(c: ChatClient): Promise<void> {
  c.setOnline(true);
  await c.engine.invoke('networkChanged', true);
}

describe('games through the engine', () => {
  it('stores the engage home, list pages, filters and rewards pages; offline they stay and a start says no network', async () => {
    const c = await signedInClient();
    expect((await c.engine.invoke('refreshEngageHome')).ok).toBe(true);
    expect((await c.engine.invoke('loadGameList', undefined, false))).toMatchObject({ ok: true });
    expect((await c.engine.invoke('refreshGameFilters')).ok).toBe(true);
    expect((await c.engine.invoke('refreshRewardsHome')).ok).toBe(true);
    expect((await stored(c.db, 'engage-home', filtersKey()))!.most_played_games.length).toBeGreaterThan(0);
    const list = (await stored(c.db, 'game-list', filtersKey()))!;
    expect(list.total).toBeGreaterThan(16);
    expect(list.games).toHaveLength(16);
    expect(await c.engine.invoke('loadGameList', undefined, true)).toEqual({ ok: true, value: { count: list.total, total: list.total } });
    const full = (await stored(c.db, 'game-list', filtersKey()))!;
    expect(new Set(full.games.map((g) => g.engage_feature_uuid)).size).toBe(list.total);
    await goOffline(c);
    expect((await c.engine.invoke('refreshEngageHome')).ok).toBe(false);
    expect(await stored(c.db, 'game-list', filtersKey())).toEqual(full);
    const start = await c.engine.invoke('startGame', gameOfType('quiz').uuid);
    expect(!start.ok && start.error.key).toBe('noResponse');
    const spin = await c.engine.invoke('spinWheel', (await stored(c.db, 'rewards-home'))!.live_game_list[0]!.game_schedule_uuid);
    expect(!spin.ok && spin.error.key).toBe('noResponse');
  });

  it('quiz answers given offline wait in the queue and are scored once back online', async () => {
    const c = await signedInClient();
    const game = gameOfType('quiz');
    const started = await c.engine.invoke('startGame', game.uuid);
    if (!started.ok) throw new Error(started.error.key);
    const playUuid = started.value.playUuid;
    await goOffline(c);
    const n = game.quiz!.questions.length;
    for (let i = 0; i < n; i++) expect((await c.engine.invoke('answerGame', playUuid, i, { answer: String(game.quiz!.questions[i]!.answer) })).ok).toBe(true);
    // a second tap on the same step queues nothing more
    await c.engine.invoke('answerGame', playUuid, 0, { answer: '0' });
    expect((await queuedActions(c.db, 'games')).length).toBe(n);
    expect((await stored(c.db, 'play', playUuid))!.pending.map((p) => p.state)).toEqual(Array(n).fill('queued'));
    await goOnline(c);
    await waitFor(async () => (await queuedActions(c.db, 'games')).length === 0, 10_000, 'answers sent');
    const play = (await stored(c.db, 'play', playUuid))!;
    expect(play.pending).toEqual([]);
    expect(play.play).toMatchObject({ status: 'finished', score: n });
    const rows = await t.server.db.query('SELECT step FROM engage_answers WHERE play_uuid = $1', [playUuid]);
    expect(rows.length).toBe(n);
  });

  it('memory match: the board plays offline once loaded; the completion is queued and recorded once', async () => {
    const c = await signedInClient();
    expect((await c.engine.invoke('acceptRewardsTerms')).ok).toBe(true);
    await c.engine.invoke('refreshRewardsHome');
    const home = (await stored(c.db, 'rewards-home'))!;
    expect(home.tnc_accepted).toBe(true);
    const mtc = home.live_game_list.find((g) => g.type === 'mtc')!.game_schedule_uuid;
    expect((await c.engine.invoke('loadMemoryBoard', mtc)).ok).toBe(true);
    const board = (await stored(c.db, 'mtc', mtc))!;
    await goOffline(c);
    const moves = solve(board.matrix.cards);
    t.clock.advance(memoryMinDurationMs(moves.length) + 1000);
    expect((await c.engine.invoke('completeMemoryBoard', mtc, moves, memoryMinDurationMs(moves.length) + 500)).ok).toBe(true);
    expect((await stored(c.db, 'mtc', mtc))!.completion!.state).toBe('queued');
    await goOnline(c);
    await waitFor(async () => (await stored(c.db, 'mtc', mtc))!.completion!.state === 'done', 10_000, 'completion sent');
    const done = (await stored(c.db, 'mtc', mtc))!;
    expect(done.completion!.result).toMatchObject({ completed: true, moves: 8, replayed: false });
    expect(done.matrix.completed).toBe(true);
    const entries = await t.server.db.query(`SELECT 1 FROM reward_ledger WHERE source = 'mtc' AND source_key LIKE $1`, [`mtc:${mtc}:%`]);
    expect(entries.length).toBeGreaterThanOrEqual(1);
  });

  it('a refused completion (too fast) is kept with the server\'s words', async () => {
    const c = await signedInClient();
    await c.engine.invoke('acceptRewardsTerms');
    await c.engine.invoke('refreshRewardsHome');
    const mtc = (await stored(c.db, 'rewards-home'))!.live_game_list.find((g) => g.type === 'mtc')!.game_schedule_uuid;
    await c.engine.invoke('loadMemoryBoard', mtc);
    const board = (await stored(c.db, 'mtc', mtc))!;
    await c.engine.invoke('completeMemoryBoard', mtc, solve(board.matrix.cards), 50);
    await waitFor(async () => (await stored(c.db, 'mtc', mtc))!.completion!.state === 'refused', 10_000, 'refused');
    expect((await stored(c.db, 'mtc', mtc))!.completion!.message).toMatch(/faster than physically possible/);
  });

  it('spin: the server\'s outcome is stored and spin_available turns false', async () => {
    const c = await signedInClient();
    await c.engine.invoke('acceptRewardsTerms');
    await c.engine.invoke('refreshRewardsHome');
    const stw = (await stored(c.db, 'rewards-home'))!.live_game_list.find((g) => g.type === 'stw')!.game_schedule_uuid;
    await c.engine.invoke('loadWheel', stw);
    const spun = await c.engine.invoke('spinWheel', stw);
    if (!spun.ok) throw new Error(spun.error.key);
    expect(WHEEL_SEGMENTS[spun.value.optionIndex]).toBeTruthy();
    expect((await stored(c.db, 'spin', stw))!.option_index).toBe(spun.value.optionIndex);
    expect((await stored(c.db, 'stw-options', stw))!.spin_available).toBe(false);
    expect((await stored(c.db, 'rewards-home'))!.live_game_list.find((g) => g.type === 'stw')!.stw!.spin_available).toBe(false);
  });
});
