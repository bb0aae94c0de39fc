// What the service worker answers from its caches (DESIGN.md §2). Every route says why it exists;
// a request no route matches goes to the network untouched.
//
// Deliberately NOT cached: every other /api/ call. Those answers are personal and live (the
// server sends them with `cache-control: no-store`); offline the app reads RxDB instead, which
// the sync engine keeps. /version.json is not cached either: it is how the app learns of an
// update, so a cached copy would hide one.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ICON_CACHE_MAX_ENTRIES, LAZY_ASSET_CACHE_MAX_ENTRIES, MEDIA_CACHE_MAX_AGE_S, MEDIA_CACHE_MAX_ENTRIES, MEDIA_CACHE_NAME } from '../src/domain/constants';

/** The build's precache list (vite-plugin-pwa's injectManifest writes it into self.__WB_MANIFEST). */
export type PrecacheManifest = readonly (PrecacheEntry | string)[];

export function registerCachingRoutes(sw: ServiceWorkerGlobalScope, precache: PrecacheManifest): void {
  // The app shell: index.html, every JS and CSS chunk (all screens, the sync worker, all five
  // locales), the fonts of the Indian scripts, the icons and the manifest, so the app starts with
  // no network at all. Revisions come from the build; a new build replaces what changed.
  precacheAndRoute([...precache]);
  // precaches of older Workbox versions are left behind otherwise
  cleanupOutdatedCaches();

  // Any page of the app (/home, /chat/123 ...) opened offline: the precached index.html, whose
  // router then shows the route. /api and /version.json are never pages, nor the payment
  // provider's own card pages (/sandbox/, issue 15): those must reach the provider, nor the web
  // mini apps' own pages (/apps/, issue 17), which run online in their frame, nor the server's
  // own pages: short links (/l/<id>, resolved by the server into /loading?to=...) and the
  // analytics admin page (/admin/).
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/version\.json$/, /^\/sandbox\//, /^\/apps\//, /^\/l\//, /^\/admin(\/|$)/],
  }));

  const sameOrigin = (url: URL) => url.origin === sw.location.origin;

  // Media of messages (images, audio, files): large, immutable once uploaded, and what a person
  // wants to see again offline. Cache first in the cache the app also writes when it downloads a
  // file (MEDIA_CACHE_NAME), bounded by count and age, and emptied first when storage runs short.
  registerRoute(
    ({ url, request }) => sameOrigin(url) && request.method === 'GET' && url.pathname.startsWith('/api/media/'),
    new CacheFirst({
      cacheName: MEDIA_CACHE_NAME,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: MEDIA_CACHE_MAX_ENTRIES, maxAgeSeconds: MEDIA_CACHE_MAX_AGE_S, purgeOnQuotaError: true }),
      ],
    }),
  );

  // The build's big files few people need (assets/lazy/: pdf.js and its worker, the QR decoder,
  // the Nastaliq font; vite.config.ts says which): not precached, so an install downloads 2.4 MB
  // less; cached the first time they are used, then read offline. Their names carry a content
  // hash, so a cached copy is never stale; old builds' copies leave by count.
  registerRoute(
    ({ url, request }) => sameOrigin(url) && request.method === 'GET' && url.pathname.startsWith('/assets/lazy/'),
    new CacheFirst({
      cacheName: 'lazy-assets',
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: LAZY_ASSET_CACHE_MAX_ENTRIES, purgeOnQuotaError: true }),
      ],
    }),
  );

  // Bot icons: shown in every list, changed rarely. Served from the cache at once (offline too)
  // and refreshed in the background, so a new icon shows on the next visit.
  registerRoute(
    ({ url, request }) => sameOrigin(url) && request.method === 'GET' && url.pathname.startsWith('/icons/'),
    new StaleWhileRevalidate({
      cacheName: 'bot-icons',
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: ICON_CACHE_MAX_ENTRIES, purgeOnQuotaError: true }),
      ],
    }),
  );
}
