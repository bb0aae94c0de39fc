// Server pages kept for offline reading (DESIGN.md §3 "cache"): the discovery page, the recent
// activity page and search answers, each under the call's name and its parameters, written only
// from a 200 answer (spec part 1 §5). The user's data: cleared with the chat on sign-out.
import type { MigrationStrategies, RxCollection, RxJsonSchema } from 'rxdb/plugins/core';
import type { DiscoveryPage, RecentActivityPage, SearchAnswer } from '../../api/discovery';

/** What each cached call keeps. */
export interface CachePayloads {
  getDiscoveryPage: DiscoveryPage;
  getRecentActivityPage: RecentActivityPage;
  searchBots: SearchAnswer;
}

export type CachedCall = keyof CachePayloads;

export interface CacheDoc<C extends CachedCall = CachedCall> {
  /** cacheKey(call, params): the call's name, ':' and the JSON of its parameters */
  id: string;
  call: C;
  payload: CachePayloads[C];
  /** epoch ms of the 200 answer */
  fetched_at: number;
}

export type CacheCollection = RxCollection<CacheDoc>;

/**
 * The call's name and the JSON of its parameters with sorted keys (the same parameters always
 * make the same id), URI-encoded: RxDB refuses a primary key with a double quote in it.
 */
export function cacheKey(call: CachedCall, params: Record<string, string | number | boolean> = {}): string {
  const sorted = Object.fromEntries(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
  return `${call}:${encodeURIComponent(JSON.stringify(sorted))}`;
}

export const cacheSchema: RxJsonSchema<CacheDoc> = {
  title: 'cache',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    // a 100-character keyword in Devanagari encodes to about 900 characters
    id: { type: 'string', maxLength: 1200 },
    call: { type: 'string', maxLength: 40 },
    payload: { type: 'object' },
    fetched_at: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
  },
  required: ['id', 'call', 'payload', 'fetched_at'],
  indexes: ['fetched_at'],
};

/** Version 0: nothing to migrate yet; a later version adds its strategy here (and a test). */
export const cacheMigrations: MigrationStrategies = {};
