// Discovery's half of the engine (spec part 1 §2, §3, §5, §7): the discovery page, the recent
// activity page and bot search, each kept in the `cache` collection for offline reading. A page
// is written only from a 200 answer that passed its route's schema in the http client (spec part 1
// §5: updates only on status 200; DESIGN.md §4: a malformed page is reported and the stored one stays).
import type { RouteName } from '../api/contract';
import type { ConversationEntry } from '../api/messages';
import type { AppError } from '../domain/error-types';
import { BadAnswerError } from '../domain/bad-answer-error';
import { NoResponseError, cancelledError, isCancelError, noResponseError } from '../domain/errors';
import { normaliseKeyword } from '../domain/discovery';
import type { AppDatabase } from '../db/database';
import { failed, ok, type CommandResult } from '../db/command-result';
import type { LanguageCode } from '../db/local-docs';
import { cacheKey, type CachedCall, type CachePayloads } from '../db/schemas/cache.schema';
import { mergeConversationEntries } from './conversation-store';
import type { Clock, HttpClient } from './http-client';

export interface DiscoveryFlows {
  /** get-discovery-page-v2 into the cache. */
  refreshDiscovery(): Promise<CommandResult>;
  /** get-recent-activity-page into the cache, and its conversations into `conversations`. */
  refreshRecentActivity(language: LanguageCode): Promise<CommandResult>;
  /** search-v2 into the cache under the normalised keyword; answers the cache id it wrote. */
  searchBots(keyword: string): Promise<CommandResult<{ cacheId: string }>>;
}

export interface DiscoverySyncDeps {
  db: AppDatabase;
  http: HttpClient;
  clock: Clock;
  report(route: RouteName, err: unknown): Promise<AppError>;
}

export function createDiscoverySync(deps: DiscoverySyncDeps): DiscoveryFlows {
  const { db, http, clock } = deps;

  async function failure<T>(route: RouteName, err: unknown): Promise<CommandResult<T>> {
    // offline: the stored pages show and the offline banner says why; no dialog
    if (err instanceof NoResponseError) return failed(noResponseError());
    if (isCancelError(err)) return failed(cancelledError(err.reason));
    // a malformed answer (reported by the http client): the stored page stays
    if (err instanceof BadAnswerError) return failed({ key: 'wire', message: err.message });
    return failed(await deps.report(route, err));
  }

  /** Stores an answer the http client parsed with its route's schema (a bad one never gets here). */
  async function store<C extends CachedCall>(call: C, id: string, payload: CachePayloads[C]): Promise<void> {
    await db.cache.upsert({ id, call, payload, fetched_at: clock.now() });
  }

  /** The recent activity's conversations into the chat list, as refreshChatLists does for get-conversation-list. */
  async function mergeConversations(list: ConversationEntry[]): Promise<void> {
    await mergeConversationEntries(db, list);
  }

  return {
    async refreshDiscovery() {
      try {
        const page = await http.call('getDiscoveryPage', {});
        await store('getDiscoveryPage', cacheKey('getDiscoveryPage'), page);
        return ok();
      } catch (err) {
        return failure('getDiscoveryPage', err);
      }
    },

    async refreshRecentActivity(language) {
      try {
        const page = await http.call('getRecentActivityPage', { language });
        // one cache entry whatever the language: the lists are the user's, not the language's
        await store('getRecentActivityPage', cacheKey('getRecentActivityPage'), page);
        await mergeConversations(page.conversation_list);
        return ok();
      } catch (err) {
        return failure('getRecentActivityPage', err);
      }
    },

    async searchBots(keyword) {
      const k = normaliseKeyword(keyword);
      if (k === '') return failed({ key: 'blankKeyword' });
      try {
        const answer = await http.call('searchBots', { keyword: k });
        const id = cacheKey('searchBots', { keyword: k.toLocaleLowerCase() });
        await store('searchBots', id, answer);
        return ok({ cacheId: id });
      } catch (err) {
        return failure('searchBots', err);
      }
    },
  };
}
