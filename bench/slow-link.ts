// A phone's slow link between the browser and the reference server, for bench/network.bench.ts:
// a TCP proxy on 127.0.0.1 that delays every chunk by half the round trip and paces each
// direction to its bandwidth, shared by all connections (one radio link: the page, its workers,
// the service worker and the WebSocket all queue on it). Chromium's DevTools emulation throttles
// only the requests of the page it is attached to, not a dedicated worker's socket, which is how
// this app sends; a proxy throttles everything honestly.
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface LinkProfile {
  rttMs: number;
  downKbps: number;
  upKbps: number;
}

/** One direction of the link: a chunk leaves when the link is free and half the RTT has passed. */
class Lane {
  private freeAt = 0;
  constructor(private readonly bytesPerMs: number, private readonly delayMs: number) {}

  send(to: Socket, chunk: Buffer): void {
    const now = performance.now();
    const start = Math.max(now, this.freeAt);
    this.freeAt = start + chunk.length / this.bytesPerMs;
    const due = this.freeAt + this.delayMs - now;
    setTimeout(() => {
      if (!to.destroyed) to.write(chunk);
    }, due);
  }

  /** Closes `to` after what is queued for it has gone. */
  end(to: Socket): void {
    const due = Math.max(0, this.freeAt - performance.now()) + this.delayMs;
    setTimeout(() => to.end(), due);
  }
}

export interface SlowLink {
  url: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:0 and forwards to `target` (http://127.0.0.1:port) through the link. */
export async function openSlowLink(target: string, profile: LinkProfile): Promise<SlowLink> {
  const upstream = new URL(target);
  const down = new Lane((profile.downKbps * 1000) / 8 / 1000, profile.rttMs / 2);
  const up = new Lane((profile.upKbps * 1000) / 8 / 1000, profile.rttMs / 2);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const server = connect(Number(upstream.port), upstream.hostname);
    for (const s of [client, server]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        server.destroy();
      });
    }
    client.on('data', (chunk: Buffer) => up.send(server, chunk));
    server.on('data', (chunk: Buffer) => down.send(client, chunk));
    client.on('end', () => up.end(server));
    server.on('end', () => down.end(client));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('slow link: not a TCP address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}
