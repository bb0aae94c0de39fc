// sw/static-routes.ts: the install handler hands the browser the static routes (hashed /assets/
// from Cache Storage, assets/lazy/ to the fetch handler first), and an install never fails over
// them: a browser without the API, or one that rejects a rule, keeps the fetch handler.
import { describe, expect, it } from 'vitest';
import { STATIC_ROUTES, registerStaticRoutes } from '../../../sw/static-routes';

function installWith(addRoutes?: (routes: unknown[]) => Promise<void>) {
  let handler: ((event: unknown) => void) | undefined;
  registerStaticRoutes({ addEventListener: ((type: string, fn: (event: unknown) => void) => { if (type === 'install') handler = fn; }) as ServiceWorkerGlobalScope['addEventListener'] });
  const waited: Promise<unknown>[] = [];
  const event = { waitUntil: (p: Promise<unknown>) => waited.push(p), ...(addRoutes ? { addRoutes } : {}) };
  handler!(event);
  return waited;
}

/** The first route whose pattern matches the path, as the browser picks (URLPattern's `*`). */
function routeFor(path: string): string | undefined {
  return STATIC_ROUTES.find((r) => new RegExp(`^${r.condition.urlPattern.replace(/\*/g, '.*')}$`).test(path))?.source;
}

describe('the service worker static routes', () => {
  it('gives the browser the routes while installing, and the install waits for them', async () => {
    const given: unknown[][] = [];
    const waited = installWith(async (routes) => { given.push(routes); });
    expect(waited).toHaveLength(1);
    await waited[0];
    expect(given).toEqual([[...STATIC_ROUTES]]);
  });

  it('reads the hashed chunks from the cache and leaves assets/lazy/ to the fetch handler (the first match decides)', () => {
    expect(routeFor('/assets/index-BPAh5n06.js')).toBe('cache');
    expect(routeFor('/assets/index-B44PuqEo.css')).toBe('cache');
    expect(routeFor('/assets/lazy/pdf-Ab12Cd34.js')).toBe('fetch-event');
    // pages, the API, unhashed public files: no route, so the fetch handler answers as before
    expect(routeFor('/home')).toBeUndefined();
    expect(routeFor('/api/media/1')).toBeUndefined();
    expect(routeFor('/boot-warm.js')).toBeUndefined();
    for (const r of STATIC_ROUTES) expect(r.condition.requestMethod).toBe('GET');
  });

  it('installs without the API', () => {
    expect(installWith()).toHaveLength(0);
  });

  it('installs when the browser rejects the routes', async () => {
    const waited = installWith(() => Promise.reject(new TypeError('unsupported source')));
    await expect(waited[0]).resolves.toBeUndefined();
  });
});
