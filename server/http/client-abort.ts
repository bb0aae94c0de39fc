// A client that cuts off its own request (a closed tab, a lost network, a cancelled upload) is
// not a fault of the server: its error is logged as a client abort at info level, never as an
// "unhandled error" with a stack (issue 21 item 12).
import type { IncomingMessage } from 'node:http';
import { wasCutOffAsTooSlow } from './slow-body';

/** Error codes of a stream or socket that the other end closed. */
const ABORT_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE', 'FST_MP_PREMATURE_CLOSE']);

/** True when `error` comes from the request's connection having been closed before its body ended. */
export function isClientAbort(error: unknown, request: IncomingMessage): boolean {
  if (request.complete) return false;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const message = error instanceof Error ? error.message : '';
  return request.aborted || request.socket.destroyed || wasCutOffAsTooSlow(request)
    || (typeof code === 'string' && ABORT_CODES.has(code)) || message === 'aborted';
}

/** The log line of an aborted request: cut off by the server as too slow, or left by its client. */
export function abortMessage(request: IncomingMessage, what: 'request' | 'upload'): string {
  if (wasCutOffAsTooSlow(request)) return what === 'upload' ? 'upload cut off: too slow' : 'request cut off: body too slow';
  return `client aborted the ${what}`;
}
