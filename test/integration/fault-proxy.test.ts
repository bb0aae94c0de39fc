// The fault proxy of test/support, proved mode by mode against a real node:http server and a
// real WebSocket, so the engine's network tests can trust what it injects.
import { createServer, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';

async function waitFor(cond: () => boolean, timeoutMs = 2_000, what = 'condition'): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!cond()) {
    if (performance.now() > deadline) throw new Error(`waitFor: ${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A server that answers every HTTP request with "<name> <path>" and echoes WebSocket messages as "<name>:<message>". */
interface Upstream {
  name: string;
  port: number;
  close(): Promise<void>;
}

async function startUpstream(name: string): Promise<Upstream> {
  const http: Server = createServer((req, res) => {
    res.setHeader('content-type', 'text/plain');
    res.end(`${name} ${req.url ?? ''}`);
  });
  const wss = new WebSocketServer({ server: http });
  wss.on('connection', (ws) => {
    ws.on('error', () => undefined);
    // Prefixed with the server's name, so a test can tell where a connection leads.
    ws.on('message', (data) => ws.send(`${name}:${String(data)}`));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    name,
    port,
    async close() {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

interface Client {
  ws: WebSocket;
  messages: string[];
  closed: Promise<number>;
  isClosed(): boolean;
}

function openWs(proxy: FaultProxy): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(proxy.url.replace('http:', 'ws:'));
    const messages: string[] = [];
    let done = false;
    const closed = new Promise<number>((settle) =>
      ws.on('close', (code) => {
        done = true;
        settle(code);
      }),
    );
    ws.on('message', (data) => messages.push(String(data)));
    ws.on('error', reject);
    ws.on('open', () => resolve({ ws, messages, closed, isClosed: () => done }));
  });
}

async function text(url: string, init?: RequestInit): Promise<string> {
  const res = await fetch(url, init);
  return res.text();
}

/** A bare TCP client that sends one HTTP request and records what comes back, down to the error code. */
function rawRequest(proxy: FaultProxy): { received: number; error: string | undefined } {
  const state: { received: number; error: string | undefined } = { received: 0, error: undefined };
  const socket = net.connect(proxy.port, '127.0.0.1', () => socket.write('GET /raw HTTP/1.1\r\nhost: x\r\n\r\n'));
  socket.on('data', (chunk) => (state.received += chunk.length));
  socket.on('error', (err: NodeJS.ErrnoException) => (state.error = err.code ?? err.message));
  return state;
}

function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err,
  );
}

describe('fault proxy', () => {
  let a: Upstream;
  let b: Upstream;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    a = await startUpstream('A');
    b = await startUpstream('B');
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function proxyTo(upstream: Upstream, port?: number): Promise<FaultProxy> {
    const proxy = await startFaultProxy({ targetPort: upstream.port, ...(port === undefined ? {} : { port }) });
    cleanups.push(() => proxy.close());
    return proxy;
  }

  /** Sends msg and resolves with its echo, which names the server that answered. */
  async function echo(client: Client, msg: string): Promise<string | undefined> {
    const seen = client.messages.length;
    client.ws.send(msg);
    await waitFor(() => client.messages.length > seen, 2_000, `echo of ${msg}`);
    return client.messages.at(-1);
  }

  it('pass forwards HTTP and a WebSocket echo, and counts both', async () => {
    const proxy = await proxyTo(a);
    expect(proxy.url).toBe(`http://127.0.0.1:${proxy.port}`);
    expect(await text(`${proxy.url}/hello`)).toBe('A /hello');
    const client = await openWs(proxy);
    expect(await echo(client, 'ping')).toBe('A:ping');
    const stats = proxy.stats();
    expect(stats.accepted).toBe(2);
    expect(stats.open).toBe(2);
    expect(stats.bytesUp).toBeGreaterThan(0);
    expect(stats.bytesDown).toBeGreaterThan(0);
  });

  it('delay adds at least the delay each way and keeps the order of many frames, also when it ends', async () => {
    const proxy = await proxyTo(a);
    const delayMs = 80;
    proxy.setMode('delay', { delayMs });
    const t0 = performance.now();
    expect(await text(`${proxy.url}/slow`)).toBe('A /slow');
    // The request and the response each wait.
    expect(performance.now() - t0).toBeGreaterThanOrEqual(2 * delayMs);

    const client = await openWs(proxy);
    const first = Array.from({ length: 200 }, (_, i) => `m${i}`);
    for (const msg of first) client.ws.send(msg);
    await waitFor(() => client.messages.length === first.length, 3_000, 'delayed frames');
    expect(client.messages).toEqual(first.map((m) => `A:${m}`));

    // Bytes sent after the delay ends must still queue behind the delayed ones.
    const second = Array.from({ length: 100 }, (_, i) => `n${i}`);
    const upBefore = proxy.stats().bytesUp;
    for (const msg of second.slice(0, 50)) client.ws.send(msg);
    // The one sleep here: nothing outside the proxy shows bytes sitting in its queue, and 20 ms is
    // ample on loopback for them to reach it, yet well inside the delay, as the check below shows.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(proxy.stats().bytesUp).toBe(upBefore);
    proxy.setMode('pass');
    for (const msg of second.slice(50)) client.ws.send(msg);
    await waitFor(() => client.messages.length === first.length + second.length, 3_000, 'frames around the switch');
    expect(client.messages.slice(first.length)).toEqual(second.map((m) => `A:${m}`));
  });

  it('drop refuses a new fetch while an open WebSocket keeps working', async () => {
    const proxy = await proxyTo(a);
    const client = await openWs(proxy);
    proxy.setMode('drop');
    const err = await failure(fetch(`${proxy.url}/refused`));
    expect(err).toBeInstanceOf(TypeError);
    expect((err as TypeError).message).toBe('fetch failed');
    expect(await echo(client, 'still here')).toBe('A:still here');
    expect(proxy.stats()).toMatchObject({ accepted: 2, open: 1 });

    proxy.setMode('pass');
    expect(await text(`${proxy.url}/back`)).toBe('A /back');
  });

  it('blackhole swallows both ways until it ends, then resets what it held', async () => {
    const proxy = await proxyTo(a);
    const client = await openWs(proxy);
    expect(await echo(client, 'before')).toBe('A:before');
    proxy.setMode('blackhole');
    const before = proxy.stats();
    client.ws.send('lost');
    const raw = rawRequest(proxy);
    const err = await failure(fetch(`${proxy.url}/void`, { signal: AbortSignal.timeout(300) }));
    expect((err as Error).name).toBe('TimeoutError');
    // 300 ms on loopback is ample for an echo, had the bytes gone through.
    expect(client.messages).toEqual(['A:before']);
    expect(client.isClosed()).toBe(false);
    expect(proxy.stats()).toMatchObject({ bytesUp: before.bytesUp, bytesDown: before.bytesDown });

    proxy.setMode('pass');
    expect(await client.closed).toBe(1006);
    await waitFor(() => raw.error !== undefined, 2_000, 'reset of the raw connection');
    expect(raw.error).toBe('ECONNRESET');
    expect(raw.received).toBe(0);
    expect(await text(`${proxy.url}/after`)).toBe('A /after');
  });

  it('resetAll breaks an open WebSocket abruptly', async () => {
    const proxy = await proxyTo(a);
    const client = await openWs(proxy);
    expect(await echo(client, 'hi')).toBe('A:hi');
    proxy.resetAll();
    // 1006: closed without a close frame, which is what a reset looks like to ws.
    expect(await client.closed).toBe(1006);
    await waitFor(() => proxy.stats().open === 0, 2_000, 'connections gone');
  });

  it('setTarget sends new connections to another server; existing ones stay', async () => {
    const proxy = await proxyTo(a);
    const onA = await openWs(proxy);
    proxy.setTarget(b.port);
    const onB = await openWs(proxy);
    expect(await echo(onB, 'new')).toBe('B:new');
    expect(await echo(onA, 'old')).toBe('A:old');
    // After a graceful close of everything (a server restart), fetch starts over on B.
    proxy.closeAll();
    await Promise.all([onA.closed, onB.closed]);
    await waitFor(() => proxy.stats().open === 0, 2_000, 'graceful close');
    expect(await text(`${proxy.url}/x`)).toBe('B /x');
  });

  it('keeps a fixed port across restarts, and a dead target shows as a failed fetch', async () => {
    const first = await startFaultProxy({ targetPort: a.port });
    const port = first.port;
    await first.close();
    const proxy = await proxyTo(a, port);
    expect(proxy.port).toBe(port);
    expect(await text(`${proxy.url}/again`)).toBe('A /again');

    // A port with nothing listening: the proxy accepts, the upstream connect fails, the client is reset.
    const gone = await startUpstream('gone');
    await gone.close();
    proxy.setTarget(gone.port);
    proxy.closeAll();
    await waitFor(() => proxy.stats().open === 0, 2_000, 'graceful close');
    const err = await failure(fetch(`${proxy.url}/dead`));
    expect(err).toBeInstanceOf(TypeError);
  });

  it('close() resolves with connections open, and they end', async () => {
    const proxy = await startFaultProxy({ targetPort: a.port });
    const client = await openWs(proxy);
    expect(await text(`${proxy.url}/idle`)).toBe('A /idle');
    proxy.setMode('blackhole');
    // Goes out on the idle keep-alive connection, now blackholed, and hangs there.
    const pending = failure(fetch(`${proxy.url}/hang`));
    await proxy.close();
    expect(proxy.stats().open).toBe(0);
    expect(await client.closed).toBe(1006);
    expect(await pending).toBeInstanceOf(TypeError);
  });
});
