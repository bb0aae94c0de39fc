// Discover tab: the suggested bots (RxDB `bots`, server order). The list is refreshed once per
// visit of home; offline that fails quietly and the stored list stays (the sync-status dialogs speak
// for connectivity; HomeScreen asks). With no bots stored yet (first start offline) the empty state shows.
import { useIntl } from 'react-intl';
import { useNavigate } from '@tanstack/react-router';
import { useBots } from '../../db/ui-surface';
import { BotCard } from '../../ui/bot-card';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { DiscoverArt } from './home-art';

export function DiscoverPanel({ greeting }: { greeting: string | null }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const bots = useBots();
  if (!bots.loaded) return <Spinner label={intl.formatMessage({ id: 'common.loading' })} />;
  return (
    <>
      {greeting && <p className="home__greeting">{greeting}</p>}
      {bots.value.length === 0 ? (
        <EmptyState illustration={<DiscoverArt />} title={intl.formatMessage({ id: 'home.discover.empty.title' })} body={intl.formatMessage({ id: 'home.discover.empty.body' })} />
      ) : (
        <section className="home-list" aria-labelledby="home-discover-heading">
          <h2 className="home-list__heading" id="home-discover-heading">
            {intl.formatMessage({ id: 'home.discover.suggested' })}
          </h2>
          <ul className="home-list__items home-list__items--cards">
            {bots.value.map((bot) => (
              <li key={bot.bot_uuid}>
                <BotCard
                  name={bot.name}
                  description={bot.description}
                  icon={bot.icon}
                  actionLabel={intl.formatMessage({ id: 'home.discover.chat' })}
                  actionAccessibleLabel={intl.formatMessage({ id: 'home.discover.chatWith' }, { name: bot.name })}
                  onOpen={() => void navigate({ to: '/chat/$botUuid', params: { botUuid: bot.bot_uuid } })}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
