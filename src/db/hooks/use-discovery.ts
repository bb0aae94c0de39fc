// Hooks over discovery's cache entries and the recent searches (DESIGN.md §2: screens render
// what they observe in RxDB; offline that is the last 200 answer).
import { map } from 'rxjs';
import type { DiscoveryPage, RecentActivityPage, SearchAnswer } from '../../api/discovery';
import { normaliseKeyword } from '../../domain/discovery';
import { cacheKey, type CachedCall, type CachePayloads } from '../schemas/cache.schema';
import { useLocalDoc } from './use-local-doc';
import { useRxQuery, type QuerySnapshot } from './use-rx-query';

export interface Cached<T> {
  payload: T;
  fetchedAt: number;
}

function useCache<C extends CachedCall>(id: string): QuerySnapshot<Cached<CachePayloads[C]> | null> {
  return useRxQuery(`cache:${id}`, (db) => db.cache.findOne(id).$.pipe(map((d) => {
    if (!d) return null;
    const json = d.toMutableJSON();
    // the id names the call, and only that call's answer is stored under it (discovery-sync.ts)
    return { payload: json.payload as CachePayloads[C], fetchedAt: json.fetched_at };
  })), null);
}

export function useDiscoveryPage(): QuerySnapshot<Cached<DiscoveryPage> | null> {
  return useCache<'getDiscoveryPage'>(cacheKey('getDiscoveryPage'));
}

export function useRecentActivity(): QuerySnapshot<Cached<RecentActivityPage> | null> {
  return useCache<'getRecentActivityPage'>(cacheKey('getRecentActivityPage'));
}

/** The stored answer of a search (null until one arrived for this keyword). */
export function useSearchAnswer(keyword: string): QuerySnapshot<Cached<SearchAnswer> | null> {
  return useCache<'searchBots'>(cacheKey('searchBots', { keyword: normaliseKeyword(keyword).toLocaleLowerCase() }));
}

const NO_SEARCHES: string[] = [];

/** The recent searches, newest first. */
export function useRecentSearches(): { loaded: boolean; list: string[] } {
  const snapshot = useLocalDoc('recent-searches');
  return { loaded: snapshot.loaded, list: snapshot.doc?.list ?? NO_SEARCHES };
}
