// The in-app review ask (remote flag in_app_review_flag, issue 18): once per device, on the Chat
// tab, a user who has talked with a bot is asked to rate it, unless they already rated or
// reviewed it (the stored bot profile says so; a bot whose profile this device never read is read
// once when online, and offline is not asked about). "Rate" opens that bot's review screen (which
// works offline: a review written there is queued); either answer marks the ask seen, so it never
// comes back. The rules and the one-time mechanics are the guides' (src/domain/guides.ts).
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { loadBotProfile, markGuideSeen, useBotProfiles, useGuide, type ConversationDoc } from '../../db/ui-surface';
import { reviewAskTarget } from '../../domain/guides';
import { Button } from '../../ui/button';
import { useOnline } from '../shared/use-online';
import { useT } from '../shared/use-t';

const NO_TRIES: ReadonlySet<string> = new Set();

export function ReviewPrompt({ conversations }: { conversations: readonly ConversationDoc[] }) {
  const t = useT();
  const navigate = useNavigate();
  const show = useGuide('in-app-review');
  const online = useOnline();
  const { loaded, doc } = useBotProfiles();
  // bots whose profile was read for the ask in this view: not read again when it says nothing
  const [tried, setTried] = useState<ReadonlySet<string>>(NO_TRIES);
  const { ask: bot, toLoad } = reviewAskTarget(conversations, doc.bots, tried);
  useEffect(() => {
    if (!show || !loaded || !online || toLoad === null) return;
    let live = true;
    void loadBotProfile(toLoad).finally(() => {
      if (live) setTried((before) => new Set([...before, toLoad]));
    });
    return () => {
      live = false;
    };
  }, [show, loaded, online, toLoad]);
  if (!show || !loaded || !bot) return null;
  return (
    <aside className="review-ask" aria-labelledby="review-ask-title" data-testid="in-app-review">
      <p className="review-ask__title" id="review-ask-title">{t('home.reviewAsk.title', { name: bot.name })}</p>
      <p className="review-ask__body">{t('home.reviewAsk.body')}</p>
      <div className="review-ask__actions">
        <Button
          onClick={() => {
            void markGuideSeen('in-app-review');
            void navigate({ to: '/bot-review', search: { bot: bot.bot_uuid } });
          }}
        >
          {t('home.reviewAsk.rate')}
        </Button>
        <Button variant="text" onClick={() => void markGuideSeen('in-app-review')}>{t('home.reviewAsk.later')}</Button>
      </div>
    </aside>
  );
}
