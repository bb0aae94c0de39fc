// Hooks over the `games` collection (issue 14): the screens render what the engine stored, so
// offline they show the last 200 answer, a play with its queued answers, a board with its
// queued completion.
import { map } from 'rxjs';
import { gamesId, type GamesKind, type GamesPayloads } from '../schemas';
import { useRxQuery, type QuerySnapshot } from './use-rx-query';

/** The stored document of a kind and key (null until the engine wrote one). */
export function useGames<K extends GamesKind>(kind: K, key = ''): QuerySnapshot<GamesPayloads[K] | null> {
  const id = gamesId(kind, key);
  return useRxQuery(`games:${id}`, (db) => db.games.findOne(id).$.pipe(map((d) => (d ? (d.toMutableJSON().payload as GamesPayloads[K]) : null))), null);
}
