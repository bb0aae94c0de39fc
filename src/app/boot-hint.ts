// Whether this boot may render before the database is open: a signed-out start shows the login
// screen on a guess and starts the data client (RxDB, the sync worker) after it, so the login
// route's JavaScript leaves the database out (the 150 KB goal, scripts/report-size.ts). The hint
// is a copy of where the last run's auth state pointed, kept outside RxDB because reading RxDB is
// what it saves; RxDB stays the source of truth: when the client comes and says otherwise
// (another tab signed in meanwhile), the routes follow it.
import { isLanguageCode } from '../domain/language-codes';
import { appLanguageFor } from '../db/defaults';
import type { AppLanguageDoc } from '../db/local-docs';
import type { AuthSnapshot } from './route-guards';
import { storedLanguageHint } from './boot-preload';

const BOOT_HINT_KEY = 'ui.boot-hint';
const SIGNED_OUT = 'signed-out';

/** localStorage, or a stand-in in tests. */
export type HintStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Called with every auth state the app routes on. */
export function rememberBootHint(auth: AuthSnapshot, storage?: HintStorage): void {
  try {
    // a standalone session is not signed out: its start reads the database (the stored bot opens)
    (storage ?? localStorage).setItem(BOOT_HINT_KEY, !auth.signedIn && !auth.otpRequested && !auth.standaloneBot ? SIGNED_OUT : 'other');
  } catch {
    /* storage blocked: every start reads the database first */
  }
}

/**
 * True when the opening URL is the login route and the device is signed out: the last run said
 * so, or nothing was ever stored (no hint and no language hint, which the app writes on its first
 * render: a first visit). A device that ran an older version without the hint starts normally.
 * `/?botId=<id>` is the standalone entry (router.tsx), not the login screen: it starts normally.
 */
export function isSignedOutStart(pathname: string = window.location.pathname, storage?: HintStorage, search: string = typeof window === 'undefined' ? '' : window.location.search): boolean {
  if (pathname !== '/' || new URLSearchParams(search).has('botId')) return false;
  try {
    const hint = (storage ?? localStorage).getItem(BOOT_HINT_KEY);
    return hint === SIGNED_OUT || (hint === null && storedLanguageHint(storage) === null);
  } catch {
    return false;
  }
}

/** What a signed-out start renders on until the database is read: defaults, in the last run's language. */
export function signedOutGuess(storage?: HintStorage): { 'app-language'?: AppLanguageDoc } {
  const code = storedLanguageHint(storage);
  return isLanguageCode(code) ? { 'app-language': appLanguageFor(code, false) } : {};
}
