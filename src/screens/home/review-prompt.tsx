// The in-app review ask (remote flag in_app_review_flag, issue 18): once per device, on the Chat
// tab, a user who has talked with a bot is asked to rate it. "Rate" opens that bot's review
// screen (which works offline: a review written there is queued); either answer marks the ask
// seen, so it never comes back. The one-time mechanics are the guides' (src/domain/guides.ts).
import { useNavigate } from '@tanstack/react-router';
import { markGuideSeen, useGuide, type ConversationDoc } from '../../db/ui-surface';
import { Button } from '../../ui/button';
import { useT } from '../shared/use-t';

/** The bot to ask about: the first of the listed conversations (newest first) the user wrote in. */
export function botToReview(conversations: readonly ConversationDoc[]): ConversationDoc | null {
  return conversations.find((c) => c.conversed && c.block_time === null) ?? null;
}

export function ReviewPrompt({ conversations }: { conversations: readonly ConversationDoc[] }) {
  const t = useT();
  const navigate = useNavigate();
  const show = useGuide('in-app-review');
  const bot = botToReview(conversations);
  if (!show || !bot) return null;
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
