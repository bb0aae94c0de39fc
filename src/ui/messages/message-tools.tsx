// The small tools under a bot message: rate it (thumbs up/down or 1–5 stars when it asks to be
// rated) and save it. Rating: thumbs up sends 1, thumbs down -1 (the spec names the call and
// rating_type only; this app's server accepts 1/-1 for thumbs and 1..5 for stars). A rated
// message shows its rating and takes no second one. Save is a small bookmark button (its name
// is spoken), so every bot message can be saved without a row of words under each.
import './messages.css';

export interface MessageToolsProps {
  ratingType: 'thumbs' | 'stars' | null;
  /** The rating given (from the message's is_rated / a queued rating), or null. */
  rating: number | null;
  saved: boolean;
  labels: { group: string; up: string; down: string; star: (n: number) => string; save: string; saved: string };
  onRate: (rating: number) => void;
  onSave: () => void;
}

export function MessageTools({ ratingType, rating, saved, labels, onRate, onSave }: MessageToolsProps) {
  const rated = rating !== null;
  return (
    <div className="msg-tools" role="group" aria-label={labels.group}>
      {ratingType === 'thumbs' && (
        <>
          <button type="button" className="msg-tool" aria-pressed={rating === 1} disabled={rated} onClick={() => onRate(1)} aria-label={labels.up} title={labels.up}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="M7 11v9H4v-9zM7 11l4-7c1.5 0 2.5 1 2.2 2.6L12.6 10H19a2 2 0 0 1 2 2.3l-1.2 6A2 2 0 0 1 17.8 20H7" fill={rating === 1 ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" /></svg>
          </button>
          <button type="button" className="msg-tool" aria-pressed={rating === -1} disabled={rated} onClick={() => onRate(-1)} aria-label={labels.down} title={labels.down}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="M17 13V4h3v9zM17 13l-4 7c-1.5 0-2.5-1-2.2-2.6l.6-3.4H5a2 2 0 0 1-2-2.3l1.2-6A2 2 0 0 1 6.2 4H17" fill={rating === -1 ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" /></svg>
          </button>
        </>
      )}
      {ratingType === 'stars' &&
        [1, 2, 3, 4, 5].map((n) => (
          <button key={n} type="button" className="msg-tool msg-tool--star" aria-pressed={rating !== null && n <= rating} disabled={rated} onClick={() => onRate(n)} aria-label={labels.star(n)} title={labels.star(n)}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" fill={rating !== null && n <= rating ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" /></svg>
          </button>
        ))}
      <button type="button" className="msg-tool msg-tool--save" aria-pressed={saved} disabled={saved} onClick={onSave} aria-label={saved ? labels.saved : labels.save} title={saved ? labels.saved : labels.save}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><path d="M6 3h12v18l-6-4-6 4z" fill={saved ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" /></svg>
      </button>
    </div>
  );
}
