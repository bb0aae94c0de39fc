// Bot search (spec part 1 §2, §7 search-v2): a searched keyword joins the recent searches at once
// (offline too), then the engine asks the server and stores the answer in the cache. A search
// made while typing (remember: false) asks without filling the recent list with every prefix;
// the screen remembers the keyword when it is submitted or a result is opened (rememberSearch).
import { normaliseKeyword, pushRecentSearch } from '../../domain/discovery';
import { getClient } from '../client';
import { failed, ok, type CommandResult } from '../command-result';
import { modifyLocalDoc } from '../local-store';
import { runEngine } from './run-engine';

export async function searchBots(keyword: string, opts: { remember?: boolean } = {}): Promise<CommandResult<{ cacheId: string }>> {
  const k = normaliseKeyword(keyword);
  if (k === '') return failed({ key: 'blankKeyword' });
  if (opts.remember !== false) await rememberSearch(k);
  return runEngine('searchBots', k);
}

/** The keyword joins the recent searches (newest first). */
export async function rememberSearch(keyword: string): Promise<CommandResult> {
  const k = normaliseKeyword(keyword);
  if (k === '') return failed({ key: 'blankKeyword' });
  await modifyLocalDoc(getClient().db, 'recent-searches', (current) => ({ list: pushRecentSearch(current?.list ?? [], k) }));
  return ok();
}

export async function clearRecentSearches(): Promise<CommandResult> {
  await modifyLocalDoc(getClient().db, 'recent-searches', () => ({ list: [] }));
  return ok();
}
