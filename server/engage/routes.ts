// The engage routes (spec part 2 §7 "Engage", issue 14): home, game list and filters from the
// catalogue with real play counts, start-game / get-game, submit-answer (scored here), recent
// activity. Behind the remote flag enable_engage: off, every route answers 403 saying so.
import { randomInt } from 'node:crypto';
import { routes } from '../../src/api/contract';
import type { GameFilters, GameSummary } from '../../src/api/engage-contract';
import type { RemoteFlags } from '../../src/api/remote-flags';
import { GAME_CATEGORIES, GAME_TYPES, HOME_PLAYED_COUNT, RECENT_ACTIVITY_COUNT } from '../../src/domain/engage-rewards';
import type { LanguageCode } from '../../src/domain/language-codes';
import type { RouteModule } from '../context';
import type { Queryable } from '../db/db';
import { featureGuard } from '../user/feature-access';
import { notFound } from '../http/errors';
import { languageOf } from '../http/language';
import { CATEGORY_NAMES, FILTER_NAMES, GAMES, gameByUuid, TYPE_NAMES, type Game } from './catalogue';
import { playView, startPlay, submitAnswer, toResult, type PlayRow } from './plays';

export const secureRand = () => randomInt(0, 2 ** 47) / 2 ** 47;

async function playCounts(q: Queryable): Promise<Map<string, number>> {
  const rows = await q.query<{ game_uuid: string; n: number }>('SELECT game_uuid, count(*)::int AS n FROM engage_plays GROUP BY game_uuid');
  return new Map(rows.map((r) => [r.game_uuid, Number(r.n)]));
}

const summary = (game: Game, plays: Map<string, number>, language: LanguageCode): GameSummary => ({
  engage_feature_uuid: game.uuid, type: game.type, category: game.category, name: game.name(language), description: game.description[language], plays: plays.get(game.uuid) ?? 0,
});

const matches = (game: Game, filters: GameFilters | undefined) =>
  (!filters?.category?.length || filters.category.includes(game.category)) && (!filters?.type?.length || filters.type.includes(game.type));

function filterGroups(language: LanguageCode) {
  const count = (pred: (g: Game) => boolean) => GAMES.filter(pred).length;
  return {
    filters: [
      { key: 'category' as const, name: FILTER_NAMES.category[language], options: GAME_CATEGORIES.map((id) => ({ id, name: CATEGORY_NAMES[id][language], count: count((g) => g.category === id) })) },
      { key: 'type' as const, name: FILTER_NAMES.type[language], options: GAME_TYPES.map((id) => ({ id, name: TYPE_NAMES[id][language], count: count((g) => g.type === id) })) },
    ],
  };
}

export function engageRoutes(flags: () => RemoteFlags): RouteModule {
  return (api, ctx) => {
    const { db } = ctx;
    // the flag with the user's custom code over it (server/user/feature-access.ts)
    const gate = featureGuard(db, flags, 'engage');
    const gameOr404 = (uuid: string) => {
      const game = gameByUuid(uuid);
      if (!game) throw notFound('No such game');
      return game;
    };

    api.authRoute(routes.engageGetHomePage, async ({ body, user, request }) => {
      await gate(user.userUuid);
      const language = languageOf(request);
      const plays = await playCounts(db);
      const games = GAMES.filter((g) => matches(g, body.filters)).map((g) => summary(g, plays, language));
      // Ties keep catalogue order, so the two lists are stable between calls.
      const most = [...games].sort((a, b) => b.plays - a.plays).slice(0, HOME_PLAYED_COUNT);
      const least = [...games].sort((a, b) => a.plays - b.plays).slice(0, HOME_PLAYED_COUNT);
      const banners = GAMES.filter((g) => g.key === 'word-puzzle' || g.key === 'memory-shapes' || g.key === 'maths-easy');
      return {
        banner_list: banners.map((g) => ({ id: g.key, title: g.name(language), subtitle: g.description[language], engage_feature_uuid: g.uuid })),
        most_played_games: most,
        least_played_games: least,
        categories: GAME_CATEGORIES.map((id) => ({ id, name: CATEGORY_NAMES[id][language], count: GAMES.filter((g) => g.category === id).length })),
      };
    });

    api.authRoute(routes.engageGetGameList, async ({ body, user, request }) => {
      await gate(user.userUuid);
      const language = languageOf(request);
      const plays = await playCounts(db);
      const all = GAMES.filter((g) => matches(g, body.filters));
      return { game_list: all.slice(body.offset, body.offset + body.limit).map((g) => summary(g, plays, language)), offset: body.offset, total: all.length };
    });

    api.authRoute(routes.engageGetGameFilters, async ({ user, request }) => {
      await gate(user.userUuid);
      return filterGroups(languageOf(request));
    });
    api.authRoute(routes.engageGetGameFiltersV3, async ({ user, request }) => {
      await gate(user.userUuid);
      return filterGroups(languageOf(request));
    });

    api.authRoute(routes.engageStartGame, async ({ body, user, request }) => {
      await gate(user.userUuid);
      const game = gameOr404(body.engage_feature_uuid);
      const row = await startPlay(db, user.userUuid, game, ctx.now(), secureRand);
      return playView(db, row, languageOf(request));
    });

    api.authRoute(routes.engageGetGame, async ({ body, user, request }) => {
      await gate(user.userUuid);
      const language = languageOf(request);
      const game = gameOr404(body.engage_feature_uuid);
      const plays = await playCounts(db);
      const [mine] = await db.query<{ n: number; best: number | null }>(
        `SELECT count(*)::int AS n, max(score) FILTER (WHERE status = 'finished') AS best FROM engage_plays WHERE user_uuid = $1 AND game_uuid = $2`, [user.userUuid, game.uuid]);
      const [active] = await db.query<PlayRow>(
        `SELECT * FROM engage_plays WHERE user_uuid = $1 AND game_uuid = $2 AND status = 'playing' ORDER BY started_at DESC LIMIT 1`, [user.userUuid, game.uuid]);
      return {
        game: summary(game, plays, language), my_plays: Number(mine?.n ?? 0), my_best_score: mine?.best === null || mine?.best === undefined ? null : Number(mine.best),
        active_play: active ? await playView(db, active, language) : null,
      };
    });

    api.authRoute(routes.engageSubmitAnswer, async ({ body, user, request }) => {
      await gate(user.userUuid);
      const { row, answer } = await submitAnswer(db, user.userUuid, body.play_uuid, { step: body.step, answer: body.answer, moves: body.moves, durationMs: body.duration_ms }, ctx.now());
      const game = gameByUuid(row.game_uuid)!;
      return { play: await playView(db, row, languageOf(request)), result: toResult(game, row.content, answer, row.status === 'finished') };
    });

    api.authRoute(routes.engageGetRecentActivity, async ({ user, request }) => {
      await gate(user.userUuid);
      const language = languageOf(request);
      const rows = await db.query<PlayRow>('SELECT * FROM engage_plays WHERE user_uuid = $1 ORDER BY started_at DESC, play_uuid LIMIT $2', [user.userUuid, RECENT_ACTIVITY_COUNT]);
      return {
        recent_activity: rows.flatMap((r) => {
          const game = gameByUuid(r.game_uuid);
          return game ? [{
            play_uuid: r.play_uuid, engage_feature_uuid: r.game_uuid, name: game.name(language), type: game.type, status: r.status,
            score: r.score, max_score: r.max_score, started_at: Number(r.started_at), finished_at: r.finished_at === null ? null : Number(r.finished_at),
          }] : [];
        }),
      };
    });
  };
}
