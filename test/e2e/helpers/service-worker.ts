// Service-worker steps that the PWA browser tests share.
import type { CDPSession, Page } from 'playwright-core';
import type { Queryable } from '../../../server/db/db';

/**
 * Waits until the app's service worker is active (precache complete) and controls the page. The
 * worker claims open pages when it activates, but Chromium can miss a page whose navigation was
 * still committing at that moment (it then stays uncontrolled until its next load, as for any
 * first visit): such a page is reloaded once, online.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const controlled = await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 5_000 }).then(() => true, () => false);
  if (!controlled) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** How many times the server stores each text body sent by this user (mobile without +). */
export async function serverCounts(db: Queryable, bodies: readonly string[]): Promise<number[]> {
  const rows = await db.query<{ body: string; n: number }>(
    "SELECT payload->'text'->>'body' AS body, count(*)::int AS n FROM messages WHERE sender = 'user' AND payload->'text'->>'body' = ANY($1::text[]) GROUP BY 1",
    [[...bodies]],
  );
  return bodies.map((b) => rows.find((r) => r.body === b)?.n ?? 0);
}

/**
 * The app's service worker registration id, for the ServiceWorker domain of the DevTools protocol
 * (delivering push and sync events). That domain is not on the browser target ("'ServiceWorker.enable'
 * wasn't found"), so `cdp` is a page's session: a blank page's keeps the service worker without
 * any window of the app.
 */
export async function registrationIdOf(cdp: CDPSession, scopeUrl: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === scopeUrl && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}
