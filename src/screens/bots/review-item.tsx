// One review with its up and down votes (the user's own vote shown pressed; one's own review
// cannot be voted on).
import { useIntl } from 'react-intl';
import type { Review } from '../../api/bot-profile-contract';

function Thumb({ down }: { down?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" style={down ? { transform: 'rotate(180deg)' } : undefined}>
      <path d="M7 11v9H4v-9zM7 11l4-8c1.5 0 2.5 1 2.2 2.6L12.6 9H19a2 2 0 0 1 2 2.3l-1.2 7A2 2 0 0 1 17.8 20H7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}

export function ReviewItem({ review, onVote, waiting }: { review: Review; onVote: (vote: 1 | -1) => void; waiting: boolean }) {
  const intl = useIntl();
  const who = review.mine ? intl.formatMessage({ id: 'review.you' }) : review.name;
  return (
    <article className="bots-review" aria-label={who}>
      <header className="bots-review__head">
        <span className="bots-review__who">{who}</span>
        <time className="bots-muted" dateTime={new Date(review.updated_at).toISOString()}>{intl.formatDate(review.updated_at, { dateStyle: 'medium' })}</time>
      </header>
      <p className="bots-review__text">{review.review}</p>
      {waiting && <p className="bots-muted">{intl.formatMessage({ id: 'review.waiting' })}</p>}
      <div className="bots-review__votes">
        <button type="button" className="bots-vote" aria-pressed={review.user_vote === 1} disabled={review.mine} onClick={() => onVote(1)}
          aria-label={intl.formatMessage({ id: 'review.up' }, { count: review.upvotes })}>
          <Thumb /> <span aria-hidden="true">{review.upvotes}</span>
        </button>
        <button type="button" className="bots-vote" aria-pressed={review.user_vote === -1} disabled={review.mine} onClick={() => onVote(-1)}
          aria-label={intl.formatMessage({ id: 'review.down' }, { count: review.downvotes })}>
          <Thumb down /> <span aria-hidden="true">{review.downvotes}</span>
        </button>
      </div>
    </article>
  );
}
