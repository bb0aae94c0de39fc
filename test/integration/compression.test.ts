// Compressed transfers (issue 20): the built app's files from the copies the build makes
// (scripts/precompress.ts), JSON answers over 1 KB compressed per request; each decodes to the
// same bytes as the plain answer, and caches are told the answer varies by Accept-Encoding.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/api/headers';
import { ROUTE_TABLE } from '../../src/api/route-table';
import { precompress } from '../../scripts/precompress';
import { COMPRESS_THRESHOLD_BYTES } from '../../server/http/compression';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';

const FIXTURE = fileURLToPath(new URL('../fixtures/static-app', import.meta.url));
const ASSET = '/assets/app-big-5c1e2d.js';

let dir: string;
let t: TestServer;
let me: TestSession;
beforeAll(async () => {
  // the fixture app plus a script large enough to be compressed, then the build's step
  dir = mkdtempSync(join(tmpdir(), 'compress-'));
  cpSync(FIXTURE, dir, { recursive: true });
  const lines = Array.from({ length: 400 }, (_, i) => `export const line${i} = 'the app script, line ${i}';`);
  writeFileSync(join(dir, ASSET), `${lines.join('\n')}\n`);
  writeFileSync(join(dir, 'index.html'), readFileSync(join(dir, 'index.html'), 'utf8').replace('</body>', `<!-- ${'padding '.repeat(200)}--></body>`));
  precompress(dir);
  t = await startTestServer({ staticDir: dir });
  me = await t.signIn();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Raw { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** A request with exactly these headers (fetch would add its own Accept-Encoding and decode). */
function raw(path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (r: Raw): Buffer => {
  const encoding = r.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(r.body);
  if (encoding === 'gzip') return gunzipSync(r.body);
  return r.body;
};
const varies = (r: Raw) => String(r.headers.vary ?? '').toLowerCase().includes('accept-encoding');

describe('the built app', () => {
  it('sends a script as Brotli or gzip, as the client takes it, decoding to the same bytes', async () => {
    const plain = await raw(ASSET, {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(readFileSync(join(dir, ASSET), 'utf8'));
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip, deflate', 'gzip'], ['gzip, deflate, br', 'br']] as const) {
      const answer = await raw(ASSET, { 'accept-encoding': accept });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(varies(answer)).toBe(true);
      expect(answer.body.length).toBeLessThan(plain.body.length / 3);
      expect(decode(answer).equals(plain.body)).toBe(true);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends index.html compressed, by its path and as the fallback of a deep link', async () => {
    const plain = await raw('/', { accept: 'text/html' });
    for (const path of ['/', '/chat/1000000000000001']) {
      const answer = await raw(path, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(decode(answer).equals(plain.body)).toBe(true);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
  });
});

describe('API answers', () => {
  it('compresses a JSON answer over 1 KB, decoding to the same JSON', async () => {
    const path = `${API_BASE}${ROUTE_TABLE.getDiscoveryPage.path}`;
    const plain = await raw(path, me.headers);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    for (const encoding of ['br', 'gzip']) {
      const answer = await raw(path, { ...me.headers, 'accept-encoding': encoding });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(varies(answer)).toBe(true);
      expect(answer.body.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(decode(answer).toString())).toEqual(JSON.parse(plain.body.toString()));
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('leaves a small answer as it is', async () => {
    const answer = await raw('/version.json', { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.body.toString())).toHaveProperty('version_code');
  });
});
