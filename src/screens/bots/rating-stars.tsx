// Five stars: read-only (the average) or a radio group (the user's own rating).
import { useIntl } from 'react-intl';

function Star({ fill }: { fill: number }) {
  const id = `star-${Math.round(fill * 100)}`;
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id}>
          <stop offset={`${fill * 100}%`} stopColor="currentColor" />
          <stop offset={`${fill * 100}%`} stopColor="transparent" />
        </linearGradient>
      </defs>
      <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" fill={`url(#${id})`} stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
    </svg>
  );
}

export function RatingStars({ value, label, onRate }: { value: number; label: string; onRate?: (n: number) => void }) {
  const intl = useIntl();
  if (!onRate) {
    return (
      <span className="bots-stars" role="img" aria-label={label}>
        {[1, 2, 3, 4, 5].map((n) => <Star key={n} fill={Math.max(0, Math.min(1, value - n + 1))} />)}
      </span>
    );
  }
  return (
    <div className="bots-stars bots-stars--input" role="radiogroup" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === n}
          className="bots-stars__button"
          aria-label={intl.formatMessage({ id: 'botInfo.rating.star' }, { n })}
          onClick={() => onRate(n)}
        >
          <Star fill={n <= value ? 1 : 0} />
        </button>
      ))}
    </div>
  );
}
