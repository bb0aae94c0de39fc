// Home (spec part 1 §2): three tabs, Discover, Chat and Post, the active one remembered in
// settings. Discover shows the discovery page, Chat the recent activity, Post the feed (its own
// chunk, preloaded on a start into that tab: src/app/shell-chunks.ts). The lists are refreshed
// once per visit (offline the stored ones stay).
import { Suspense, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { refreshChatLists, refreshDiscovery, refreshRecentActivity, setHomeTab, markBoot, markGuideSeen, useAppLanguage, useGuide, useScreenPainted, useProfile, useSettings, useFeatureGate } from '../../db/ui-surface';
import { useOnline } from '../shared/use-online';
import type { SettingsDoc } from '../../db/local-docs';
import { OfflineBanner } from '../../ui/offline-banner';
import { TabPanel, Tabs } from '../../ui/tabs';
import { HomeHeader } from './home-header';
import { TAB_ICONS } from './home-art';
import { DiscoverPanel } from './discover-panel';
import { ChatListPanel } from './chat-list-panel';
import { InstallOffer } from './install-offer';
import { AppTour } from '../guides/app-tour';
import { HelpTip } from '../guides/help-tip';
import { useTourEnabled, WelcomeBanner } from '../guides/welcome-banner';
import { FeedPanel } from '../../app/shell-chunks';
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
  const name = profile.doc?.name?.trim();
  // posts off (flag or custom code): no Post tab (its route says the feature is off)
  const postsOn = useFeatureGate().on.posts;
  const tabs = postsOn ? TABS : TABS.filter((x) => x !== 'post');
  const tab = !postsOn && settings.doc.homeTab === 'post' ? 'discover' : settings.doc.homeTab;
  // the Chat and Post tabs' lists say so themselves once their rows are in (chat-list-panel.tsx, feed-panel.tsx)
  useScreenPainted(tab === 'discover');
  // the one-time guides (issue 18): the welcome card until closed, the tour when asked for
  const welcome = useGuide('welcome-banner');
  const tourEnabled = useTourEnabled();
  const tourOffered = useGuide('app-tour');
  const [touring, setTouring] = useState(false);
  const startTour = () => {
    void markGuideSeen('welcome-banner');
    setTouring(true);
  };
  const endTour = () => {
    setTouring(false);
    void markGuideSeen('app-tour');
  };

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
      <HomeHeader onTour={tourEnabled ? () => setTouring(true) : null} />
      {!online && <OfflineBanner message={intl.formatMessage({ id: 'home.offline' })} />}
      <InstallOffer />
      <nav className="home__tabs" aria-label={intl.formatMessage({ id: 'home.tabs.label' })}>
        <Tabs
          label={intl.formatMessage({ id: 'home.tabs.label' })}
          idPrefix={ID_PREFIX}
          tabs={tabs.map((t) => ({ id: t, label: intl.formatMessage({ id: `home.tab.${t}` }), icon: TAB_ICONS[t] }))}
          selected={tab}
          onSelect={(t) => void setHomeTab(t)}
        />
      </nav>
      <main className="home__main">
        {/* on Discover only: above the Chat list or the feed it took the room those lists scroll in (a feed card could then never be half in view, so none counted as seen) */}
        {welcome && tab === 'discover' && <WelcomeBanner onClose={() => void markGuideSeen('welcome-banner')} onTour={tourOffered ? startTour : null} />}
        {tab === 'chat' && <HelpTip id="help-chat" text="help.chat" />}
        <TabPanel idPrefix={ID_PREFIX} id={tab} className={`home__panel home__panel--${tab}`}>
          {tab === 'discover' && <DiscoverPanel greeting={name ? intl.formatMessage({ id: 'home.greeting' }, { name }) : null} />}
          {tab === 'chat' && <ChatListPanel />}
          {tab === 'post' && <Suspense fallback={null}><FeedPanel /></Suspense>}
        </TabPanel>
      </main>
      {touring && <AppTour onClose={endTour} />}
    </div>
  );
}
