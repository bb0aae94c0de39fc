// Titles of media in a bubble (spec part 1 §5 and §9): audio titles are cut at 22 characters and
// document names at 30 (27 kept plus an ellipsis). The spec's "27 plus ellipsis" makes 30 only with
// a three-character ellipsis, so both use '...'. Characters are code points.
import { AUDIO_TITLE_MAX_CHARS, DOCUMENT_NAME_KEPT_CHARS, DOCUMENT_NAME_MAX_CHARS } from './constants';

export const TITLE_ELLIPSIS = '...';

/** An audio title of more than 22 characters: its first 22 and '...'. */
export function audioTitle(name: string): string {
  const chars = Array.from(name);
  return chars.length > AUDIO_TITLE_MAX_CHARS ? chars.slice(0, AUDIO_TITLE_MAX_CHARS).join('') + TITLE_ELLIPSIS : name;
}

/** A document name of more than 30 characters: its first 27 and '...' (30 in all). */
export function documentName(name: string): string {
  const chars = Array.from(name);
  return chars.length > DOCUMENT_NAME_MAX_CHARS ? chars.slice(0, DOCUMENT_NAME_KEPT_CHARS).join('') + TITLE_ELLIPSIS : name;
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A file size as a bubble shows it: '0 B', '820 B', '1.2 KB', '64 MB' (binary units, one decimal below 10). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value).toString() : (Math.round(value * 10) / 10).toString();
  return `${shown} ${UNITS[unit]}`;
}
