// Home (spec part 1 §2): three tabs, Discover, Chat and Post, the active one remembered in
// settings. Their content arrives with later issues; until then each shows a friendly empty state.
import { useIntl } from 'react-intl';
import { setHomeTab, useProfile, useSettings } from '../../db/ui-surface';
import { useOnline } from '../shared/use-online';
import type { SettingsDoc } from '../../db/local-docs';
import { OfflineBanner } from '../../ui/offline-banner';
import { TabPanel, Tabs } from '../../ui/tabs';
import { EmptyState } from '../../ui/empty-state';
import { HomeHeader } from './home-header';
import { ChatArt, DiscoverArt, PostArt, TAB_ICONS } from './home-art';
import './home.css';

type HomeTab = SettingsDoc['homeTab'];
const TABS: readonly HomeTab[] = ['discover', 'chat', 'post'];
const ID_PREFIX = 'home';

export default function HomeScreen() {
  const intl = useIntl();
  const settings = useSettings();
  const online = useOnline();
  const profile = useProfile();
  const tab = settings.doc.homeTab;
  const name = profile.doc?.name?.trim();

  const art = { discover: <DiscoverArt />, chat: <ChatArt />, post: <PostArt /> } satisfies Record<HomeTab, unknown>;

  return (
    <div className="home">
      <HomeHeader />
      {!online && <OfflineBanner message={intl.formatMessage({ id: 'home.offline' })} />}
      <nav className="home__tabs" aria-label={intl.formatMessage({ id: 'home.tabs.label' })}>
        <Tabs
          label={intl.formatMessage({ id: 'home.tabs.label' })}
          idPrefix={ID_PREFIX}
          tabs={TABS.map((t) => ({ id: t, label: intl.formatMessage({ id: `home.tab.${t}` }), icon: TAB_ICONS[t] }))}
          selected={tab}
          onSelect={(t) => void setHomeTab(t)}
        />
      </nav>
      <main className="home__main">
        <TabPanel idPrefix={ID_PREFIX} id={tab} className="home__panel">
          {tab === 'discover' && name && <p className="home__greeting">{intl.formatMessage({ id: 'home.greeting' }, { name })}</p>}
          <EmptyState
            illustration={art[tab]}
            title={intl.formatMessage({ id: `home.${tab}.empty.title` })}
            body={intl.formatMessage({ id: `home.${tab}.empty.body` })}
          />
        </TabPanel>
      </main>
    </div>
  );
}
