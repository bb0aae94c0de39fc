// Where a message's picture goes (card, product, catalogue images) until the media tile (owned
// by the media work) replaces it: a plain box with the caption or the item's name as its text
// alternative. Screens pass their own renderer through `renderImage` props; this is the default.
import type { MediaRef } from '../../api/messages';
import './messages.css';

export function MediaSlot({ media, label }: { media?: MediaRef | undefined; label: string }) {
  if (!media) return null;
  return (
    <div className="msg-media-slot" role="img" aria-label={label}>
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
        <path d="M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      </svg>
    </div>
  );
}
