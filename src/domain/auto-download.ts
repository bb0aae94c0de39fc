// The auto-download setting (spec part 1 §3): any of Photo, Audio, Video, stored as a comma list,
// Photo only by default. Unknown words in a stored value are ignored.
import { AUTO_DOWNLOAD_KINDS } from './constants';

export type AutoDownloadKind = (typeof AUTO_DOWNLOAD_KINDS)[number];

export const DEFAULT_AUTO_DOWNLOAD = 'Photo';

export function parseAutoDownload(value: string): AutoDownloadKind[] {
  const set = new Set(value.split(',').map((s) => s.trim()));
  return AUTO_DOWNLOAD_KINDS.filter((k) => set.has(k));
}

/** The stored value with `kind` turned on or off, in the spec's order. */
export function toggleAutoDownload(value: string, kind: AutoDownloadKind): string {
  const kinds = parseAutoDownload(value);
  const next = kinds.includes(kind) ? kinds.filter((k) => k !== kind) : [...kinds, kind];
  return AUTO_DOWNLOAD_KINDS.filter((k) => next.includes(k)).join(',');
}

/** Whether media of this content type downloads by itself under the setting. */
export function autoDownloads(value: string, contentType: string): boolean {
  const kinds = parseAutoDownload(value);
  const major = contentType.split('/')[0];
  return (major === 'image' && kinds.includes('Photo')) || (major === 'audio' && kinds.includes('Audio')) || (major === 'video' && kinds.includes('Video'));
}
