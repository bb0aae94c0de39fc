// A TCP proxy for tests that puts a bad network between a client (the sync engine's fetch over
// keep-alive, and its WebSocket) and a real server on loopback. It knows no protocol and only
// moves bytes, so HTTP and WebSocket meet the same slow, refused, silent or broken links that
// a mobile network gives them, and neither end needs a test hook.
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export type FaultMode = 'pass' | 'delay' | 'drop' | 'blackhole';

export interface FaultProxy {
  /** http://127.0.0.1:<port> of the proxy */
  readonly url: string;
  readonly port: number;
  /** where it forwards; may be changed at runtime (server restarted on another port). New connections use the new target. */
  setTarget(port: number, host?: string): void;
  /**
   * pass: forward normally. delay: forward every chunk (both directions) after `ms` (default 200).
   * drop: refuse new connections (accept then destroy at once) and keep existing ones.
   * blackhole: accept connections and swallow bytes in both directions, never answering
   * (existing connections too), until mode changes.
   *
   * Leaving blackhole resets (RST, both sides) every connection that was open during it: bytes
   * were lost in both directions, so neither end's protocol state can be trusted any more, and a
   * reset is what a client sees when a real dead link finally times out in the kernel.
   * Chunks already waiting in a delay queue when blackhole starts are swallowed too.
   */
  setMode(mode: FaultMode, opts?: { delayMs?: number }): void;
  /** abruptly resets every open connection (socket.resetAndDestroy() so the peer sees ECONNRESET), both sides */
  resetAll(): void;
  /** closes open connections gracefully (FIN) */
  closeAll(): void;
  /** counters for tests: connections accepted, currently open, bytes forwarded up and down */
  stats(): { accepted: number; open: number; bytesUp: number; bytesDown: number };
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
const DEFAULT_DELAY_MS = 200;
/** closeAll() waits this long for a peer to answer our FIN with its own before closing outright. */
const GRACEFUL_CLOSE_MS = 1_000;

/** One direction of one connection. */
interface Lane {
  /**
   * Every delivery goes through this chain, so a chunk can never overtake an earlier one, even
   * when the delay changes between them (independent timers would reorder the byte stream).
   */
  chain: Promise<void>;
  /** Deliveries waiting on the chain: while any wait, an undelayed one must queue behind them. */
  queued: number;
}

interface Conn {
  client: net.Socket;
  /** null when the connection was born in blackhole: nothing will ever reach a server. */
  upstream: net.Socket | null;
  /** client → server */
  up: Lane;
  /** server → client */
  down: Lane;
  blackholed: boolean;
  /** sockets of this connection not yet closed; the connection counts as open until both are. */
  live: number;
  /** resolves when live reaches 0, so close() can promise that nothing is left open. */
  gone: Promise<void>;
  markGone: () => void;
}

async function sleepUntil(due: number): Promise<void> {
  // Timers may fire a little early; loop so a test can rely on "at least the delay".
  for (let left = due - performance.now(); left > 0; left = due - performance.now()) {
    // Unref'd: a chunk waiting in a delay queue must not keep a finished test run alive.
    await sleep(Math.ceil(left), undefined, { ref: false });
  }
}

function reset(socket: net.Socket | null): void {
  if (socket && !socket.destroyed) socket.resetAndDestroy();
}

function endSocket(socket: net.Socket | null): void {
  if (socket && !socket.destroyed && !socket.writableEnded) socket.end();
}

export async function startFaultProxy(opts: { targetPort: number; targetHost?: string; port?: number }): Promise<FaultProxy> {
  let target = { port: opts.targetPort, host: opts.targetHost ?? HOST };
  let mode: FaultMode = 'pass';
  let delayMs = DEFAULT_DELAY_MS;
  const conns = new Set<Conn>();
  const counters = { accepted: 0, bytesUp: 0, bytesDown: 0 };

  const currentDelay = (): number => (mode === 'delay' ? delayMs : 0);

  function enqueue(lane: Lane, waitMs: number, deliver: () => void): void {
    if (waitMs <= 0 && lane.queued === 0) {
      deliver();
      return;
    }
    const due = performance.now() + waitMs;
    lane.queued += 1;
    lane.chain = lane.chain
      .then(async () => {
        await sleepUntil(due);
        lane.queued -= 1;
        deliver();
      })
      // A failed delivery must not stall the chain, and the sockets report their own errors.
      .catch(() => undefined);
  }

  function trackClose(conn: Conn, socket: net.Socket): void {
    socket.once('close', () => {
      conn.live -= 1;
      if (conn.live === 0) {
        conns.delete(conn);
        conn.markGone();
      }
    });
  }

  /** Forwards src to dst through lane; `fromServer` says which end src is. */
  function wire(conn: Conn, src: net.Socket, dst: net.Socket, lane: Lane, fromServer: boolean): void {
    src.on('data', (chunk: Buffer) => {
      if (conn.blackholed) return;
      enqueue(lane, currentDelay(), () => {
        if (conn.blackholed || dst.destroyed || dst.writableEnded) return;
        if (fromServer) counters.bytesDown += chunk.length;
        else counters.bytesUp += chunk.length;
        // Respect backpressure in case a test pushes a lot through a slow reader.
        if (!dst.write(chunk)) {
          src.pause();
          dst.once('drain', () => src.resume());
        }
      });
    });
    // Half-close is forwarded as such (both sockets allow half-open), and after the data before it.
    src.on('end', () => {
      if (conn.blackholed) return;
      enqueue(lane, currentDelay(), () => {
        if (!conn.blackholed) endSocket(dst);
      });
    });
    src.on('close', (hadError) => {
      // A server's reset or FIN during blackhole must not reach the client: it would be an answer.
      if (fromServer && conn.blackholed) return;
      // A reset on one side becomes a reset on the other, so each end sees what a direct link would show.
      if (hadError) reset(dst);
      else enqueue(lane, 0, () => endSocket(dst));
    });
  }

  function onConnection(client: net.Socket): void {
    counters.accepted += 1;
    // Resets are this proxy's everyday business; an unhandled 'error' would crash the test run.
    client.on('error', () => undefined);
    if (mode === 'drop') {
      client.destroy();
      return;
    }
    let markGone = (): void => undefined;
    const gone = new Promise<void>((resolve) => (markGone = resolve));
    const conn: Conn = {
      client,
      upstream: null,
      up: { chain: Promise.resolve(), queued: 0 },
      down: { chain: Promise.resolve(), queued: 0 },
      blackholed: mode === 'blackhole',
      live: 1,
      gone,
      markGone,
    };
    conns.add(conn);
    trackClose(conn, client);
    if (conn.blackholed) {
      // Read and discard, so the client's writes succeed and it waits for an answer that never comes.
      client.resume();
      return;
    }
    const upstream = net.connect({ port: target.port, host: target.host, allowHalfOpen: true, noDelay: true });
    upstream.on('error', () => undefined);
    conn.upstream = upstream;
    conn.live += 1;
    trackClose(conn, upstream);
    // Writes to upstream before it connects are buffered by net.Socket, in order.
    wire(conn, client, upstream, conn.up, false);
    wire(conn, upstream, client, conn.down, true);
  }

  // allowHalfOpen: a client's FIN is forwarded as FIN, and the answer that follows still reaches it.
  // noDelay: Nagle would add its own latency and muddle the delay mode's timing.
  const server = net.createServer({ allowHalfOpen: true, noDelay: true }, onConnection);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // After listening, an accept error (EMFILE and the like) must not crash the test process.
  server.on('error', () => undefined);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fault proxy: no TCP address after listen');
  const port = address.port;

  return {
    url: `http://${HOST}:${port}`,
    port,
    setTarget(nextPort, host = HOST) {
      target = { port: nextPort, host };
    },
    setMode(next, modeOpts) {
      if (next === 'delay') {
        const ms = modeOpts?.delayMs ?? DEFAULT_DELAY_MS;
        if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`fault proxy: delayMs must be >= 0, got ${ms}`);
        delayMs = ms;
      }
      const previous = mode;
      mode = next;
      if (next === 'blackhole') {
        for (const conn of conns) {
          conn.blackholed = true;
          // A side paused for backpressure would stop being read; a blackhole reads and discards.
          conn.client.resume();
          conn.upstream?.resume();
        }
      } else if (previous === 'blackhole') {
        for (const conn of conns) {
          if (!conn.blackholed) continue;
          reset(conn.client);
          reset(conn.upstream);
        }
      }
    },
    resetAll() {
      for (const conn of conns) {
        reset(conn.client);
        reset(conn.upstream);
      }
    },
    closeAll() {
      for (const conn of conns) {
        // Behind any delayed chunks, so the bytes already sent arrive before the FIN.
        enqueue(conn.down, 0, () => endSocket(conn.client));
        enqueue(conn.up, 0, () => endSocket(conn.upstream));
        // A peer that never answers our FIN would hold the connection open forever.
        void sleep(GRACEFUL_CLOSE_MS, undefined, { ref: false }).then(() => {
          conn.client.destroy();
          conn.upstream?.destroy();
        });
      }
    },
    stats() {
      return { accepted: counters.accepted, open: conns.size, bytesUp: counters.bytesUp, bytesDown: counters.bytesDown };
    },
    async close() {
      // server.close() waits for every accepted connection to end, so end them first.
      const left = [...conns];
      for (const conn of left) {
        conn.client.destroy();
        conn.upstream?.destroy();
      }
      await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), ...left.map((conn) => conn.gone)]);
    },
  };
}
