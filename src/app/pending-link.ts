// A link into the app that must wait for sign-in: the /loading route (which short links of
// dynamic-link/create-link open), or any screen's address the app was opened at by someone not
// signed in yet (a shared /chat/<bot> link). Kept in this tab's sessionStorage while the visitor
// signs in and onboards, then opened in place of the home screen, once (forgotten when the app
// lands on any screen past sign-in). Only paths isAppRouteLink accepts are
// kept or opened, so nothing here can send a user off the app.
import { isAppRouteLink } from '../domain/app-routes';

const KEY = 'pending-link';

/** The app link a /loading `to` names, or the home screen for anything else. */
export function linkTarget(to: unknown): string {
  // not /loading itself: a link to a link would go round
  return typeof to === 'string' && isAppRouteLink(to) && !/^\/loading(\?|$)/.test(to) ? to : '/home';
}

export function rememberLink(link: string): void {
  try {
    if (isAppRouteLink(link)) sessionStorage.setItem(KEY, link);
  } catch {
    // storage refused (a private mode): the user lands on the home screen instead
  }
}

/** The screens a visitor goes through to sign in: an entry there is no link to come back to. */
const SIGN_IN_SCREENS: ReadonlySet<string> = new Set(['/', '/otp-verification', '/onboarding', '/loading']);

/** The address the app was opened at, kept when it is a screen of the app behind sign-in. */
export function keepEntryLink(pathname: string, search: string): void {
  if (SIGN_IN_SCREENS.has(pathname)) return;
  rememberLink(`${pathname}${search}`);
}

/**
 * The link kept for after sign-in, or null. Reading it does not remove it: the route guard that
 * opens it may run twice while its redirect is under way (a second auth change re-runs the
 * guards), and the second run must find the same link, not send the user home. It is removed
 * once the app lands on a screen past sign-in (landedAt), so it opens once.
 */
export function pendingLink(): string | null {
  try {
    const link = sessionStorage.getItem(KEY);
    if (link === null) return null;
    if (isAppRouteLink(link)) return link;
    sessionStorage.removeItem(KEY);
    return null;
  } catch {
    return null;
  }
}

/** The router has landed on `pathname`: past the sign-in screens, the kept link has had its turn. */
export function landedAt(pathname: string): void {
  if (SIGN_IN_SCREENS.has(pathname)) return;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // no storage: nothing was kept
  }
}

/** An app link as the router's `to` and `search` (search values as plain strings, src/app/search-params.ts). */
export function routerTarget(link: string): { to: string; search: Record<string, string> } {
  const [path = '/home', query = ''] = link.split('?', 2);
  return { to: path, search: Object.fromEntries(new URLSearchParams(query)) };
}
