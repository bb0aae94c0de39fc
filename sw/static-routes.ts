// The Service Worker Static Routing API (Chromium 123+; InstallEvent.addRoutes): the build's
// hashed files under /assets/ are read by the browser straight from Cache Storage, without
// starting this worker or running a fetch handler for each one. A signed-in start fetches ~35
// chunks; through the fetch handler on a 2-core machine they took 100 → 340 ms to arrive, one
// at a time on this worker's thread (bench/README.md "cold-start").
//
// Why it is safe: every file under /assets/ (outside assets/lazy/) carries a content hash in its
// name and is precached under its own URL (workbox's revision null), so a cache hit is always
// the right bytes, as the precache route would have answered. A miss (a first visit before the
// precache is written) goes to the network, which is what the precache route does on a miss.
// assets/lazy/ stays with the fetch handler: its CacheFirst route is what puts a file into its
// cache on first use. Browsers without the API ignore all this and keep the fetch handler.

/** The routes, in order: the first whose condition matches decides. */
export const STATIC_ROUTES = [
  { condition: { urlPattern: '/assets/lazy/*', requestMethod: 'GET' }, source: 'fetch-event' },
  { condition: { urlPattern: '/assets/*', requestMethod: 'GET' }, source: 'cache' },
] as const;

type Route = (typeof STATIC_ROUTES)[number];
/** The part of InstallEvent this needs (not in TypeScript's WebWorker lib yet). */
interface RoutableInstallEvent { addRoutes?: (routes: Route[]) => Promise<void> }

export function registerStaticRoutes(sw: Pick<ServiceWorkerGlobalScope, 'addEventListener'>): void {
  sw.addEventListener('install', (event) => {
    const routable = event as ExtendableEvent & RoutableInstallEvent;
    if (typeof routable.addRoutes !== 'function') return;
    // A browser that rejects a rule (an older one without the 'cache' source) keeps serving
    // through the fetch handler: the install must not fail over an optimisation.
    event.waitUntil(routable.addRoutes([...STATIC_ROUTES]).catch(() => undefined));
  });
}
