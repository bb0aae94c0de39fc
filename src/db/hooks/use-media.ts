// Hooks of the media tile, the pending upload bubble, youtube titles and the attachment menu.
import { useEffect, useState } from 'react';
import type { Transfer } from '../../domain/media-transfer';
import { sharedMediaStore } from '../media-cache';
import { useLocalDoc } from './use-local-doc';

/** The transfer of one media URL (download) or client message id (upload), as the engine reports it. */
export function useMediaTransfer(key: string): Transfer | null {
  const { doc } = useLocalDoc('media-transfers');
  return doc?.[key] ?? null;
}

export interface MediaFile {
  /** false until the media cache was checked */
  checked: boolean;
  /** an object URL of the cached bytes (revoked on change and unmount); null when not on the device */
  objectUrl: string | null;
  size: number | null;
}

/**
 * The device's copy of a media file, as an object URL. Checked again when `version` changes (the
 * tile passes the transfer's state, so a finished download shows at once).
 */
export function useMediaFile(url: string | null, version: string = ''): MediaFile {
  const [file, setFile] = useState<MediaFile>({ checked: false, objectUrl: null, size: null });
  useEffect(() => {
    if (!url) {
      setFile({ checked: true, objectUrl: null, size: null });
      return undefined;
    }
    let cancelled = false;
    let objectUrl: string | null = null;
    void sharedMediaStore().get(url).then((stored) => {
      if (cancelled) return;
      if (!stored) {
        setFile({ checked: true, objectUrl: null, size: null });
        return;
      }
      objectUrl = URL.createObjectURL(stored.blob);
      setFile({ checked: true, objectUrl, size: stored.blob.size });
    }).catch(() => {
      if (!cancelled) setFile({ checked: true, objectUrl: null, size: null });
    });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, version]);
  return file;
}

/** The cached title of a link; undefined while unknown. */
export function useLinkTitle(url: string): string | undefined {
  const { doc } = useLocalDoc('link-titles');
  return doc?.[url]?.title;
}

/** Whether the bot accepts user media (spec part 1 §6), once its configuration was fetched. */
export function useBotConfig(botUuid: string): { loaded: boolean; allowUserMedia: boolean | null } {
  const { loaded, doc } = useLocalDoc('bot-configs');
  return { loaded, allowUserMedia: doc?.[botUuid]?.allow_user_media ?? null };
}
