// /bot-review?bot=…: the reviews (newest or most helpful first, in pages), votes, and the user's
// own review to write, edit or delete. Reads the cached pages offline; edits are queued. A blank
// review is stopped under its field (reviewProblem); a posted one is in the list at once (the
// command puts it at the head of the cached pages; the list shows the user's own as 'You').
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { deleteReview, loadBotProfile, loadBotReviews, submitReview, useBot, useBotActions, useBotProfile, voteReview } from '../../db/ui-surface';
import { REVIEW_MAX_CHARS, REVIEW_SORTS, reviewProblem, type ReviewSort } from '../../domain/bot-rules';
import { Button } from '../../ui/button';
import { useOnline } from '../shared/use-online';
import { ActionToast } from './action-toast';
import { PageHeader } from './page-header';
import { ReviewItem } from './review-item';
import { useBotParam } from './use-bot-param';
import './bots.css';
import { useT } from '../shared/use-t';

export default function BotReviewScreen() {
  const intl = useIntl();
  const t = useT();
  const botUuid = useBotParam();
  const online = useOnline();
  const { profile } = useBotProfile(botUuid);
  const queue = useBotActions().doc.queue;
  const bot = useBot(botUuid).value;
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [blank, setBlank] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const id = useId();

  useEffect(() => {
    if (!botUuid || !online) return;
    void loadBotProfile(botUuid);
  }, [botUuid, online]);
  useEffect(() => {
    if (botUuid && online) void loadBotReviews(botUuid, sort, 0);
  }, [botUuid, sort, online]);

  const name = profile?.details?.name || bot?.name || '';
  const page = profile?.reviews[sort];
  const mine = profile?.myReview ?? null;
  const pendingIds = new Set(queue.filter((a) => a.bot_uuid === botUuid && a.kind === 'vote').map((a) => (a.kind === 'vote' ? a.review_uuid : '')));
  const myPending = queue.some((a) => a.bot_uuid === botUuid && (a.kind === 'submit-review' || a.kind === 'delete-review'));
  const list = page?.list ?? [];

  const post = async () => {
    setError(null);
    if (reviewProblem(draft) === 'empty') {
      setBlank(true);
      return;
    }
    const result = await submitReview(botUuid, draft);
    if (!result.ok) {
      if (result.error.textId) setError(intl.formatMessage({ id: result.error.textId }));
      return;
    }
    setEditing(false);
  };
  const more = async () => {
    if (!page) return;
    setLoadingMore(true);
    await loadBotReviews(botUuid, sort, page.list.length);
    setLoadingMore(false);
  };

  return (
    <div className="bots-page">
      <PageHeader title={t('review.title', { name })} />
      <main className="bots-main">
        <section className="bots-card" aria-labelledby={`${id}-mine`}>
          <h2 id={`${id}-mine`} className="bots-card__title">{t('review.yours')}</h2>
          {!editing && mine && (
            <>
              <p className="bots-review__text" data-testid="my-review">{mine.review}</p>
              {myPending && <p className="bots-muted">{t('review.waiting')}</p>}
              <div className="bots-actions">
                <Button variant="secondary" onClick={() => { setDraft(mine.review); setEditing(true); }}>{t('review.edit')}</Button>
                <Button variant="danger" onClick={() => void deleteReview(botUuid)}>{t('review.delete')}</Button>
              </div>
            </>
          )}
          {!editing && !mine && <Button variant="secondary" onClick={() => { setDraft(''); setEditing(true); }}>{t('review.write')}</Button>}
          {editing && (
            <div className="bots-review-form">
              <label className="visually-hidden" htmlFor={`${id}-text`}>{t('review.yours')}</label>
              <textarea id={`${id}-text`} className="bots-report__text" rows={4} maxLength={REVIEW_MAX_CHARS} value={draft}
                aria-invalid={blank || undefined} aria-describedby={blank ? `${id}-blank` : undefined}
                onChange={(e) => { setDraft(e.target.value); setBlank(false); }} />
              {blank && <p id={`${id}-blank`} className="bots-error" role="alert">{t('review.emptyError')}</p>}
              <span className="bots-muted" aria-hidden="true">{draft.length}/{REVIEW_MAX_CHARS}</span>
              {error && <p className="bots-error" role="alert">{error}</p>}
              <div className="bots-actions">
                <Button variant="secondary" onClick={() => { setEditing(false); setBlank(false); }}>{t('botInfo.cancel')}</Button>
                <Button onClick={() => void post()}>{t('review.post')}</Button>
              </div>
            </div>
          )}
        </section>

        <section className="bots-card" aria-labelledby={`${id}-all`}>
          <div className="bots-card__row">
            <h2 id={`${id}-all`} className="bots-card__title">{t('botInfo.reviews')}{page ? ` (${page.total})` : ''}</h2>
            <div className="bots-sort" role="radiogroup" aria-label={t('review.sort')}>
              {REVIEW_SORTS.map((s) => (
                <button key={s} type="button" role="radio" aria-checked={sort === s} className="bots-sort__option" onClick={() => setSort(s)}>
                  {t(`review.sort.${s}`)}
                </button>
              ))}
            </div>
          </div>
          {!online && <p className="bots-muted">{t('review.offline')}</p>}
          {!page && <p className="bots-muted">{t('botInfo.notLoaded')}</p>}
          {page && list.length === 0 && <p className="bots-muted">{t('review.empty')}</p>}
          <ul className="bots-review-list">
            {list.map((r) => (
              <li key={r.mine ? 'mine' : r.review_uuid}>
                <ReviewItem review={r} waiting={r.mine ? myPending : pendingIds.has(r.review_uuid)} onVote={(v) => void voteReview(botUuid, r.review_uuid, v)} />
              </li>
            ))}
          </ul>
          {page && page.list.length < page.total && online && (
            <Button variant="secondary" pending={loadingMore} onClick={() => void more()}>{t('review.more')}</Button>
          )}
        </section>
      </main>
      <ActionToast />
    </div>
  );
}
