// What the server answers outside the API: /version.json and the app with its SPA fallback.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from '../../server/app';
import { versionCodeOf } from '../../server/web/version';
import { startTestServer, type TestServer } from './helpers/server';

const STATIC_APP = fileURLToPath(new URL('../fixtures/static-app', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ staticDir: STATIC_APP });
});
afterAll(() => t.close());

/** A second server over the same database (cheap: no new PGlite), with other options. */
async function withServer(opts: Parameters<typeof createServer>[0], fn: (url: string, server: Server) => Promise<void>) {
  const server = await createServer({ db: t.server.db, ...opts });
  try {
    await fn(await server.listen(), server);
  } finally {
    await server.close();
  }
}

describe('/version.json', () => {
  it('answers the package version and its code, never cached', async () => {
    for (const path of ['/version.json', `/version.json?t=${Date.now()}`]) {
      const response = await t.fetch(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({ version_code: versionCodeOf(pkg.version), version_name: pkg.version });
    }
  });

  it('derives the code from the version: major·10000 + minor·100 + patch', () => {
    expect(versionCodeOf('0.1.0')).toBe(100);
    expect(versionCodeOf('1.2.3')).toBe(10203);
    expect(versionCodeOf('2.10.7-beta.1')).toBe(21007);
    expect(() => versionCodeOf('1.100.0')).toThrow();
  });

  it('answers the code given in the options (VERSION_CODE)', async () => {
    await withServer({ versionCode: 4242 }, async (url) => {
      expect(await (await fetch(`${url}/version.json`)).json()).toEqual({ version_code: 4242, version_name: pkg.version });
    });
  });
});

describe('the app', () => {
  it('is served on /', async () => {
    const response = await t.fetch('/', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toContain('fixture app shell');
  });

  it('falls back to index.html for unknown paths that ask for HTML (deep links)', async () => {
    for (const path of ['/chat', '/otp-verification', '/bot-info?botId=1234567890123456', '/settings/deep/link']) {
      const response = await t.fetch(path, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(await response.text(), path).toContain('fixture app shell');
    }
  });

  it('does not fall back for assets, other methods or clients that do not want HTML', async () => {
    expect((await t.fetch('/assets/missing-1234.js', { headers: { accept: '*/*' } })).status).toBe(404);
    expect((await t.fetch('/chat', { headers: { accept: 'application/json' } })).status).toBe(404);
    expect((await t.fetch('/chat', { method: 'POST', headers: { accept: 'text/html' } })).status).toBe(404);
  });

  it('never falls back under /api', async () => {
    const response = await t.fetch('/api/unknown', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('caches hashed assets for good and revalidates the rest', async () => {
    const asset = await t.fetch('/assets/app-3f9a1c.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toContain('fixture app');
    const manifest = await t.fetch('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });

  it('tells to build the app when there is no build', async () => {
    await withServer({ staticDir: fileURLToPath(new URL('../fixtures/no-such-dir', import.meta.url)) }, async (url) => {
      for (const path of ['/', '/chat']) {
        const response = await fetch(url + path, { headers: { accept: 'text/html' } });
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/text\/plain/);
        expect(await response.text()).toMatch(/npm run build/);
      }
      // The API works without a build.
      expect((await fetch(`${url}/version.json`)).status).toBe(200);
    });
  });
});

describe('API answers', () => {
  it('are never cached and not sniffed', async () => {
    const me = await t.signIn();
    const response = await t.fetch('/api/user/get-profile', { headers: me.headers });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const refused = await t.fetch('/api/user/get-profile');
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});
