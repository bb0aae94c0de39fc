// Discovery's half of the engine (spec part 1 §2, §3, §5, §7): the discovery page, the recent
// activity page and bot search, each kept in the `cache` collection for offline reading. A page
// is written only from a 200 answer that passes its shape check (spec part 1 §5: updates only on
// status 200; DESIGN.md §4: a malformed page is reported and the stored one stays).
import type { RouteName } from '../api/contract';
import type { DiscoveryPage, RecentActivityPage, SearchAnswer } from '../api/discovery';
import type { ConversationEntry } from '../api/messages';
import type { AppError } from '../domain/error-types';
import { NoResponseError, cancelledError, isCancelError, noResponseError } from '../domain/errors';
import { normaliseKeyword } from '../domain/discovery';
import type { AppDatabase } from '../db/database';
import { failed, ok, type CommandResult } from '../db/command-result';
import type { LanguageCode } from '../db/local-docs';
import { cacheKey, type CachedCall, type CachePayloads } from '../db/schemas/cache.schema';
import { mergeConversationEntries } from './conversation-store';
import type { Clock, HttpClient } from './http-client';
import { WireError, type ReportError } from './wire-checks';

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
  reportError?: ReportError;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const allArrays = (v: unknown, keys: readonly string[]) => isRecord(v) && keys.every((k) => Array.isArray(v[k]));
const hasBotIds = (list: unknown[]) => list.every((b) => isRecord(b) && typeof b.bot_uuid === 'string' && typeof b.name === 'string');

/** Why a page cannot be stored, or null. Checks what the screens rely on, not every field. */
export function discoveryPageProblem(v: unknown): string | null {
  if (!allArrays(v, ['bannerList', 'iconList', 'recommendedBotsIconList', 'categoryList', 'miniApps'])) return 'discovery page lacks one of its lists';
  const page = v as unknown as DiscoveryPage;
  if (!hasBotIds(page.iconList) || !hasBotIds(page.recommendedBotsIconList)) return 'a discovery bot lacks its id or name';
  if (!page.recommendedBotsIconList.every((b) => typeof b.launch_time === 'number')) return 'a recommended bot lacks launch_time';
  return null;
}

export function recentActivityProblem(v: unknown): string | null {
  if (!allArrays(v, ['conversation_list', 'mini_app_subscription_list', 'pinned_list'])) return 'recent activity lacks one of its lists';
  if (!hasBotIds((v as unknown as RecentActivityPage).conversation_list)) return 'a conversation lacks its bot id or name';
  return null;
}

export function searchAnswerProblem(v: unknown): string | null {
  if (!allArrays(v, ['search_results'])) return 'search answer lacks search_results';
  const ok = (v as unknown as SearchAnswer).search_results.every((i) => isRecord(i) && typeof i.type === 'string' && typeof i.name === 'string');
  return ok ? null : 'a search result lacks its type or name';
}

export function createDiscoverySync(deps: DiscoverySyncDeps): DiscoveryFlows {
  const { db, http, clock } = deps;

  async function failure<T>(route: RouteName, err: unknown): Promise<CommandResult<T>> {
    // offline: the stored pages show and the offline banner says why; no dialog
    if (err instanceof NoResponseError) return failed(noResponseError());
    if (isCancelError(err)) return failed(cancelledError(err.reason));
    if (err instanceof WireError) {
      deps.reportError?.(err);
      return failed({ key: 'wire', message: err.message });
    }
    return failed(await deps.report(route, err));
  }

  async function store<C extends CachedCall>(call: C, id: string, payload: CachePayloads[C], problem: string | null): Promise<void> {
    if (problem) throw new WireError('page', `${call}: ${problem}`, JSON.stringify(payload).slice(0, 200));
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
        await store('getDiscoveryPage', cacheKey('getDiscoveryPage'), page, discoveryPageProblem(page));
        return ok();
      } catch (err) {
        return failure('getDiscoveryPage', err);
      }
    },

    async refreshRecentActivity(language) {
      try {
        const page = await http.call('getRecentActivityPage', { language });
        // one cache entry whatever the language: the lists are the user's, not the language's
        await store('getRecentActivityPage', cacheKey('getRecentActivityPage'), page, recentActivityProblem(page));
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
        await store('searchBots', id, answer, searchAnswerProblem(answer));
        return ok({ cacheId: id });
      } catch (err) {
        return failure('searchBots', err);
      }
    },
  };
}
