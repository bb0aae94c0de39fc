// The search view of Discover (spec part 1 §2, §5, §9): a search box, the recent searches (up to
// 10, newest first; tap one to search it again; clear them), and the results in lists: bots (type
// bot only), mini apps (type mini-app without Competition Zone and Live Quiz) and those two as the
// quizzes and competitions (what Discover shows is found). Results come while typing,
// SEARCH_DEBOUNCE_MS after the last keystroke; the keyword joins the recent searches when it is
// submitted or a result is opened. Online the server's answer shows (from the cache, written on
// its 200); the previous results stay while the next answer is on its way. Offline, or when the
// search fails, what Discover stored (its page and the suggested bots) is searched here with the
// same matcher, and the view says the results may be incomplete.
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { DiscoveryBot, SearchItem } from '../../api/discovery';
import { clearRecentSearches, rememberSearch, searchBots, useBots, useDiscoveryPage, useRecentSearches, useSearchAnswer } from '../../db/ui-surface';
import { SEARCH_DEBOUNCE_MS } from '../../domain/constants';
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
  const suggested = useBots();
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [failedOnline, setFailedOnline] = useState(false);
  const answer = useSearchAnswer(keyword);
  const run = useRef(0);
  // what the last answer showed, kept on screen while the next keyword is asked
  const shown = useRef<SearchItem[]>([]);

  const search = async (value: string, remember: boolean) => {
    const k = normaliseKeyword(value);
    const mine = ++run.current;
    if (k === '') {
      setKeyword('');
      setStatus('idle');
      return;
    }
    setKeyword(k);
    if (remember) void rememberSearch(k);
    setStatus((s) => (online ? (s === 'done' ? s : 'searching') : 'local'));
    setFailedOnline(false);
    const result = await searchBots(k, { remember: false });
    if (mine !== run.current) return;
    if (result.ok) setStatus('done');
    else {
      setStatus('local');
      setFailedOnline(result.error.key !== 'noResponse');
    }
  };

  // results while typing: the text is searched once it rests for SEARCH_DEBOUNCE_MS
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current) return;
    const id = window.setTimeout(() => void search(text, false), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  const onType = (value: string) => {
    typed.current = true;
    setText(value);
  };
  const searchNow = (value: string) => {
    typed.current = false;
    setText(normaliseKeyword(value));
    void search(value, true);
  };

  // a search typed offline is answered by the server once the network is back
  useEffect(() => {
    if (online && status === 'local' && keyword !== '' && !failedOnline) void search(keyword, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online]);

  let items: SearchItem[] = [];
  const answered = answer.value?.payload.search_results;
  if (status === 'done' && answered) items = answered;
  else if ((status === 'done' || status === 'searching') && keyword !== '') items = shown.current;
  if (status === 'local') {
    const stored = page.value?.payload;
    const names = (id: string) => categoryName(intl, id, stored?.categoryList.find((c) => c.category_id === id)?.name);
    const discovered = stored?.recommendedBotsIconList ?? [];
    const known = new Set(discovered.map((b) => b.bot_uuid));
    const others: DiscoveryBot[] = suggested.value.filter((b) => !known.has(b.bot_uuid)).map((b) => ({
      type: 'bot', bot_uuid: b.bot_uuid, name: b.name, description: b.description, icon: b.icon, category: '', launch_time: 0, subscriber_count: -1, subscribed: b.subscribed,
    }));
    items = localSearch([...discovered, ...others, ...(stored?.miniApps ?? [])], keyword, names);
  }
  if (status === 'done' || status === 'local') shown.current = items;
  const { bots, miniApps, contests } = searchLists(items);
  const hasResults = status !== 'idle' && keyword !== '';
  const settled = status === 'done' || status === 'local';
  const open = (fn: () => void) => () => {
    void rememberSearch(keyword);
    fn();
  };
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
          onChange={onType}
          onSubmit={searchNow}
          submitLabel={intl.formatMessage({ id: 'home.discover.search.submit' })}
          clearLabel={intl.formatMessage({ id: 'home.discover.search.clearField' })}
          autoFocus
        />
      </div>

      {(status === 'idle' || keyword === '') && recent.list.length > 0 && (
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
                <button type="button" className="discover-search__recent-item" aria-label={intl.formatMessage({ id: 'home.discover.search.recentSearch' }, { keyword: k })} onClick={() => searchNow(k)}>
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

      {status === 'searching' && items.length === 0 && <Spinner label={intl.formatMessage({ id: 'home.discover.search.searching' })} />}

      <div aria-live="polite">
        {hasResults && status === 'local' && (
          <p className="discover-search__incomplete">
            {intl.formatMessage({ id: failedOnline ? 'home.discover.search.failed' : 'home.discover.search.offline' })}
          </p>
        )}
        {hasResults && settled && items.length === 0 && (
          <p className="discover__none">{intl.formatMessage({ id: 'home.discover.search.none' }, { keyword })}</p>
        )}
      </div>

      {hasResults && bots.length > 0 && (
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
                  onOpen={open(() => links.openChat(item.bot_uuid))}
                  infoLabel={intl.formatMessage({ id: 'home.discover.about' }, { name: item.name })}
                  onInfo={open(() => links.openInfo(item.bot_uuid))}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      {hasResults && (
        <MiniAppRow
          apps={miniApps.flatMap((m) => (m.type === 'mini-app' ? [m] : []))}
          headingId="search-mini-apps"
          heading={intl.formatMessage({ id: 'home.discover.search.miniApps' })}
        />
      )}
      {hasResults && (
        <MiniAppRow
          apps={contests.flatMap((m) => (m.type === 'mini-app' ? [m] : []))}
          headingId="search-contests"
          heading={intl.formatMessage({ id: 'home.discover.search.contests' })}
        />
      )}
    </div>
  );
}
