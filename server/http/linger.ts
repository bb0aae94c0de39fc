// A refused upload is answered before its body has all arrived. Destroying the socket at once
// makes the client's kernel get a reset while the client is still sending, and a reset can
// throw away the answer before the client has read it: the client sees EPIPE or ECONNRESET
// instead of the 413 that says why. So after a refusal the server reads and drops the rest of
// the body for a short while (the "lingering close" of Apache and nginx), and closes the
// connection only if the body has still not ended by then. Nothing read here is stored.
import type { IncomingMessage } from 'node:http';

/** How long a refused request may go on sending before its connection is closed. */
export const LINGER_MS = 2_000;

export function dropRestThenClose(request: IncomingMessage, lingerMs = LINGER_MS): void {
  if (request.complete) return;
  request.unpipe();
  request.resume();
  const socket = request.socket;
  const timer = setTimeout(() => socket.destroy(), lingerMs);
  timer.unref();
  const done = () => {
    clearTimeout(timer);
    request.off('end', done);
    socket.off('close', done);
  };
  request.once('end', done);
  socket.once('close', done);
}
