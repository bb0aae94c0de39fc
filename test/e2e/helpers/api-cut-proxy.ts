// A small HTTP proxy in front of the app server, for browser tests that need "the page loads but
// the API does not": a reload while the network is down, before the service worker exists to
// serve the page offline. Playwright's request routing does not see a dedicated worker's
// requests, and the sync engine lives in one, so the cut has to happen outside the browser.
// cut(true): every /api request and socket upgrade is dropped (the connection is destroyed, as a
// dead network does), and open sockets are dropped too. Everything else passes. refuseNext()
// answers one API call with an error, as the server would. With `pace`, media uploads
// (/api/media-upload/) and downloads (/api/media/) pass at a slow, steady rate, so the media tests
// can watch their progress (Playwright's throttling does not reach the sync worker's requests
// either); the upload URL the server hands out is built from the Host header, so uploads come
// through the proxy too.
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { Transform, type Duplex, type TransformCallback } from 'node:stream';

export interface ApiCutProxy {
  url: string;
  cut(on: boolean): void;
  /**
   * The next POST to a path ending in `pathEnd` is answered by the proxy with this status and the
   * server's error body ({ statusCode, error, message }) instead of reaching the server: a
   * refusal as the app would get it, for tests of what the user sees when the server says no.
   */
  refuseNext(pathEnd: string, status: number, message: string): void;
  /** Drops EVERY request and socket (the page's files too): a dead network, whatever the browser believes. */
  cutAll(on: boolean): void;
  /** Requests that reached the server through the proxy, and those dropped by a cut. */
  readonly counts: { passed: number; dropped: number };
  close(): Promise<void>;
}

export interface ApiCutProxyOptions {
  /** Bytes per second of media uploads and downloads; absent: full speed. */
  pace?: { upload: number; download: number };
}

/** Passes bytes at about `bytesPerSecond`, in slices of at most 4 KB whatever the chunks' sizes. */
function slow(bytesPerSecond: number): Transform {
  const SLICE = 4 * 1024;
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      let at = 0;
      const next = () => {
        if (at >= chunk.length) return done();
        const part = chunk.subarray(at, at + SLICE);
        at += part.length;
        this.push(part);
        setTimeout(next, (part.length / bytesPerSecond) * 1000);
      };
      next();
    },
  });
}

export async function startApiCutProxy(targetUrl: string, opts: ApiCutProxyOptions = {}): Promise<ApiCutProxy> {
  const target = new URL(targetUrl);
  const pace = opts.pace;
  let isCut = false;
  let allCut = false;
  const counts = { passed: 0, dropped: 0 };
  const upgraded = new Set<Duplex>();
  const isApi = (req: IncomingMessage) => (req.url ?? '').startsWith('/api');

  const refusals: { pathEnd: string; status: number; message: string }[] = [];

  const server = createServer((req, res) => {
    if (allCut || (isCut && isApi(req))) {
      counts.dropped += 1;
      req.socket.destroy();
      return;
    }
    const refusal = req.method === 'POST' ? refusals.findIndex((r) => (req.url ?? '').split('?')[0]!.endsWith(r.pathEnd)) : -1;
    if (refusal >= 0) {
      const { status, message } = refusals.splice(refusal, 1)[0]!;
      req.resume();
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ statusCode: status, error: 'Refused by the test', message }));
      return;
    }
    counts.passed += 1;
    const path = req.url ?? '';
    const upstream = httpRequest({ host: target.hostname, port: target.port, path, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      if (pace && path.startsWith('/api/media/')) answer.pipe(slow(pace.download)).pipe(res);
      else answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    if (pace && path.startsWith('/api/media-upload/')) req.pipe(slow(pace.upload)).pipe(upstream);
    else req.pipe(upstream);
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (isCut || allCut) {
      counts.dropped += 1;
      socket.destroy();
      return;
    }
    counts.passed += 1;
    const upstream: Socket = connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`, ...Object.entries(req.headers).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`)];
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upgraded.add(socket);
    const drop = () => {
      upgraded.delete(socket);
      socket.destroy();
      upstream.destroy();
    };
    socket.on('error', drop);
    socket.on('close', drop);
    upstream.on('error', drop);
    upstream.on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy is not on TCP');
  return {
    url: `http://127.0.0.1:${address.port}`,
    refuseNext(pathEnd, status, message) {
      refusals.push({ pathEnd, status, message });
    },
    cut(on) {
      isCut = on;
      if (on) for (const s of upgraded) s.destroy();
    },
    cutAll(on) {
      allCut = on;
      if (on) for (const s of upgraded) s.destroy();
    },
    counts,
    async close() {
      for (const s of upgraded) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
