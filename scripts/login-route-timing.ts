// Times a first visit to the login route on a slow network, in headless Chromium: from navigation
// to the login screen's number field (what the 150 KB goal is for), and to the sync worker's
// script arriving (the data client is up, a code can be requested). Prints figures, asserts
// nothing. The built app (dist/, or the folders given) is served gzip-compressed, as a
// production host would (the reference server sends files as they are), with /api passed to a
// reference server in-process. Each run is a fresh browser context (no cache, no service worker).
//
//   npx tsx scripts/login-route-timing.ts [distA distB ...]   (default: dist)
//   RUNS=5 DOWN_KBPS=1600 UP_KBPS=750 RTT_MS=150 (Chromium's "Fast 3G"-like defaults)
import { createServer as createHttpServer, request as httpRequest, type Server as HttpServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { createServer } from '../server/app';

const RUNS = Number(process.env.RUNS ?? 5);
const DOWN = Number(process.env.DOWN_KBPS ?? 1600);
const UP = Number(process.env.UP_KBPS ?? 750);
const RTT = Number(process.env.RTT_MS ?? 150);
const dists = (process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['dist']).map((d) => resolve(d));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.webmanifest': 'application/manifest+json',
};

/** dist/ over HTTP with gzip (text types), index.html for app paths, /api proxied to `api`. */
function staticServer(dir: string, api: URL): Promise<{ url: string; server: HttpServer }> {
  const gzCache = new Map<string, Buffer>();
  const server = createHttpServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith('/api') || path === '/version.json') {
      const upstream = httpRequest({ host: api.hostname, port: api.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
      return;
    }
    let file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const body = readFileSync(file);
    const compress = /text|javascript|json|svg/.test(type);
    const headers: Record<string, string> = { 'content-type': type, 'cache-control': 'no-cache' };
    if (compress) {
      let gz = gzCache.get(file);
      if (!gz) gzCache.set(file, (gz = gzipSync(body, { level: 9 })));
      headers['content-encoding'] = 'gzip';
      res.writeHead(200, headers).end(gz);
    } else res.writeHead(200, headers).end(body);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('not TCP');
    done({ url: `http://127.0.0.1:${address.port}`, server });
  }));
}

const LOGIN_FIELD = (JSON.parse(readFileSync(resolve(import.meta.dirname, '../src/i18n/messages/en.json'), 'utf8')) as Record<string, string>)['login.phone.label']!;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const app = await createServer({ dataDir: 'memory://', otpFixed: '1234', staticDir: dists[0]! });
  const apiUrl = new URL(await app.listen({ port: 0 }));
  const sites = await Promise.all(dists.map((d) => staticServer(d, apiUrl)));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update'],
  });
  const results = dists.map(() => ({ login: [] as number[], worker: [] as number[], jsKb: [] as number[] }));
  console.log(`network: ${DOWN} kbit/s down, ${UP} kbit/s up, ${RTT} ms round trip; ${RUNS} runs each, alternating`);
  for (let run = 0; run < RUNS; run++) {
    for (let i = 0; i < dists.length; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: RTT, downloadThroughput: (DOWN * 1024) / 8, uploadThroughput: (UP * 1024) / 8 });
      let jsBytes = 0;
      const t0 = Date.now();
      let workerAt = -1;
      const workerIn = new Promise<void>((done) => {
        page.on('requestfinished', (request) => {
          if (request.url().endsWith('.js')) void request.sizes().then((s) => (jsBytes += s.responseBodySize), () => undefined);
          if (/sync\.worker-[\w-]+\.js$/.test(request.url())) {
            workerAt = Date.now() - t0;
            done();
          }
        });
      });
      await page.goto(sites[i]!.url, { waitUntil: 'commit' });
      await page.getByLabel(LOGIN_FIELD, { exact: true }).waitFor({ timeout: 120_000 });
      const loginAt = Date.now() - t0;
      const jsAtLogin = jsBytes;
      await Promise.race([workerIn, page.waitForTimeout(120_000)]);
      results[i]!.login.push(loginAt);
      results[i]!.worker.push(workerAt);
      results[i]!.jsKb.push(jsAtLogin / 1024);
      await context.close();
    }
  }
  for (let i = 0; i < dists.length; i++) {
    const r = results[i]!;
    console.log(`${dists[i]}: login screen median ${median(r.login)} ms (runs ${r.login.join(', ')}); sync worker script in ${median(r.worker)} ms (runs ${r.worker.join(', ')}); JS on the wire by the login screen ${median(r.jsKb).toFixed(1)} KB`);
  }
  await browser.close();
  for (const s of sites) s.server.close();
  await app.close();
}

await main();
