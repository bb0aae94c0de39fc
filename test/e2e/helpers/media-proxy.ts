// A proxy in front of the app server for the media browser tests: uploads (/api/media-upload/)
// and downloads (/api/media/) pass at a slow, steady pace, so their progress can be watched
// (Playwright's throttling does not reach the sync worker's requests); cut(true) drops every
// /api request and socket upgrade, as a dead network does (see api-cut-proxy.ts). The upload URL
// the server hands out is built from the Host header, so uploads come through here too.
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { Transform, type Duplex, type TransformCallback } from 'node:stream';

export interface MediaProxy {
  url: string;
  cut(on: boolean): void;
  close(): Promise<void>;
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

/** Bytes per second of uploads and of downloads. */
export async function startMediaProxy(targetUrl: string, uploadRate = 1024 * 1024, downloadRate = 40 * 1024): Promise<MediaProxy> {
  const target = new URL(targetUrl);
  let isCut = false;
  const upgraded = new Set<Duplex>();
  const isApi = (req: IncomingMessage) => (req.url ?? '').startsWith('/api');

  const server = createServer((req, res) => {
    if (isCut && isApi(req)) {
      req.socket.destroy();
      return;
    }
    const path = req.url ?? '';
    const upstream = httpRequest({ host: target.hostname, port: target.port, path, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      if (path.startsWith('/api/media/')) answer.pipe(slow(downloadRate)).pipe(res);
      else answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    if (path.startsWith('/api/media-upload/')) req.pipe(slow(uploadRate)).pipe(upstream);
    else req.pipe(upstream);
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (isCut) {
      socket.destroy();
      return;
    }
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
    cut(on) {
      isCut = on;
      if (on) for (const s of upgraded) s.destroy();
    },
    close: () => new Promise<void>((resolve) => {
      for (const s of upgraded) s.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
