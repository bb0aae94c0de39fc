// Home (spec part 1 §2): three tabs, Discover, Chat and Post, the active one remembered in
// settings. Discover shows the discovery page, Chat the recent activity; Post says plainly that
// posts come in a later release. The lists are refreshed once per visit (offline the stored ones stay).
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { refreshChatLists, refreshDiscovery, refreshRecentActivity, setHomeTab, markBoot, useAppLanguage, useScreenPainted, useProfile, useSettings } from '../../db/ui-surface';
import { useOnline } from '../shared/use-online';
import type { SettingsDoc } from '../../db/local-docs';
import { OfflineBanner } from '../../ui/offline-banner';
import { TabPanel, Tabs } from '../../ui/tabs';
import { EmptyState } from '../../ui/empty-state';
import { HomeHeader } from './home-header';
import { PostArt, TAB_ICONS } from './home-art';
import { DiscoverPanel } from './discover-panel';
import { ChatListPanel } from './chat-list-panel';
import { InstallOffer } from './install-offer';
import './home.css';

type HomeTab = SettingsDoc['homeTab'];
const TABS: readonly HomeTab[] = ['discover', 'chat', 'post'];
const ID_PREFIX = 'home';

export default function HomeScreen() {
  markBoot('home-render');
  const intl = useIntl();
  const settings = useSettings();
  const online = useOnline();
  const profile = useProfile();
  const language = useAppLanguage().doc?.code;
  const tab = settings.doc.homeTab;
  const name = profile.doc?.name?.trim();
  // the Chat tab's list says so itself once its rows are in (chat-list-panel.tsx)
  useScreenPainted(tab !== 'chat');

  useEffect(() => {
    // A failure (offline, server error) keeps the stored lists; its dialog, if any, comes from sync-status.
    // Offline the calls wait: the lists refresh when the network returns (online turns true).
    if (!online) return;
    void refreshChatLists();
  }, [online]);

  useEffect(() => {
    // discovery's texts come in the app's language: a language change fetches them again
    if (online) void refreshDiscovery();
  }, [online, language]);

  useEffect(() => {
    if (language) void refreshRecentActivity(language);
  }, [language]);

  return (
    <div className="home">
      <HomeHeader />
      {!online && <OfflineBanner message={intl.formatMessage({ id: 'home.offline' })} />}
      <InstallOffer />
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
        <TabPanel idPrefix={ID_PREFIX} id={tab} className={`home__panel home__panel--${tab}`}>
          {tab === 'discover' && <DiscoverPanel greeting={name ? intl.formatMessage({ id: 'home.greeting' }, { name }) : null} />}
          {tab === 'chat' && <ChatListPanel />}
          {tab === 'post' && (
            <EmptyState illustration={<PostArt />} title={intl.formatMessage({ id: 'home.post.later.title' })} body={intl.formatMessage({ id: 'home.post.later.body' })} />
          )}
        </TabPanel>
      </main>
    </div>
  );
}
