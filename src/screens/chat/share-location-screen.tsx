// /share-location?bot=<id> (spec part 1 §2 route list; gated by location_enable): sharing a
// location with one bot as a page of its own, for links that ask for it (a bot's deep link, an
// upselling entry). The current position at once, or a place chosen on the map, through the
// thread's own location flow (useLocationFlow: permission and unsupported dialogs, notices, the
// 60 s timeout), queued like any send, so it works offline; once queued, the thread opens.
// Without a bot it goes home.
import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useConversation } from '../../db/ui-surface';
import { Button } from '../../ui/button';
import { useBotParam } from '../bots/use-bot-param';
import { PageHeader } from '../shared/page-header';
import { useT } from '../shared/use-t';
import { useLocationFlow } from './rich-input/use-location-flow';
import './share-location.css';

export default function ShareLocationScreen() {
  const t = useT();
  const navigate = useNavigate();
  const botUuid = useBotParam();
  const conversation = useConversation(botUuid);
  const toThread = () => void navigate({ to: '/chat/$botUuid', params: { botUuid }, replace: true });
  const location = useLocationFlow(botUuid, toThread);
  const name = conversation.value?.name;
  // no bot named: nothing to share with (a bare /share-location), so home
  useEffect(() => {
    if (!botUuid) void navigate({ to: '/home', replace: true });
  }, [botUuid, navigate]);
  if (!botUuid) return null;
  return (
    <div className="share-location">
      <PageHeader title={t('shareLocation.title')} onFallback={toThread} />
      <main className="share-location__main">
        <p className="share-location__intro">{name ? t('shareLocation.intro', { name }) : t('shareLocation.introNoName')}</p>
        <Button block pending={location.fetching} onClick={() => location.begin({ allow_custom: false, fetch_address: false })}>
          {t('shareLocation.current')}
        </Button>
        <Button block variant="secondary" onClick={() => location.begin({ allow_custom: true, fetch_address: false })}>
          {t('shareLocation.onMap')}
        </Button>
        {location.view}
      </main>
    </div>
  );
}
