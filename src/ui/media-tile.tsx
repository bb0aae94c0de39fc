import type { ReactNode } from 'react';
import type { TileState } from '../domain/media-transfer';
import { MEDIA_BUBBLE_EM } from '../domain/constants';
import './media-tile.css';

export interface MediaTileProps {
  state: TileState;
  /** The download button's text ('Download (1.2 MB)', or the retry text after a failure). */
  downloadLabel: string;
  retryLabel: string;
  cancelLabel: string;
  progressLabel: string;
  /** The percent as the user's language writes it. */
  percentText: string;
  onDownload: () => void;
  onCancel: () => void;
  /** The media, once on the device. */
  children: ReactNode;
  /** A wide frame (images, video) or a compact row (audio, documents). */
  shape?: 'frame' | 'row';
  testId?: string;
}

const frameStyle = {
  minWidth: `${MEDIA_BUBBLE_EM.minWidth}em`,
  maxWidth: `${MEDIA_BUBBLE_EM.maxWidth}em`,
  minHeight: `${MEDIA_BUBBLE_EM.minHeight}em`,
};

/**
 * The media tile of spec part 1 §2, §4: a download button (with the file's size), then the
 * progress 0–100 with a cancel button, then the media. After a failed download the button offers
 * a retry (spec §8: progress reset, aborted flag).
 */
export function MediaTile({ state, downloadLabel, retryLabel, cancelLabel, progressLabel, percentText, onDownload, onCancel, children, shape = 'frame', testId }: MediaTileProps) {
  if (state.kind === 'shown') return <div className={`media-tile media-tile--${shape} media-tile--shown`} data-testid={testId} data-state="shown">{children}</div>;
  return (
    <div className={`media-tile media-tile--${shape}`} style={shape === 'frame' ? frameStyle : undefined} data-testid={testId} data-state={state.kind}>
      {state.kind === 'idle' ? (
        <button type="button" className="media-tile__download" onClick={onDownload} aria-label={state.aborted ? retryLabel : downloadLabel}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path d="M12 3v12m0 0-5-5m5 5 5-5M5 20h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" /></svg>
          <span>{state.aborted ? retryLabel : downloadLabel}</span>
        </button>
      ) : (
        <div className="media-tile__progress">
          <div role="progressbar" aria-label={progressLabel} aria-valuemin={0} aria-valuemax={100} aria-valuenow={state.percent} aria-valuetext={percentText} className="media-tile__bar">
            <div className="media-tile__fill" style={{ width: `${state.percent}%` }} />
          </div>
          <span className="media-tile__percent" aria-hidden="true">{percentText}</span>
          <button type="button" className="media-tile__cancel" onClick={onCancel} aria-label={cancelLabel}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20"><path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
          </button>
        </div>
      )}
    </div>
  );
}
