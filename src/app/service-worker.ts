// The page's side of the service worker (sw/, DESIGN.md §2), loaded lazily after the first paint
// of a production build (main.tsx), so the login route's JavaScript does not carry it.
//
//  - registers /sw.js (scope /): precache, media cache, background sync, push;
//  - asks for a Background Sync ('outbox-flush') while sends are queued and the page goes
//    offline or away, so the service worker delivers them with no page open;
//  - applyUpdateWhenIdle(): the one way a new version takes over (the update dialog calls it).
import { OUTBOX_SYNC_TAG, SKIP_WAITING_MESSAGE } from '../domain/constants';
import { outboxEmpty, watchQueuedForBackgroundSync } from '../db/outbox-watch';

export const SERVICE_WORKER_URL = '/sw.js';

/** Background Sync's registration API (not in TypeScript's DOM lib). */
interface SyncManagerLike {
  register(tag: string): Promise<void>;
}
type RegistrationWithSync = ServiceWorkerRegistration & { sync?: SyncManagerLike };

let registered: Promise<ServiceWorkerRegistration | null> | null = null;

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Registers the service worker once per page and starts the outbox watch; null where unsupported. */
export function startServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  registered ??= (async () => {
    if (!supported()) return null;
    try {
      // updateViaCache 'none': the browser always asks the server for sw.js itself, so a new
      // version is found on the next check whatever HTTP caches hold
      const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
      watchOutbox(registration);
      return registration;
    } catch (err) {
      // an app that cannot register still works online; it only loses the offline start
      console.warn('service worker registration failed', err);
      return null;
    }
  })();
  return registered;
}

/**
 * While sends or actions are queued, ask for a background sync when the page goes offline or away (hidden,
 * closed): the browser then wakes the service worker once the network is back, tabs or no tabs.
 * Registering the same tag again only merges with the pending one.
 */
function watchOutbox(registration: RegistrationWithSync): void {
  const sync = registration.sync;
  if (!sync) return;
  let queued = 0;
  const request = () => {
    if (queued > 0) sync.register(OUTBOX_SYNC_TAG).catch(() => undefined);
  };
  const away = () => !navigator.onLine || document.visibilityState === 'hidden';
  // a signed-out start registers before its data client has started
  watchQueuedForBackgroundSync().subscribe((n) => {
    queued = n;
    if (away()) request();
  });
  window.addEventListener('offline', request);
  window.addEventListener('pagehide', request);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') request();
  });
}

/** Resolves once `installing` has finished installing (or failed). */
function installed(installing: ServiceWorker): Promise<void> {
  return new Promise<void>((resolve) => {
    const check = () => {
      if (installing.state === 'installed' || installing.state === 'redundant' || installing.state === 'activated') {
        installing.removeEventListener('statechange', check);
        resolve();
      }
    };
    installing.addEventListener('statechange', check);
    check();
  });
}

/**
 * The installed-but-waiting new version; asks the server for one if none is waiting yet. An
 * install under way (a newer version found meanwhile) replaces the waiting worker when it ends,
 * so it is waited for: a skip-waiting sent to the worker it replaces would be lost.
 */
async function waitingWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  if (registration.installing) await installed(registration.installing);
  if (registration.waiting) return registration.waiting;
  await registration.update();
  if (registration.installing) await installed(registration.installing);
  return registration.waiting;
}

export interface ApplyUpdateOptions {
  /** how the page reloads into the new version (tests observe it) */
  reload?: () => void;
}

/**
 * Applies an accepted update (spec part 1 §4 "app update"). Waits until the
 * outbox has no queued send, then lets the waiting service worker take over (SKIP_WAITING) and
 * reloads the page once it controls it. A send queued while this waits is delivered first: the
 * outbox is checked again just before the switch. Without a service worker (development, old
 * browsers) or without a newer one, it simply reloads, which loads the new files from the server.
 */
export async function applyUpdateWhenIdle(options: ApplyUpdateOptions = {}): Promise<void> {
  const reload = options.reload ?? (() => window.location.reload());
  await outboxEmpty();
  const registration = supported() ? await navigator.serviceWorker.getRegistration() : undefined;
  const next = registration ? await waitingWorker(registration) : null;
  if (!next) {
    reload();
    return;
  }
  await outboxEmpty();
  navigator.serviceWorker.addEventListener('controllerchange', () => reload(), { once: true });
  next.postMessage({ type: SKIP_WAITING_MESSAGE });
}
