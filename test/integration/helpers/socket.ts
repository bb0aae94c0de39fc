// A real WebSocket client (the `ws` package; Node 20 has no global WebSocket) for the live
// connection tests: collects every frame, and waits for the one a test expects.
import WebSocket from 'ws';
import type { SocketFrameOut } from '../../../src/api/messages';

export interface TestSocket {
  ws: WebSocket;
  frames: SocketFrameOut[];
  /** Sends a frame (an object is JSON-encoded, a string is sent as is). */
  send(frame: unknown): void;
  /** Resolves with the first frame (already received or coming) that matches; rejects after ms. */
  next(match: (frame: SocketFrameOut) => boolean, ms?: number): Promise<SocketFrameOut>;
  /** Resolves when the socket closes, with its code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
export function openSocket(url: string, opts: { headers?: Record<string, string>; origin?: string } = {}): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: opts.headers, ...(opts.origin ? { origin: opts.origin } : {}) });
    const frames: SocketFrameOut[] = [];
    const waiters: { match: (f: SocketFrameOut) => boolean; resolve: (f: SocketFrameOut) => void }[] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) => {
      ws.on('close', (code, reason) => done({ code, reason: reason.toString() }));
    });
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as SocketFrameOut;
      frames.push(frame);
      for (const w of [...waiters]) {
        if (w.match(frame)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(frame);
        }
      }
    });
    ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.on('error', reject);
    ws.on('open', () => resolve({
      ws,
      frames,
      send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
      next(match, ms = 5000) {
        const seen = frames.find(match);
        if (seen) {
          frames.splice(frames.indexOf(seen), 1);
          return Promise.resolve(seen);
        }
        return new Promise((res, rej) => {
          const timer = setTimeout(() => rej(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(frames)}`)), ms);
          waiters.push({
            match,
            resolve: (f) => {
              clearTimeout(timer);
              frames.splice(frames.indexOf(f), 1);
              res(f);
            },
          });
        });
      },
      closed,
      close: () => ws.close(),
    }));
  });
}
