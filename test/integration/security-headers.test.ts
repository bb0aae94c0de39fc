// Security headers and the "Also" line of issue 21: a strict Content-Security-Policy and its
// companions on every answer (the app, the API, and the framework's own 400/404/413), HSTS only
// behind TLS, absolute URLs from PUBLIC_URL and never from the Host header, no source maps
// unless asked, and a WebSocket upgrade on any path but the socket's refused with 404.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createServer, type Server } from '../../server/app';
import { resolveSecurity, securityFromEnv } from '../../server/config/security';
import { startTestServer, type TestServer } from './helpers/server';

const BOOT_STYLE = 'html { background: #f3f6f5; }';
let staticDir: string;
let t: TestServer;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'security-static-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), `<!doctype html><html><head><style>${BOOT_STYLE}</style><script type="module" src="/assets/app.js"></script></head><body></body></html>`);
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map\n');
  writeFileSync(join(staticDir, 'assets', 'app.js.map'), '{"version":3,"sources":["app.ts"],"mappings":""}');
  t = await startTestServer({ staticDir });
});
afterAll(async () => {
  await t.close();
  rmSync(staticDir, { recursive: true, force: true });
});

/** A second server over the same database, with other options. */
async function withServer(opts: Parameters<typeof createServer>[0], fn: (url: string, server: Server) => Promise<void>) {
  // answers these tests do not read keep their connections busy: close() cuts them after 1 s
  const server = await createServer({ db: t.server.db, staticDir, shutdownGraceMs: 1_000, ...opts });
  try {
    await fn(await server.listen(), server);
  } finally {
    await server.close();
  }
}

/** A raw request (fetch cannot forge Host), answering status, headers and body. */
function raw(url: string, opts: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path: opts.path, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

function expectSecurityHeaders(headers: Headers | Record<string, string | string[] | undefined>, what: string) {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : (headers[name] as string | undefined)) ?? null;
  const csp = get('content-security-policy');
  expect(csp, what).not.toBeNull();
  const directives = new Map(csp!.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
  expect(directives.get('script-src'), what).toEqual(["'self'"]);
  expect(directives.get('default-src'), what).toEqual(["'self'"]);
  expect(directives.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(directives.get('object-src'), what).toEqual(["'none'"]);
  expect(directives.get('connect-src'), what).toContain("'self'");
  expect(directives.get('img-src'), what).toEqual(["'self'", 'blob:', 'data:']);
  expect(directives.get('style-src')?.[0], what).toBe("'self'");
  expect(csp, what).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(get('x-frame-options'), what).toBe('DENY');
  expect(get('referrer-policy'), what).toBe('same-origin');
  expect(get('permissions-policy'), what).toMatch(/camera=\(self\).*microphone=\(self\).*geolocation=\(self\)/);
  expect(get('x-content-type-options'), what).toBe('nosniff');
  // plain http, no PUBLIC_URL: no HSTS (a browser would ignore it, and it must not stick to a LAN address)
  expect(get('strict-transport-security'), what).toBeNull();
  return directives;
}

describe('security headers', () => {
  it('are on the app, its scripts, the API and every error the framework answers itself', async () => {
    const page = await t.fetch('/', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const directives = expectSecurityHeaders(page.headers, 'index.html');
    // the inline boot style is admitted by its hash, nothing else inline
    const hash = `'sha256-${createHash('sha256').update(BOOT_STYLE).digest('base64')}'`;
    expect(directives.get('style-src')).toEqual(["'self'", hash]);

    const cases: [string, Promise<Response>, number][] = [
      ['a script (workers take their policy from it)', t.fetch('/assets/app.js'), 200],
      ['deep link fallback', t.fetch('/chat/123', { headers: { accept: 'text/html' } }), 200],
      ['/version.json', t.fetch('/version.json'), 200],
      ['an API answer', t.fetch('/api/mobile/get-vapid-public-key'), 200],
      ['unknown file', t.fetch('/nothing-here.png'), 404],
      ['unknown API path', t.fetch('/api/nothing'), 404],
      ['wrong method', t.fetch('/api/user/get-profile', { method: 'DELETE' }), 405],
      ['malformed JSON (Fastify\'s parser)', t.fetch('/api/mobile/send-otp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"mobile":' }), 400],
      ['wrong content type', t.fetch('/api/mobile/send-otp', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }), 415],
      ['body over the limit', t.fetch('/api/mobile/send-otp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile: 'x'.repeat(70_000) }) }), 413],
      ['no session', t.fetch('/api/user/get-profile'), 401],
    ];
    for (const [what, answer, status] of cases) {
      const response = await answer;
      expect(response.status, what).toBe(status);
      expectSecurityHeaders(response.headers, what);
    }
    // a URL Fastify's router refuses before any route (malformed percent-encoding)
    const badUrl = await raw(t.url, { path: '/%zz' });
    expect(badUrl.status).toBe(400);
    expectSecurityHeaders(badUrl.headers, 'bad URL');
  });

  it('send HSTS only behind TLS (an https PUBLIC_URL), with the configured max-age; 0 turns it off', async () => {
    await withServer({ security: { publicUrl: 'https://chat.example.com' } }, async (url) => {
      const response = await fetch(`${url}/version.json`);
      expect(response.headers.get('strict-transport-security')).toBe('max-age=15552000');
      // the socket origin of PUBLIC_URL is named in connect-src
      expect(response.headers.get('content-security-policy')).toMatch(/connect-src 'self' blob: wss:\/\/chat\.example\.com;/);
    });
    await withServer({ security: { publicUrl: 'https://chat.example.com', hstsMaxAgeSeconds: 0 } }, async (url) => {
      expect((await fetch(`${url}/version.json`)).headers.get('strict-transport-security')).toBeNull();
    });
  });

  it('admit configured frame ancestors instead of none (then no X-Frame-Options)', async () => {
    await withServer({ security: { frameAncestors: ['https://partner.example.com'] } }, async (url) => {
      const response = await fetch(`${url}/`, { headers: { accept: 'text/html' } });
      expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors https:\/\/partner\.example\.com(;|$)/);
      expect(response.headers.get('x-frame-options')).toBeNull();
    });
  });
});

describe('configuration from the environment', () => {
  it('parses PUBLIC_URL, HSTS_MAX_AGE, SERVE_SOURCE_MAPS and FRAME_ANCESTORS, refusing malformed values', () => {
    expect(securityFromEnv({ PUBLIC_URL: 'https://chat.example.com/', HSTS_MAX_AGE: '600', SERVE_SOURCE_MAPS: '1', FRAME_ANCESTORS: 'https://a.example https://b.example:8443' }))
      .toEqual({ publicUrl: 'https://chat.example.com', hstsMaxAgeSeconds: 600, serveSourceMaps: true, frameAncestors: ['https://a.example', 'https://b.example:8443'] });
    expect(securityFromEnv({})).toEqual({});
    expect(() => securityFromEnv({ PUBLIC_URL: 'chat.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => securityFromEnv({ PUBLIC_URL: 'https://chat.example.com/app' })).toThrow(/origin only/);
    expect(() => securityFromEnv({ HSTS_MAX_AGE: '-1' })).toThrow(/HSTS_MAX_AGE/);
    expect(() => securityFromEnv({ SERVE_SOURCE_MAPS: 'maybe' })).toThrow(/SERVE_SOURCE_MAPS/);
    expect(resolveSecurity({}, 'production').serveSourceMaps).toBe(false);
    expect(resolveSecurity({}, 'development').serveSourceMaps).toBe(true);
  });
});

describe('source maps', () => {
  it('are not served unless asked (the default in production), and served when asked', async () => {
    await withServer({ security: { serveSourceMaps: false } }, async (url) => {
      expect((await fetch(`${url}/assets/app.js.map`)).status).toBe(404);
      expect((await fetch(`${url}/assets/app.js`)).status).toBe(200);
    });
    await withServer({ security: { serveSourceMaps: true } }, async (url) => {
      expect((await fetch(`${url}/assets/app.js.map`)).status).toBe(200);
    });
  });
});

describe('absolute URLs', () => {
  it('come from PUBLIC_URL, whatever the Host header says', async () => {
    await withServer({ security: { publicUrl: 'https://chat.example.com' } }, async (url) => {
      const me = await t.signIn();
      const headers = { ...me.headers, host: 'evil.example.net' };
      const socket = JSON.parse((await raw(url, { path: '/api/bot/get-socket-url', headers })).body) as { socket_url: string };
      expect(socket.socket_url).toMatch(/^wss:\/\/chat\.example\.com\/api\/socket\?ticket=[0-9a-f]{32}$/);
      const upload = await raw(url, { method: 'POST', path: '/api/bot/get-media-upload-details', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ content_type: 'image/png' }) });
      expect((JSON.parse(upload.body) as { upload_details: { url: string } }).upload_details.url).toMatch(/^https:\/\/chat\.example\.com\/api\/media-upload\//);
    });
  });

  it('never echo a host name from the Host header when PUBLIC_URL is unset (the connection\'s address instead)', async () => {
    const me = await t.signIn();
    const forged = await raw(t.url, { path: '/api/bot/get-socket-url', headers: { ...me.headers, host: 'evil.example.net' } });
    const { socket_url } = JSON.parse(forged.body) as { socket_url: string };
    expect(socket_url).not.toContain('evil');
    expect(socket_url.startsWith(`${t.url.replace(/^http/, 'ws')}/api/socket?ticket=`)).toBe(true);
    // an address literal (a LAN address, a local proxy) is still the client's view of the server
    const viaProxy = await raw(t.url, { path: '/api/bot/get-socket-url', headers: { ...me.headers, host: '127.0.0.1:9' } });
    expect((JSON.parse(viaProxy.body) as { socket_url: string }).socket_url.startsWith('ws://127.0.0.1:9/api/socket')).toBe(true);
  });

  it('a socket from a page on a forged host name is refused (its Origin is not the server\'s)', async () => {
    const me = await t.signIn();
    const { socket_url } = await t.ok('getSocketUrl', {}, { session: me });
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(socket_url, { headers: { host: 'rebound.example.net' }, origin: 'http://rebound.example.net' });
      ws.on('unexpected-response', (_req, res) => { resolve(res.statusCode ?? 0); ws.terminate(); });
      ws.on('open', () => { resolve(101); ws.close(); });
      ws.on('error', () => resolve(-1));
    });
    expect(status).toBe(403);
  });
});

describe('WebSocket upgrades', () => {
  it('on any path but the socket\'s get 404, with the security headers', async () => {
    const me = await t.signIn();
    for (const path of ['/', '/api/bot/get-socket-url', '/api/nothing', '/assets/app.js', '/api/socket/x']) {
      const answer = await new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>((resolve) => {
        const ws = new WebSocket(`${t.url.replace(/^http/, 'ws')}${path}`, { headers: me.headers });
        ws.on('unexpected-response', (_req, res) => { resolve({ status: res.statusCode ?? 0, headers: res.headers }); ws.terminate(); });
        ws.on('open', () => { resolve({ status: 101, headers: {} }); ws.close(); });
        ws.on('error', () => resolve({ status: -1, headers: {} }));
      });
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-security-policy'], path).toBeDefined();
    }
  });
});
