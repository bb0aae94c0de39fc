// Discover tab (spec part 1 §2, §3): a search box that opens the search view, the banners, the
// featured icons, the mini apps and the recommended bots ("New" under 15 days) filtered by the
// category chips (All first). Everything shows from the stored discovery page (the cache
// collection), so offline it is the last page the server sent; before the first one arrives the
// suggested bots stored by the chat lists show instead.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useBots, useDiscoveryPage } from '../../db/ui-surface';
import { ALL_CATEGORIES, filterByCategory, isNewBot } from '../../domain/discovery';
import { BannerCarousel } from '../../ui/banner-carousel';
import { BotCard } from '../../ui/bot-card';
import { ChipGroup } from '../../ui/chip-group';
import { DiscoveryBotRow } from '../../ui/discovery-bot-row';
import { EmptyState } from '../../ui/empty-state';
import { IconTile } from '../../ui/icon-tile';
import { Spinner } from '../../ui/spinner';
import { DiscoverArt } from './home-art';
import { DiscoverSearch } from './discover-search';
import { botMeta, categoryName } from './discover-format';
import { MiniAppRow } from './mini-app-row';
import { FeatureLinks } from './feature-links';
import { useBotLinks } from './use-bot-links';
import './discover.css';

/** The suggested bots (get-suggested-list, stored in `bots` by the chat lists). */
function SuggestedBots({ onOpen }: { onOpen: (botUuid: string) => void }) {
  const intl = useIntl();
  const suggested = useBots();
  if (suggested.value.length === 0) return null;
  return (
    <section className="home-list" aria-labelledby="home-discover-heading">
      <h2 className="home-list__heading" id="home-discover-heading">{intl.formatMessage({ id: 'home.discover.suggested' })}</h2>
      <ul className="home-list__items home-list__items--cards">
        {suggested.value.map((bot) => (
          <li key={bot.bot_uuid}>
            <BotCard
              name={bot.name}
              description={bot.description}
              icon={bot.icon}
              actionLabel={intl.formatMessage({ id: 'home.discover.chat' })}
              actionAccessibleLabel={intl.formatMessage({ id: 'home.discover.chatWith' }, { name: bot.name })}
              onOpen={() => onOpen(bot.bot_uuid)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SearchOpener({ label, onOpen }: { label: string; onOpen: () => void }) {
  return (
    <button type="button" className="discover__search-opener" onClick={onOpen}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {label}
    </button>
  );
}

// Whether this page life pushed the search's history entry: then closing it goes back (the
// browser's Back does the same); after a reload on ?search=open it is replaced instead, so the
// screen's back button never leaves Home.
let pushedSearch = false;

/** The search view is open while Home's URL says ?search=open (router.tsx homeSearch). */
function useSearchView(): { searching: boolean; setSearching: (open: boolean) => void } {
  const router = useRouter();
  const navigate = useNavigate();
  const search: { search?: string } = useSearch({ strict: false });
  const searching = search.search === 'open';
  const setSearching = (open: boolean) => {
    if (open === searching) return;
    if (open) {
      pushedSearch = true;
      void navigate({ to: '/home', search: { search: 'open' } });
    } else if (pushedSearch) {
      pushedSearch = false;
      router.history.back();
    } else void navigate({ to: '/home', search: {}, replace: true });
  };
  return { searching, setSearching };
}

export function DiscoverPanel({ greeting }: { greeting: string | null }) {
  const intl = useIntl();
  const page = useDiscoveryPage();
  const suggested = useBots();
  const links = useBotLinks();
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const { searching, setSearching } = useSearchView();

  if (searching) return <DiscoverSearch onClose={() => setSearching(false)} />;
  if (!page.loaded || !suggested.loaded) return <Spinner label={intl.formatMessage({ id: 'common.loading' })} />;

  const searchLabel = intl.formatMessage({ id: 'home.discover.search.label' });
  const discovery = page.value?.payload;
  if (!discovery) {
    // no discovery page stored yet (first start offline, or the first answer still on its way)
    return (
      <>
        {greeting && <p className="home__greeting">{greeting}</p>}
        <SearchOpener label={searchLabel} onOpen={() => setSearching(true)} />
        <FeatureLinks />
        {suggested.value.length === 0 ? (
          <EmptyState illustration={<DiscoverArt />} title={intl.formatMessage({ id: 'home.discover.empty.title' })} body={intl.formatMessage({ id: 'home.discover.empty.body' })} />
        ) : (
          <SuggestedBots onOpen={links.openChat} />
        )}
      </>
    );
  }

  const now = Date.now();
  const newLabel = intl.formatMessage({ id: 'home.discover.new' });
  const names = new Map(discovery.categoryList.map((c) => [c.category_id, c.name]));
  const shown = filterByCategory(discovery.recommendedBotsIconList, category);
  return (
    <div className="discover home-list">
      {greeting && <p className="home__greeting">{greeting}</p>}
      <SearchOpener label={searchLabel} onOpen={() => setSearching(true)} />
      <FeatureLinks />
      <BannerCarousel
        banners={discovery.bannerList.map((b) => ({ id: b.banner_uuid, image: b.image, title: b.title }))}
        label={intl.formatMessage({ id: 'home.discover.banners' })}
        slideLabel={(index, count) => intl.formatMessage({ id: 'home.discover.banner.slide' }, { index, count })}
        dotLabel={(index) => intl.formatMessage({ id: 'home.discover.banner.dot' }, { index })}
        onOpen={(id) => {
          const banner = discovery.bannerList.find((b) => b.banner_uuid === id);
          if (banner) links.openLink(banner.deeplink);
        }}
      />
      {discovery.iconList.length > 0 && (
        <section className="discover__section" aria-labelledby="discover-featured">
          <h2 className="home-list__heading" id="discover-featured">{intl.formatMessage({ id: 'home.discover.featured' })}</h2>
          <ul className="discover__row">
            {discovery.iconList.map((bot) => (
              <li key={bot.bot_uuid}>
                <IconTile name={bot.name} icon={bot.icon} badge={isNewBot(bot.launch_time, now) ? newLabel : undefined} onOpen={() => links.openChat(bot.bot_uuid)} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <MiniAppRow apps={discovery.miniApps} headingId="discover-mini-apps" heading={intl.formatMessage({ id: 'home.discover.miniApps' })} />
      <section className="discover__section" aria-labelledby="discover-recommended">
        <h2 className="home-list__heading" id="discover-recommended">{intl.formatMessage({ id: 'home.discover.recommended' })}</h2>
        <ChipGroup
          label={intl.formatMessage({ id: 'home.discover.categories' })}
          chips={[
            { id: ALL_CATEGORIES, label: intl.formatMessage({ id: 'home.discover.category.all' }) },
            ...discovery.categoryList.map((c) => ({ id: c.category_id, label: categoryName(intl, c.category_id, c.name) })),
          ]}
          selected={category}
          onSelect={setCategory}
        />
        {shown.length === 0 ? (
          <p className="discover__none">{intl.formatMessage({ id: 'home.discover.noneInCategory' })}</p>
        ) : (
          <ul className="home-list__items home-list__items--cards">
            {shown.map((bot) => (
              <li key={bot.bot_uuid}>
                <DiscoveryBotRow
                  name={bot.name}
                  description={bot.description}
                  icon={bot.icon}
                  meta={botMeta(intl, bot.category, bot.subscriber_count, names.get(bot.category))}
                  badge={isNewBot(bot.launch_time, now) ? newLabel : undefined}
                  actionLabel={intl.formatMessage({ id: 'home.discover.chat' })}
                  actionAccessibleLabel={intl.formatMessage({ id: 'home.discover.chatWith' }, { name: bot.name })}
                  onOpen={() => links.openChat(bot.bot_uuid)}
                  infoLabel={intl.formatMessage({ id: 'home.discover.about' }, { name: bot.name })}
                  onInfo={() => links.openInfo(bot.bot_uuid)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <SuggestedBots onOpen={links.openChat} />
    </div>
  );
}
