// The search view of Discover (spec part 1 §2, §5, §9): a search box, the recent searches (up to
// 10, newest first; tap one to search it again; clear them), and the results in two lists: bots
// (type bot only) and mini apps (type mini-app without Competition Zone and Live Quiz). Online the
// server's answer shows (from the cache, written on its 200). Offline, or when the search fails,
// the bots and mini apps stored with the discovery page are searched here and the view says the
// results may be incomplete.
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { SearchItem } from '../../api/discovery';
import { clearRecentSearches, searchBots, useDiscoveryPage, useRecentSearches, useSearchAnswer } from '../../db/ui-surface';
import { isNewBot, localSearch, normaliseKeyword, searchLists } from '../../domain/discovery';
import { DiscoveryBotRow } from '../../ui/discovery-bot-row';
import { SearchField } from '../../ui/search-field';
import { Spinner } from '../../ui/spinner';
import { useOnline } from '../shared/use-online';
import { botMeta, categoryName } from './discover-format';
import { MiniAppRow } from './mini-app-row';
import { useBotLinks } from './use-bot-links';

type Status = 'idle' | 'searching' | 'done' | 'local';

export function DiscoverSearch({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const online = useOnline();
  const links = useBotLinks();
  const recent = useRecentSearches();
  const page = useDiscoveryPage();
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [failedOnline, setFailedOnline] = useState(false);
  const answer = useSearchAnswer(keyword);
  const run = useRef(0);

  const search = async (value: string) => {
    const k = normaliseKeyword(value);
    if (k === '') return;
    setText(k);
    setKeyword(k);
    const mine = ++run.current;
    setStatus(online ? 'searching' : 'local');
    setFailedOnline(false);
    const result = await searchBots(k);
    if (mine !== run.current) return;
    if (result.ok) setStatus('done');
    else {
      setStatus('local');
      setFailedOnline(result.error.key !== 'noResponse');
    }
  };

  // a search typed offline is answered by the server once the network is back
  useEffect(() => {
    if (online && status === 'local' && keyword !== '' && !failedOnline) void search(keyword);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online]);

  let items: SearchItem[] = [];
  if (status === 'done' && answer.value) items = answer.value.payload.search_results;
  if (status === 'local' && page.value) {
    const stored = page.value.payload;
    const names = (id: string) => categoryName(intl, id, stored.categoryList.find((c) => c.category_id === id)?.name);
    items = localSearch([...stored.recommendedBotsIconList, ...stored.miniApps], keyword, names);
  }
  const { bots, miniApps } = searchLists(items);
  const now = Date.now();
  const back = intl.formatMessage({ id: 'home.discover.search.back' });

  return (
    <div className="discover-search home-list">
      <div className="discover-search__bar">
        <button type="button" className="discover-search__back" onClick={onClose} aria-label={back} title={back}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <SearchField
          label={intl.formatMessage({ id: 'home.discover.search.label' })}
          value={text}
          onChange={setText}
          onSubmit={(v) => void search(v)}
          submitLabel={intl.formatMessage({ id: 'home.discover.search.submit' })}
          clearLabel={intl.formatMessage({ id: 'home.discover.search.clearField' })}
          autoFocus
        />
      </div>

      {status === 'idle' && recent.list.length > 0 && (
        <section className="discover__section" aria-labelledby="discover-recent">
          <div className="discover-search__recent-head">
            <h2 className="home-list__heading" id="discover-recent">{intl.formatMessage({ id: 'home.discover.search.recent' })}</h2>
            <button type="button" className="discover-search__clear-recent" onClick={() => void clearRecentSearches()}>
              {intl.formatMessage({ id: 'home.discover.search.clearRecent' })}
            </button>
          </div>
          <ul className="discover-search__recent">
            {recent.list.map((k) => (
              <li key={k}>
                <button type="button" className="discover-search__recent-item" aria-label={intl.formatMessage({ id: 'home.discover.search.recentSearch' }, { keyword: k })} onClick={() => void search(k)}>
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                    <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
                    <path d="M12 8v4l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                  {k}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {status === 'searching' && <Spinner label={intl.formatMessage({ id: 'home.discover.search.searching' })} />}

      <div aria-live="polite">
        {status === 'local' && (
          <p className="discover-search__incomplete">
            {intl.formatMessage({ id: failedOnline ? 'home.discover.search.failed' : 'home.discover.search.offline' })}
          </p>
        )}
        {(status === 'done' || status === 'local') && bots.length === 0 && miniApps.length === 0 && (
          <p className="discover__none">{intl.formatMessage({ id: 'home.discover.search.none' }, { keyword })}</p>
        )}
      </div>

      {(status === 'done' || status === 'local') && bots.length > 0 && (
        <section className="discover__section" aria-labelledby="search-bots">
          <h2 className="home-list__heading" id="search-bots">{intl.formatMessage({ id: 'home.discover.search.bots' })}</h2>
          <ul className="home-list__items home-list__items--cards">
            {bots.map((item) => item.type === 'bot' && (
              <li key={item.bot_uuid}>
                <DiscoveryBotRow
                  name={item.name}
                  description={item.description}
                  icon={item.icon}
                  meta={botMeta(intl, item.category, item.subscriber_count)}
                  badge={isNewBot(item.launch_time, now) ? intl.formatMessage({ id: 'home.discover.new' }) : undefined}
                  actionLabel={intl.formatMessage({ id: 'home.discover.chat' })}
                  actionAccessibleLabel={intl.formatMessage({ id: 'home.discover.chatWith' }, { name: item.name })}
                  onOpen={() => links.openChat(item.bot_uuid)}
                  infoLabel={intl.formatMessage({ id: 'home.discover.about' }, { name: item.name })}
                  onInfo={() => links.openInfo(item.bot_uuid)}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      {(status === 'done' || status === 'local') && (
        <MiniAppRow
          apps={miniApps.flatMap((m) => (m.type === 'mini-app' ? [m] : []))}
          headingId="search-mini-apps"
          heading={intl.formatMessage({ id: 'home.discover.search.miniApps' })}
        />
      )}
    </div>
  );
}
