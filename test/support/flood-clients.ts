// Abusive clients for the flood test (test/integration/flood.test.ts) and `npm run abuse`
// (scripts/abuse/): a socket that floods send-message frames from a worker thread, sockets that
// never read, and a probe that measures another user's request latency.
//
// The flooder runs in a worker thread, not on the event loop that also runs the server under
// test: an attacker is another program, and 20,000 synchronous ws.send calls on the server's own
// loop would otherwise be counted as the server's delay.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';

export interface FloodResult {
  /** Frames the flooder wrote. */
  sent: number;
  /** Frames the server answered with the user's message stored (message-received of a user message). */
  stored: number;
  /** Frames the server refused with an error frame 429. */
  refused: number;
  /** Other error frames. */
  otherErrors: number;
  /** Close code, when the server closed the socket (0: the flooder closed it when all were answered). */
  closeCode: number;
  /** From the first frame written to the last answer or the close (ms). */
  durationMs: number;
}

// CommonJS: an eval'd worker is not a module. ws comes from the path resolved by the parent.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require(workerData.wsPath);
const { url, headers, frames, botUuid, tag } = workerData;
// written before the socket opens, so the flood itself is only writes
const texts = [];
for (let i = 0; i < frames; i++) {
  texts.push(JSON.stringify({ action: 'send-message', body: { bot_uuid: botUuid, message: { type: 'text', text: { body: 'flood ' + i }, client_message_id: tag + '-' + i } } }));
}
const ws = new WebSocket(url, { headers });
let stored = 0, refused = 0, otherErrors = 0, started = 0, finished = false;
function finish(closeCode) {
  if (finished) return;
  finished = true;
  parentPort.postMessage({ sent: frames, stored, refused, otherErrors, closeCode, durationMs: Date.now() - started });
  ws.terminate();
}
ws.on('open', () => {
  started = Date.now();
  for (const text of texts) ws.send(text);
});
ws.on('message', (data) => {
  const frame = JSON.parse(String(data));
  if (frame.action === 'message-received' && frame.body.message.from === 'user') stored++;
  else if (frame.action === 'error' && frame.body.statusCode === 429) refused++;
  else if (frame.action === 'error') otherErrors++;
  if (stored + refused + otherErrors >= frames) finish(0);
});
ws.on('close', (code) => finish(code));
ws.on('error', () => finish(-1));
`;

const wsPath = createRequire(import.meta.url).resolve('ws');

/** Floods `frames` send-message frames on one socket from a worker thread; resolves when all are answered or the socket is closed. */
export function floodSocket(opts: { socketUrl: string; headers: Record<string, string>; frames: number; botUuid: string; tag?: string }): Promise<FloodResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { wsPath, url: opts.socketUrl, headers: opts.headers, frames: opts.frames, botUuid: opts.botUuid, tag: opts.tag ?? `flood-${Date.now()}` },
    });
    worker.once('message', (result: FloodResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** Opens sockets that never read what the server sends them (slow readers); resolves when all are open. */
export async function openSilentSockets(socketUrl: string, headers: Record<string, string>, count: number): Promise<WebSocket[]> {
  return Promise.all(Array.from({ length: count }, () => new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(socketUrl, { headers });
    ws.once('open', () => {
      // stop reading: the server's frames pile up in its send buffer
      (ws as unknown as { _socket: { pause(): void } })._socket.pause();
      resolve(ws);
    });
    ws.once('error', reject);
  })));
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface LatencyStats { count: number; p50: number; p99: number; max: number }

export function latencyStats(latencies: readonly number[]): LatencyStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN };
}

/**
 * Calls `request` one after another (at most one per `everyMs` when given) until `samples` are
 * taken, `stop()` says so, or `forMs` has passed; answers each call's latency (ms). A call that
 * fails its check throws.
 */
export async function probeLatency(request: () => Promise<void>, opts: { samples?: number; forMs: number; stop?: () => boolean; everyMs?: number }): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + opts.forMs;
  while ((opts.samples === undefined || latencies.length < opts.samples) && performance.now() < until && !(opts.stop?.() ?? false)) {
    const started = performance.now();
    await request();
    const took = performance.now() - started;
    latencies.push(took);
    // a paced probe: a person's app, not a client that would meet its own rate limit
    if (opts.everyMs !== undefined && took < opts.everyMs) await new Promise((resolve) => setTimeout(resolve, opts.everyMs! - took));
  }
  return latencies;
}
