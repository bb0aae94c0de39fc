// The competition zone's documents (the `competitions` collection, written by the engine from
// 200 answers and by the entry command), for the zone's screens: shown offline once loaded.
import { map } from 'rxjs';
import type { CompetitionDoc, CompetitionDocKind, CompetitionPayloads, EntryState } from '../schemas';
import { useRxQuery, type QuerySnapshot } from './use-rx-query';

/** One document's payload and when it was read; null until it was ever loaded. */
export function useCompetitionDoc<K extends CompetitionDocKind>(id: string): QuerySnapshot<{ payload: CompetitionPayloads[K]; fetchedAt: number } | null> {
  return useRxQuery(`competitions:${id}`, (db) => db.competitions.findOne(id).$.pipe(map((d) => {
    if (!d) return null;
    const json = d.toJSON() as CompetitionDoc<K>;
    return { payload: json.payload, fetchedAt: json.fetched_at };
  })), null);
}

/** The user's entries submitted on this device (queued, sent or refused), newest first; of one competition when given. */
export function useQueuedEntries(competitionUuid?: string): QuerySnapshot<EntryState[]> {
  return useRxQuery(`competition-entries:${competitionUuid ?? ''}`, (db) => db.competitions.find({
    selector: { kind: 'entry', ...(competitionUuid ? { competition_uuid: competitionUuid } : {}) },
    sort: [{ fetched_at: 'desc' }],
  }).$.pipe(map((docs) => docs.map((d) => (d.toJSON() as CompetitionDoc<'entry'>).payload))), []);
}
