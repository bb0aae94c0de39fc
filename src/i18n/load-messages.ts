// Loads the messages of ONE locale on demand. Each locale file is its own dynamic import, so the
// bundler emits one chunk per locale (named en-*.js, hi-*.js, ...) and the login route downloads
// only the chosen one. The service worker precaches all five for offline starts (DESIGN.md §2).
import type { MessageFormatElement } from 'react-intl';
import { resolveLanguageCode, type LanguageCode } from '../domain/language-codes';

/** A flat map of message id to ICU message text, or to its parsed form: the build precompiles
 *  the locale files (vite.config.ts), while tests read the JSON as text. react-intl takes both. */
export type Messages = Readonly<Record<string, string>> | Readonly<Record<string, MessageFormatElement[]>>;

/** The ids of en.json, the source locale (type only: nothing is bundled by this line). */
export type MessageId = Extract<keyof typeof import('./messages/en.json'), string>;

type Loader = () => Promise<{ default: Record<string, string> }>;

// Literal paths (not a template) so each locale is a separate, predictable chunk.
const LOADERS: Readonly<Record<LanguageCode, Loader>> = {
  en: () => import('./messages/en.json'),
  hi: () => import('./messages/hi.json'),
  gu: () => import('./messages/gu.json'),
  mr: () => import('./messages/mr.json'),
  te: () => import('./messages/te.json'),
};

// The same files cut to the login route's ids (boot-messages.ts; the build does the cut, tests
// read the whole file): a signed-out first visit shows its login screen with these.
const BOOT_LOADERS: Readonly<Record<LanguageCode, Loader>> = {
  en: () => import('./messages/en.json?boot'),
  hi: () => import('./messages/hi.json?boot'),
  gu: () => import('./messages/gu.json?boot'),
  mr: () => import('./messages/mr.json?boot'),
  te: () => import('./messages/te.json?boot'),
};

const cache = new Map<LanguageCode, Promise<Messages>>();
const bootCache = new Map<LanguageCode, Promise<Messages>>();

function loadOnce(loaders: Readonly<Record<LanguageCode, Loader>>, into: Map<LanguageCode, Promise<Messages>>, locale: LanguageCode): Promise<Messages> {
  let pending = into.get(locale);
  if (!pending) {
    pending = loaders[locale]().then((m) => Object.freeze({ ...m.default }));
    into.set(locale, pending);
    pending.catch(() => into.delete(locale));
  }
  return pending;
}

/**
 * The messages of `code` (unknown codes fall back to English). Loaded once per locale; a failed
 * load (offline without a precache) is forgotten so the next call tries again.
 */
export function loadMessages(code: string | null | undefined): Promise<Messages> {
  return loadOnce(LOADERS, cache, resolveLanguageCode(code));
}

/**
 * The login route's messages of `code` (boot-messages.ts): the whole locale when it was already
 * asked for (no second download), else its boot part.
 */
export function loadBootMessages(code: string | null | undefined): Promise<Messages> {
  const locale = resolveLanguageCode(code);
  return cache.get(locale) ?? loadOnce(BOOT_LOADERS, bootCache, locale);
}

/** Whether a locale's messages were already asked for (for tests and preloading decisions). */
export function isMessagesLoadStarted(code: LanguageCode): boolean {
  return cache.has(code);
}
