// The signed-in shell's lazy parts (off the login route: report-size.ts): the feature gate around
// every signed-in screen (issue 18) and the notifications host. A signed-in start preloads them
// with the database (main.tsx), so the first screen renders without suspending (preloadable.ts).
// Also home's Feed tab (its own chunk, with the feed's code): preloaded on a start into that tab.
import { preloadable } from './preloadable';

const gatedOutlet = preloadable(() => import('./gated-outlet').then((m) => m.GatedOutlet));
const notificationsHost = preloadable(() => import('./notifications-host').then((m) => m.NotificationsHost));

const feedPanel = preloadable(() => import('../screens/feed/feed-panel').then((m) => m.default));

export const GatedOutlet = gatedOutlet.Component;
export const NotificationsHost = notificationsHost.Component;
export const FeedPanel = feedPanel.Component;

/** Resolves once both are in, or one failed (the lazy path then shows the error on render). */
export function preloadSignedInShell(): Promise<void> {
  return Promise.all([gatedOutlet.preload(), notificationsHost.preload()]).then(
    () => undefined,
    () => undefined,
  );
}

/** The Feed tab's panel, for a start on /home with that tab stored as the open one (main.tsx). */
export function preloadFeedPanel(): Promise<void> {
  return feedPanel.preload().catch(() => undefined);
}
