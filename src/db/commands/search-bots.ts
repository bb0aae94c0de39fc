// Bot search (spec part 1 §2, §7 search-v2): the keyword joins the recent searches at once
// (offline too), then the engine asks the server and stores the answer in the cache.
import { normaliseKeyword, pushRecentSearch } from '../../domain/discovery';
import { getClient } from '../client';
import { failed, ok, type CommandResult } from '../command-result';
import { modifyLocalDoc } from '../local-store';
import { runEngine } from './run-engine';

export async function searchBots(keyword: string): Promise<CommandResult<{ cacheId: string }>> {
  const k = normaliseKeyword(keyword);
  if (k === '') return failed({ key: 'blankKeyword' });
  await modifyLocalDoc(getClient().db, 'recent-searches', (current) => ({ list: pushRecentSearch(current?.list ?? [], k) }));
  return runEngine('searchBots', k);
}

export async function clearRecentSearches(): Promise<CommandResult> {
  await modifyLocalDoc(getClient().db, 'recent-searches', () => ({ list: [] }));
  return ok();
}
