// /engage (spec part 2 §2 Engage, §7 get-home-page-v3, get-game-list-v3 by 16, get-game-filters,
// start-game, get-recent-activity): banners, most and least played, category chips, the game
// list with filters and "load more", recent plays. Offline it shows what the `games` collection
// kept and says that starting a game needs the network.
import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { GameFilters, GameSummary } from '../../api/engage-contract';
import { loadGameList, refreshEngageHome, refreshEngageRecent, refreshGameFilters, startGame } from '../../db/commands';
import { useGames } from '../../db/hooks';
import { Button } from '../../ui/button';
import { ChipGroup } from '../../ui/chip-group';
import { PageHeader } from '../bots/page-header';
import { useOnline } from '../shared/use-online';
import { useT } from '../shared/use-t';
import { gameFiltersKey as filtersKeyOf } from '../../domain/engage-rewards';
import { GameIcon } from './game-art';
import { useGamesFlags } from './use-games-flags';
import '../bots/bots.css';
import './games.css';

const ALL = 'all';

export default function EngageScreen() {
  const t = useT();
  const navigate = useNavigate();
  const online = useOnline();
  const { engage } = useGamesFlags();
  const [category, setCategory] = useState<string>(ALL);
  const [type, setType] = useState<string>(ALL);
  const filters: GameFilters | undefined = category === ALL && type === ALL ? undefined : {
    ...(category !== ALL ? { category: [category as NonNullable<GameFilters['category']>[number]] } : {}),
    ...(type !== ALL ? { type: [type as NonNullable<GameFilters['type']>[number]] } : {}),
  };
  const home = useGames('engage-home', filtersKeyOf()).value;
  const list = useGames('game-list', filtersKeyOf(filters)).value;
  const filterGroups = useGames('game-filters').value;
  const recent = useGames('engage-recent').value;
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState<string | null>(null);

  useEffect(() => {
    if (!online || !engage) return;
    void refreshEngageHome();
    void refreshGameFilters();
    void refreshEngageRecent();
  }, [online, engage]);
  const key = filtersKeyOf(filters);
  useEffect(() => {
    if (online && engage) void loadGameList(filters, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names the filters
  }, [online, engage, key]);

  const play = async (game: Pick<GameSummary, 'engage_feature_uuid'>) => {
    setError(null);
    if (!online) {
      setError(t('engage.needsNetwork'));
      return;
    }
    setStarting(game.engage_feature_uuid);
    const result = await startGame(game.engage_feature_uuid);
    setStarting(null);
    if (!result.ok) {
      setError(t(result.error.key === 'noResponse' ? 'engage.needsNetwork' : 'engage.error'));
      return;
    }
    void navigate({ to: '/engage-play', search: { play: result.value.playUuid } });
  };

  if (!engage) {
    return (
      <div className="bots-page">
        <PageHeader title={t('engage.title')} />
        <main className="bots-main"><p className="games-note" role="status">{t('engage.featureOff')}</p></main>
      </div>
    );
  }

  const tile = (g: GameSummary) => (
    <button key={g.engage_feature_uuid} type="button" className="games-tile" onClick={() => void play(g)}>
      <GameIcon type={g.type} />
      <span className="games-tile__name">{g.name}</span>
      <span className="games-tile__meta">{t('engage.plays', { count: g.plays })}</span>
    </button>
  );
  const groupOf = (k: 'category' | 'type') => filterGroups?.filters.find((f) => f.key === k);

  return (
    <div className="bots-page">
      <PageHeader title={t('engage.title')} />
      <main className="bots-main">
        {!online && <p className="games-note" role="status">{t('engage.offline')}</p>}
        {error && <p className="games-note games-note--error" role="alert">{error}</p>}
        {home && home.banner_list.length > 0 && (
          <div className="games-row">
            {home.banner_list.map((b) => (
              <button key={b.id} type="button" className="games-banner"
                onClick={() => void play(b)}>
                <span className="games-banner__title">{b.title}</span>
                <span className="games-banner__sub">{b.subtitle}</span>
              </button>
            ))}
          </div>
        )}
        {home && (
          <section className="games-section" aria-labelledby="most-played">
            <h2 id="most-played" className="games-section__title">{t('engage.mostPlayed')}</h2>
            <div className="games-row" data-testid="most-played">{home.most_played_games.map(tile)}</div>
          </section>
        )}
        {home && (
          <section className="games-section" aria-labelledby="least-played">
            <h2 id="least-played" className="games-section__title">{t('engage.leastPlayed')}</h2>
            <div className="games-row">{home.least_played_games.map(tile)}</div>
          </section>
        )}
        <section className="games-section" aria-labelledby="all-games">
          <h2 id="all-games" className="games-section__title">{t('engage.allGames')}</h2>
          {groupOf('category') && (
            <ChipGroup label={groupOf('category')!.name} selected={category} onSelect={setCategory}
              chips={[{ id: ALL, label: t('engage.filter.all') }, ...groupOf('category')!.options.map((o) => ({ id: o.id, label: o.name }))]} />
          )}
          {groupOf('type') && (
            <ChipGroup label={groupOf('type')!.name} selected={type} onSelect={setType}
              chips={[{ id: ALL, label: t('engage.filter.all') }, ...groupOf('type')!.options.map((o) => ({ id: o.id, label: o.name }))]} />
          )}
          <ul className="games-list games-list--grid" data-testid="game-list">
            {(list?.games ?? []).map((g) => (
              <li key={g.engage_feature_uuid}>
                <button type="button" className="games-card" onClick={() => void play(g)} aria-busy={starting === g.engage_feature_uuid || undefined} data-testid="game-card" data-type={g.type}>
                  <GameIcon type={g.type} />
                  <span className="games-card__text">
                    <span className="games-card__name">{g.name}</span>
                    <span className="games-card__desc">{g.description}</span>
                    <span className="games-tile__meta">{t('engage.plays', { count: g.plays })}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {list && list.games.length < list.total && online && (
            <Button variant="secondary" block onClick={() => void loadGameList(filters, true)}>{t('engage.loadMore')}</Button>
          )}
        </section>
        {recent && recent.recent_activity.length > 0 && (
          <section className="games-section bots-card" aria-labelledby="recent-games">
            <h2 id="recent-games" className="games-section__title">{t('engage.recent')}</h2>
            {recent.recent_activity.slice(0, 5).map((r) => (
              <div key={r.play_uuid} className="games-entry">
                <span className="games-entry__name"><GameIcon type={r.type} /> {r.name}</span>
                <span className="games-tile__meta">{t('engage.score', { score: r.score, max: r.max_score })}</span>
              </div>
            ))}
          </section>
        )}
        <Button variant="text" onClick={() => void navigate({ to: '/rewards' })}>{t('engage.rewardsLink')}</Button>
      </main>
    </div>
  );
}
