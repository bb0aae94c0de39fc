// The service worker (DESIGN.md §2): precache and runtime caches (routes.ts), background sync of
// the outbox (background-sync.ts), push notifications (push.ts), and the update rule.
//
// Update rule (spec part 1 §4 "app update"): a new version installs and then
// WAITS. It never calls skipWaiting on its own: the page asks for it (SKIP_WAITING) once the
// user accepted the update dialog and the outbox is empty (applyUpdateWhenIdle in
// src/app/service-worker.ts), so a version never takes over pages with sends in flight.
import { clientsClaim } from 'workbox-core';
import type { PrecacheEntry } from 'workbox-precaching';
import { SKIP_WAITING_MESSAGE } from '../src/domain/constants';
import { registerBackgroundSync } from './background-sync';
import { registerPushHandlers } from './push';
import { registerCachingRoutes } from './routes';
import { registerStaticRoutes } from './static-routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

registerCachingRoutes(self, self.__WB_MANIFEST);
registerStaticRoutes(self);
registerBackgroundSync(self);

registerPushHandlers(self);

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  const type = typeof data === 'object' && data !== null && 'type' in data ? data.type : data;
  if (type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

// Once active (the first install, or an update the page let in), control the open pages at
// once: the first visit is then already served offline-ready, and after an update every tab
// runs the new version (the page reloads on controllerchange).
clientsClaim();
