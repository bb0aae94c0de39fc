// Work that can start before the database is open: the opening screen's code and the messages
// of the language used last time. Both are only hints: a wrong guess costs one small download.
import { loadBootMessages, loadMessages } from '../i18n/load-messages';
import { isScreenPath, SCREEN_CHUNKS } from './screen-chunks';

// public/boot-warm.js reads the same key (a plain script: it cannot import this one)
const LANGUAGE_HINT_KEY = 'ui.language-hint';

/** Remembers the UI language for the next boot's preload (RxDB stays the source of truth). */
export function rememberLanguageHint(code: string): void {
  try {
    localStorage.setItem(LANGUAGE_HINT_KEY, code);
  } catch {
    /* storage blocked: no hint next time */
  }
}

/** The UI language of the last run, or null when none was stored (a first visit, or storage blocked). */
export function storedLanguageHint(storage?: Pick<Storage, 'getItem'>): string | null {
  try {
    return (storage ?? localStorage).getItem(LANGUAGE_HINT_KEY);
  } catch {
    return null;
  }
}

/**
 * Starts the downloads; resolves when both are in (or failed: they are only hints). A signed-out
 * start needs only the login route's part of the messages (src/i18n/boot-messages.ts).
 */
export function preloadForBoot(signedOut: boolean): Promise<void> {
  const language = storedLanguageHint() ?? 'en';
  const messages = (signedOut ? loadBootMessages(language) : loadMessages(language)).catch(() => undefined);
  const path = window.location.pathname;
  // Literal paths only. A start on /chat/{bot} fetching the thread's code here as well was tried
  // (2026-11-29, bench "thread-open", 3 runs each way): 395-399 ms against 343-407 ms, no gain;
  // evaluating it this early competes with the database's open on the main thread.
  const screen = isScreenPath(path) ? SCREEN_CHUNKS[path]().catch(() => undefined) : undefined;
  return Promise.all([messages, screen]).then(() => undefined);
}
