// Slow request bodies (issue 21 item 6): a client that opens a request and then sends its body a
// byte at a time holds a connection and a request for as long as it likes unless someone stops
// it. Two rules, both answered like Node's own request timeout (a 408, then the connection
// closed):
// - a body of any route but the upload must have arrived within `bodyTimeoutMs` (API bodies are
//   at most 64 KiB: seconds on the slowest link);
// - an upload (up to 64 MB) may take longer, but must keep moving: at least `uploadMinBytes`
//   every `uploadRateWindowMs`, counted on the socket (reading the body here would take bytes
//   from the multipart parser).
// Node's requestTimeout stays the whole-request backstop (server/config/upload-limits.ts).
// The socket's count also stalls when the server itself stops reading (a slow disk pushing back
// on the upload's pipeline): the default minimum (32 KiB in 15 s) is far below any disk's pace.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { UploadLimits } from '../config/upload-limits';
import { errorBody } from './errors';

export type SlowBodyLimits = Pick<UploadLimits, 'bodyTimeoutMs' | 'uploadMinBytes' | 'uploadRateWindowMs'>;

/** Requests this module cut off: their broken body is logged as that, not as a client abort. */
const cutOff = new WeakSet<IncomingMessage>();

export const wasCutOffAsTooSlow = (request: IncomingMessage) => cutOff.has(request);

/** Answers 408 straight on the socket (the route may be mid-body) and closes the connection. */
function answerTooSlow(request: IncomingMessage, response: ServerResponse, message: string): void {
  if (request.complete || request.socket.destroyed) return;
  cutOff.add(request);
  const socket = request.socket;
  if (!response.headersSent) {
    const body = JSON.stringify(errorBody(408, message));
    socket.end(`HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    // A client that does not read its answer either is not waited for.
    setTimeout(() => socket.destroy(), 1000).unref();
  } else {
    socket.destroy();
  }
}

/** Cuts the request off unless its body has all arrived within ms. */
export function bodyDeadline(request: IncomingMessage, response: ServerResponse, ms: number): () => void {
  if (request.complete) return () => undefined;
  const timer = setTimeout(() => answerTooSlow(request, response, `The request body did not arrive within ${Math.round(ms / 1000)} s`), ms);
  timer.unref();
  return () => clearTimeout(timer);
}

/** Cuts the request off when fewer than minBytes arrive in any window of windowMs before its body ends. */
export function minimumRate(request: IncomingMessage, response: ServerResponse, minBytes: number, windowMs: number): () => void {
  if (request.complete) return () => undefined;
  const socket = request.socket;
  let last = socket.bytesRead;
  const timer = setInterval(() => {
    if (request.complete || socket.destroyed) return clearInterval(timer);
    const read = socket.bytesRead;
    if (read - last < minBytes) {
      clearInterval(timer);
      answerTooSlow(request, response, `The upload is too slow: under ${minBytes} bytes in ${Math.round(windowMs / 1000)} s`);
    }
    last = read;
  }, windowMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Watches every request with a body: uploads (`isUpload`) by their rate, the rest by a deadline. */
export function registerSlowBodyGuard(app: FastifyInstance, limits: SlowBodyLimits, isUpload: (url: string) => boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    if (raw.complete) return;
    const stop = isUpload(request.url)
      ? minimumRate(raw, reply.raw, limits.uploadMinBytes, limits.uploadRateWindowMs)
      : bodyDeadline(raw, reply.raw, limits.bodyTimeoutMs);
    reply.raw.once('close', stop);
    raw.once('end', stop);
  });
}
