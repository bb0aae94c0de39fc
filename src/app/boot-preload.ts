// Work that can start before the database is open: the opening screen's code and the messages
// of the language used last time. Both are only hints: a wrong guess costs one small download.
import { loadMessages } from '../i18n/load-messages';
import { isScreenPath, SCREEN_CHUNKS } from './screen-chunks';

const LANGUAGE_HINT_KEY = 'ui.language-hint';

/** Remembers the UI language for the next boot's preload (RxDB stays the source of truth). */
export function rememberLanguageHint(code: string): void {
  try {
    localStorage.setItem(LANGUAGE_HINT_KEY, code);
  } catch {
    /* storage blocked: no hint next time */
  }
}

function languageHint(): string {
  try {
    return localStorage.getItem(LANGUAGE_HINT_KEY) ?? 'en';
  } catch {
    return 'en';
  }
}

export function preloadForBoot(): void {
  loadMessages(languageHint()).catch(() => undefined);
  const path = window.location.pathname;
  if (isScreenPath(path)) SCREEN_CHUNKS[path]().catch(() => undefined);
}
