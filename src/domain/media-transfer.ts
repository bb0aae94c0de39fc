// States of a media transfer and of the media tile (spec part 1 §4 "Media": idle, downloading
// 0 to 100 and cancellable, shown; §8: a failed download or upload resets its progress and sets
// the aborted flag). Pure: the engine writes Transfer records, the tile reads them through these.
import { IMAGE_MAX_DIMENSION_PX } from './constants';

export type TransferState = 'running' | 'done' | 'failed';

/** One upload or download as the engine reports it (a local document keyed by media URL or client id). */
export interface Transfer {
  kind: 'upload' | 'download';
  state: TransferState;
  /** bytes moved so far (reset to 0 on failure) */
  loaded: number;
  /** bytes expected; 0 when unknown */
  total: number;
  /** spec §8: set when the transfer failed or was cancelled */
  aborted: boolean;
  /** epoch ms of the last change */
  at: number;
}

export type TransferEvent =
  | { type: 'start'; total: number; at: number }
  | { type: 'progress'; loaded: number; total?: number; at: number }
  | { type: 'done'; at: number }
  | { type: 'fail'; at: number };

/** The next record after `event`. A finished transfer only restarts with 'start'. */
export function nextTransfer(current: Transfer | null, kind: Transfer['kind'], event: TransferEvent): Transfer {
  switch (event.type) {
    case 'start':
      return { kind, state: 'running', loaded: 0, total: Math.max(0, event.total), aborted: false, at: event.at };
    case 'progress': {
      if (!current || current.state !== 'running') return current ?? { kind, state: 'running', loaded: 0, total: 0, aborted: false, at: event.at };
      const total = event.total !== undefined && event.total > 0 ? event.total : current.total;
      // progress never goes backwards within one attempt
      return { ...current, loaded: Math.max(current.loaded, event.loaded), total, at: event.at };
    }
    case 'done': {
      const total = current?.total || current?.loaded || 0;
      return { kind, state: 'done', loaded: total, total, aborted: false, at: event.at };
    }
    case 'fail':
      return { kind, state: 'failed', loaded: 0, total: current?.total ?? 0, aborted: true, at: event.at };
  }
}

/** Whole percent 0..100 of a transfer (0 while the size is unknown). */
export function percentOf(t: Pick<Transfer, 'loaded' | 'total' | 'state'> | null): number {
  if (!t) return 0;
  if (t.state === 'done') return 100;
  if (t.total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((t.loaded / t.total) * 100)));
}

/** Whether a progress report is worth a write: a new whole percent, or the end. */
export function worthReporting(previousPercent: number, loaded: number, total: number): boolean {
  if (total <= 0) return false;
  return Math.floor((loaded / total) * 100) !== previousPercent;
}

export type TileState =
  | { kind: 'idle'; aborted: boolean }
  | { kind: 'downloading'; percent: number }
  | { kind: 'shown' };

/**
 * What the media tile shows: the media once its bytes are on the device; the progress while a
 * download runs; else the download button (with the aborted flag after a failure, so a retry is offered).
 */
export function tileState(cached: boolean, transfer: Transfer | null): TileState {
  if (cached) return { kind: 'shown' };
  if (transfer?.kind === 'download' && transfer.state === 'running') return { kind: 'downloading', percent: percentOf(transfer) };
  return { kind: 'idle', aborted: transfer?.state === 'failed' };
}

/**
 * Size of an image scaled so its longer side is at most `max` (spec part 1 §5, §9): the same size
 * when it already fits. Whole pixels, never 0.
 */
export function scaledSize(width: number, height: number, max: number = IMAGE_MAX_DIMENSION_PX): { width: number; height: number; scaled: boolean } {
  const longer = Math.max(width, height);
  if (longer <= max || longer <= 0) return { width, height, scaled: false };
  const ratio = max / longer;
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)), scaled: true };
}

/** Local key (in the media cache) of a file chosen for upload, before the server gave it a media_uuid. */
export const LOCAL_MEDIA_PREFIX = '/local-media/';
export const localMediaKey = (clientId: string): string => `${LOCAL_MEDIA_PREFIX}${clientId}`;
export const isLocalMedia = (url: string): boolean => url.startsWith(LOCAL_MEDIA_PREFIX);

/** An outgoing media message still needs its upload when the server has not yet named its file. */
export function needsUpload(payload: { type: string; media?: { media_uuid?: string } }): boolean {
  return (payload.type === 'image' || payload.type === 'video' || payload.type === 'audio' || payload.type === 'document')
    && !payload.media?.media_uuid;
}
