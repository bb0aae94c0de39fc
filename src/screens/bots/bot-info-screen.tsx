// /bot-info?bot=…: the bot's profile (spec part 1 §2 "Bot detail"): icon, name, description,
// rating and the user's own, subscriber count (compact, as Discover shows it), onboarding card,
// catalogue (a bot with a shop), FAQs and reviews links, and the actions (pin, mute, block,
// archive, report, open chat).
// Everything shown is read from RxDB (the conversation and the bot-profiles document), so it
// shows offline; actions apply at once and are queued (a refusal comes back as a toast). Block
// is confirmed first; a report is acknowledged (sent, or queued while offline).
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from '@tanstack/react-router';
import { loadBotProfile, loadBotReviews, rateBot, runBotAction, useBot, useBotProfile, useConversation } from '../../db/ui-surface';
import { isMuted, mutedTill } from '../../domain/bot-rules';
import { useConfirm } from '../../app/confirm';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Toast } from '../../ui/toast';
import { compactCount } from '../shared/compact-count';
import { useOnline } from '../shared/use-online';
import { ActionToast } from './action-toast';
import { MuteSheet } from './mute-sheet';
import { PageHeader } from './page-header';
import { RatingStars } from './rating-stars';
import { ReportDialog } from './report-dialog';
import { useBotParam } from './use-bot-param';
import './bots.css';
import { useT } from '../shared/use-t';

export default function BotInfoScreen() {
  const intl = useIntl();
  const t = useT();
  const navigate = useNavigate();
  const botUuid = useBotParam();
  const online = useOnline();
  const { profile } = useBotProfile(botUuid);
  const conversation = useConversation(botUuid).value;
  const bot = useBot(botUuid).value;
  const [sheet, setSheet] = useState<'mute' | 'report' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reported, setReported] = useState<{ id: number; text: string } | null>(null);
  const clearReported = useCallback(() => setReported(null), []);
  const confirm = useConfirm();
  const compact = (n: number) => compactCount(intl, n);

  useEffect(() => {
    if (!botUuid || !online) return;
    void loadBotProfile(botUuid);
    void loadBotReviews(botUuid, 'newest', 0);
  }, [botUuid, online]);

  const name = profile?.details?.name || conversation?.name || bot?.name || '';
  const icon = profile?.details?.icon || conversation?.icon || bot?.icon || '';
  const description = profile?.details?.description || bot?.description || '';
  const now = Date.now();
  const muted = conversation ? isMuted(conversation, now) : false;
  const till = conversation ? mutedTill(conversation) : null;
  const pinned = conversation?.pinned ?? false;
  const blocked = conversation?.block_time != null;
  const archived = conversation?.archive_time != null;

  const act = async (action: Parameters<typeof runBotAction>[1]) => {
    setError(null);
    const result = await runBotAction(botUuid, action);
    if (!result.ok && result.error.textId) setError(intl.formatMessage({ id: result.error.textId }));
  };

  const block = async () => {
    const ok = await confirm({
      title: t('botInfo.blockConfirm.title', { name }),
      body: t('botInfo.blockConfirm.body', { name }),
      denyLabel: t('botInfo.cancel'),
      allowLabel: t('botInfo.block'),
      destructive: true,
    });
    if (ok) await act({ kind: 'block' });
  };

  const rating = profile?.rating ?? null;
  const count = profile?.subscriberCount ?? profile?.onboarding?.subscriber_count ?? null;
  const reviewsTotal = profile?.reviews.newest?.total ?? null;
  // a bot with a shop: its first catalogue (get-bot-user-details names them)
  const catalog = profile?.details?.catalogs?.[0] ?? null;

  return (
    <div className="bots-page">
      <PageHeader title={t('botInfo.title')} />
      <main className="bots-main">
        {!botUuid || (!profile && !conversation && !bot) ? (
          <p className="bots-muted bots-card">{t('botInfo.notLoaded')}</p>
        ) : (
          <>
            <section className="bots-card bots-hero" aria-labelledby="bot-name">
              <Avatar name={name || '?'} src={icon} size="large" />
              <h2 id="bot-name" className="bots-hero__name">{name}</h2>
              {description && <p className="bots-hero__description">{description}</p>}
              <p className="bots-facts">
                {count !== null && <span data-testid="subscriber-count">{t('botInfo.subscribers', { count: compact(count) })}</span>}
              </p>
              {rating && (
                <p className="bots-hero__rating">
                  <RatingStars value={rating.rating} label={t('botInfo.rating.summary', { rating: rating.rating, count: compact(rating.rating_count) })} />
                  <span aria-hidden="true">{t('botInfo.rating.summary', { rating: rating.rating, count: compact(rating.rating_count) })}</span>
                </p>
              )}
              {blocked && <p className="bots-notice" role="note">{t('botInfo.blockedNotice')}</p>}
              {archived && !blocked && <p className="bots-notice" role="note">{t('botInfo.archivedNotice')}</p>}
              {muted && <p className="bots-muted">{till === Number.POSITIVE_INFINITY ? t('botInfo.mutedForever') : t('botInfo.mutedUntil', { time: intl.formatDate(till ?? now, { dateStyle: 'medium', timeStyle: 'short' }) })}</p>}
              <Button block onClick={() => void navigate({ to: '/chat/$botUuid', params: { botUuid } })}>{t('botInfo.openChat')}</Button>
            </section>

            <section className="bots-card" aria-labelledby="actions-heading">
              <h2 id="actions-heading" className="bots-card__title">{t('botInfo.actions')}</h2>
              <div className="bots-actions">
                <Button variant="secondary" aria-pressed={pinned} onClick={() => void act({ kind: pinned ? 'unpin' : 'pin' })}>{t(pinned ? 'botInfo.unpin' : 'botInfo.pin')}</Button>
                <Button variant="secondary" onClick={() => (muted ? void act({ kind: 'unmute' }) : setSheet('mute'))}>{t(muted ? 'botInfo.unmute' : 'botInfo.mute')}</Button>
                <Button variant="secondary" onClick={() => void act({ kind: archived ? 'unarchive' : 'archive' })}>{t(archived ? 'botInfo.unarchive' : 'botInfo.archive')}</Button>
                <Button variant="secondary" onClick={() => void (blocked ? act({ kind: 'unblock' }) : block())}>{t(blocked ? 'botInfo.unblock' : 'botInfo.block')}</Button>
                <Button variant="danger" onClick={() => setSheet('report')}>{t('botInfo.report')}</Button>
              </div>
              {error && <p className="bots-error" role="alert">{error}</p>}
            </section>

            <section className="bots-card" aria-labelledby="rate-heading">
              <h2 id="rate-heading" className="bots-card__title">{t('botInfo.rating.yours')}</h2>
              <RatingStars value={rating?.user_rating ?? 0} label={t('botInfo.rating.yours')} onRate={(n) => void rateBot(botUuid, n)} />
            </section>

            {profile?.onboarding && (
              <section className="bots-card bots-onboarding" aria-labelledby="onboarding-heading">
                <Avatar name={profile.onboarding.name} src={profile.onboarding.photo} />
                <div>
                  <h2 id="onboarding-heading" className="bots-card__title">{t('botInfo.onboarding.heading')}</h2>
                  <p className="bots-muted">{t('botInfo.onboarding.joined', { count: compact(profile.onboarding.subscriber_count), name: profile.onboarding.name })}</p>
                </div>
              </section>
            )}

            <nav className="bots-card bots-links" aria-label={t('botInfo.title')}>
              {catalog && (
                <Link to="/catalog" search={{ bot: botUuid, catalog: catalog.catalog_id }} className="bots-link">
                  <span>{t('botInfo.catalogue')}</span>
                  <span className="bots-muted">{catalog.name}</span>
                </Link>
              )}
              <Link to="/bot-faq" search={{ bot: botUuid }} className="bots-link">
                <span>{t('botInfo.faqs')}</span>
                {profile?.faqs && <span className="bots-muted">{t('botInfo.faqs.count', { count: profile.faqs.length })}</span>}
              </Link>
              <Link to="/bot-review" search={{ bot: botUuid }} className="bots-link">
                <span>{t('botInfo.reviews.open')}</span>
                {reviewsTotal !== null && <span className="bots-muted">{compact(reviewsTotal)}</span>}
              </Link>
            </nav>
          </>
        )}
      </main>
      {sheet === 'mute' && <MuteSheet onClose={() => setSheet(null)} onChoose={(d) => { setSheet(null); void act({ kind: 'mute', mute_duration: d }); }} />}
      {sheet === 'report' && (
        <ReportDialog
          botUuid={botUuid}
          name={name}
          onClose={() => setSheet(null)}
          onSent={(queued) => {
            setSheet(null);
            setReported({ id: Date.now(), text: t(queued ? 'report.queued' : 'report.sent', { name }) });
          }}
        />
      )}
      {reported && <Toast key={reported.id} message={reported.text} onDone={clearReported} durationMs={5000} />}
      <ActionToast />
    </div>
  );
}
