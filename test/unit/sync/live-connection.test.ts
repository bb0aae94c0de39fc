import { describe, expect, it } from 'vitest';
import { SOCKET_REPLY_TIMEOUT_MS, SOCKET_URL_MAX_RETRIES, SOCKET_URL_RETRY_MS } from '../../../src/domain/constants';
import { BadStatusError } from '../../../src/domain/errors';
import type { SocketFrameOut } from '../../../src/api/messages';
import { SERVER_RESTART_CLOSE } from '../../../src/api/socket-close';
import type { Clock } from '../../../src/sync/http-client';
import { DELAYED_CLOSE, LiveConnection, type LiveConnectionDeps, type SocketState, type WebSocketLike } from '../../../src/sync/live-connection';
import type { WireError } from '../../../src/sync/wire-checks';

/** Lets the connection's awaits (sessionMatches, getSocketUrl) run. */
const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A manual clock: timers run only in advance(), in time order. */
class ManualClock implements Clock {
  private time = 1_000_000;
  private seq = 0;
  private timers: { id: number; at: number; fn: () => void }[] = [];

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.timers.push({ id, at: this.time + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  pending(): number {
    return this.timers.length;
  }

  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    await flush();
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.fn();
      await flush();
    }
    this.time = target;
    await flush();
  }
}

class FakeSocket implements WebSocketLike {
  readyState = 0;
  readonly sent: string[] = [];
  readonly closeCalls: [number | undefined, string | undefined][] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(data);
  }

  close(code?: number, reason?: string): void {
    this.closeCalls.push([code, reason]);
    this.readyState = 2;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  serverSend(text: string): void {
    this.onmessage?.({ data: text });
  }

  serverClose(code: number, reason: string, wasClean: boolean): void {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({ code, reason, wasClean });
  }
}

const goodMessageFrame = JSON.stringify({
  action: 'message-received',
  body: {
    bot_uuid: 'bot1',
    message: { message_id: 'm1', sk: '001700000000000_000000001_m1', timestamp: 1_700_000_000_000, from: 'bot', type: 'text', text: { body: 'hi' } },
  },
});
const pong = JSON.stringify({ action: 'pong', body: {} });
const ping = { action: 'ping' } as const;

function setup(over: Partial<LiveConnectionDeps> = {}) {
  const clock = new ManualClock();
  const sockets: FakeSocket[] = [];
  const states: SocketState[] = [];
  const frames: SocketFrameOut[] = [];
  const wireErrors: WireError[] = [];
  const h = {
    clock,
    sockets,
    states,
    frames,
    wireErrors,
    urlCalls: 0,
    unauthorised: 0,
    opens: 0,
    online: true,
    outstanding: 0,
    urlError: null as unknown,
    conn: null as unknown as LiveConnection,
    get socket(): FakeSocket {
      const s = sockets[sockets.length - 1];
      if (!s) throw new Error('no socket yet');
      return s;
    },
  };
  const deps: LiveConnectionDeps = {
    getSocketUrl: () => {
      h.urlCalls += 1;
      return h.urlError !== null ? Promise.reject(h.urlError) : Promise.resolve(`wss://example.test/ws?ticket=${h.urlCalls}`);
    },
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    clock,
    isOnline: () => h.online,
    sessionMatches: () => Promise.resolve(true),
    onState: (s) => states.push(s),
    onUnauthorised: () => {
      h.unauthorised += 1;
    },
    onOpen: () => {
      h.opens += 1;
    },
    onFrame: (f) => frames.push(f),
    onWireError: (e) => wireErrors.push(e),
    outstanding: () => h.outstanding,
    ...over,
  };
  h.conn = new LiveConnection(deps);
  return h;
}

/** Starts and opens the first socket. */
async function openConnection(h: ReturnType<typeof setup>): Promise<FakeSocket> {
  h.conn.start();
  await flush();
  const s = h.socket;
  s.open();
  return s;
}

describe('LiveConnection', () => {
  it('reports -1 → 0 → 1 and opens on the address it was given', async () => {
    const h = setup();
    expect(h.conn.socketState).toBe(-1);
    expect(h.conn.isOpen()).toBe(false);
    h.conn.start();
    await flush();
    expect(h.urlCalls).toBe(1);
    expect(h.sockets).toHaveLength(1);
    expect(h.socket.url).toBe('wss://example.test/ws?ticket=1');
    expect(h.states).toEqual([0]);
    expect(h.conn.send(ping)).toBe(false); // not open yet: the caller keeps it queued
    h.socket.open();
    expect(h.states).toEqual([0, 1]);
    expect(h.opens).toBe(1);
    expect(h.conn.isOpen()).toBe(true);
    expect(h.conn.send(ping)).toBe(true);
    expect(h.socket.sent).toEqual([JSON.stringify(ping)]);
  });

  it('a failed address request is retried every 5,000 ms, 100 times, and nudge() starts again', async () => {
    const h = setup();
    h.urlError = new Error('network down');
    h.conn.start();
    await flush();
    expect(h.urlCalls).toBe(1);
    await h.clock.advance(SOCKET_URL_RETRY_MS - 1);
    expect(h.urlCalls).toBe(1);
    await h.clock.advance(1);
    expect(h.urlCalls).toBe(2);
    await h.clock.advance(SOCKET_URL_RETRY_MS - 1);
    expect(h.urlCalls).toBe(2);
    await h.clock.advance(1);
    expect(h.urlCalls).toBe(3);
    for (let i = 0; i < SOCKET_URL_MAX_RETRIES + 20; i++) await h.clock.advance(SOCKET_URL_RETRY_MS);
    expect(h.urlCalls).toBe(1 + SOCKET_URL_MAX_RETRIES);
    expect(h.clock.pending()).toBe(0);
    expect(h.sockets).toHaveLength(0);

    h.urlError = null;
    h.conn.nudge();
    await flush();
    expect(h.urlCalls).toBe(2 + SOCKET_URL_MAX_RETRIES);
    expect(h.sockets).toHaveLength(1);
  });

  it('nudge() after giving up has a fresh retry budget', async () => {
    const h = setup({ maxRetries: 2 });
    h.urlError = new Error('down');
    h.conn.start();
    for (let i = 0; i < 5; i++) await h.clock.advance(SOCKET_URL_RETRY_MS);
    expect(h.urlCalls).toBe(3);
    h.conn.nudge();
    for (let i = 0; i < 5; i++) await h.clock.advance(SOCKET_URL_RETRY_MS);
    expect(h.urlCalls).toBe(6);
  });

  it.each([
    ['a 401', new BadStatusError(401)],
    ["'User Unauthorised' with another status", new BadStatusError(403, 'User Unauthorised')],
  ])('%s from the address request calls onUnauthorised and stops retrying', async (_name, err) => {
    const h = setup();
    h.urlError = err;
    h.conn.start();
    await flush();
    expect(h.unauthorised).toBe(1);
    expect(h.conn.socketState).toBe(3);
    await h.clock.advance(10 * SOCKET_URL_RETRY_MS);
    expect(h.urlCalls).toBe(1);
    expect(h.unauthorised).toBe(1);
    expect(h.sockets).toHaveLength(0);
  });

  it('another bad status is retried', async () => {
    const h = setup();
    h.urlError = new BadStatusError(500, 'oops');
    h.conn.start();
    await h.clock.advance(SOCKET_URL_RETRY_MS);
    expect(h.urlCalls).toBe(2);
    expect(h.unauthorised).toBe(0);
  });

  it('an error frame with statusCode 401 calls onUnauthorised and nothing reconnects', async () => {
    const h = setup();
    const s = await openConnection(h);
    s.serverSend(JSON.stringify({ action: 'error', body: { statusCode: 401, message: 'User Unauthorised' } }));
    expect(h.unauthorised).toBe(1);
    expect(h.frames).toEqual([]);
    // the connection is over at once: closed by us, reported closed
    expect(h.states.slice(-2)).toEqual([2, 3]);
    s.serverClose(1000, 'unauthorised', true);
    await h.clock.advance(10 * SOCKET_URL_RETRY_MS);
    expect(h.urlCalls).toBe(1);
    expect(h.sockets).toHaveLength(1);
  });

  it('an error frame with another status is an ordinary frame', async () => {
    const h = setup();
    const s = await openConnection(h);
    s.serverSend(JSON.stringify({ action: 'error', body: { statusCode: 400, message: 'bad', client_message_id: 'c1' } }));
    expect(h.unauthorised).toBe(0);
    expect(h.frames).toEqual([{ action: 'error', body: { statusCode: 400, message: 'bad', client_message_id: 'c1' } }]);
  });

  it.each([
    ['an unclean close', 1006, '', false],
    ['a close with a reason', 1001, 'going away', true],
  ])('%s after the socket lived 5 s asks for a new address at once', async (_name, code, reason, wasClean) => {
    const h = setup();
    const s = await openConnection(h);
    await h.clock.advance(SOCKET_URL_RETRY_MS);
    s.serverClose(code, reason, wasClean);
    expect(h.conn.socketState).toBe(3);
    await h.clock.advance(0);
    expect(h.urlCalls).toBe(2);
    expect(h.sockets).toHaveLength(2);
    h.socket.open();
    expect(h.states).toEqual([0, 1, 3, 0, 1]);
  });

  it('a socket that keeps closing right away waits 5 s between tries', async () => {
    const h = setup();
    let s = await openConnection(h);
    for (let round = 1; round <= 3; round++) {
      await h.clock.advance(100);
      s.serverClose(1006, '', false);
      await h.clock.advance(SOCKET_URL_RETRY_MS - 1);
      expect(h.urlCalls).toBe(round);
      await h.clock.advance(1);
      expect(h.urlCalls).toBe(round + 1);
      s = h.socket;
      s.open();
    }
  });

  it('a server that is stopping (1012) is left at once, however young the socket, again and again', async () => {
    const h = setup();
    let s = await openConnection(h);
    for (let round = 1; round <= 3; round++) {
      await h.clock.advance(100);
      s.serverClose(SERVER_RESTART_CLOSE, 'Server restarting', true);
      await h.clock.advance(0);
      expect(h.urlCalls).toBe(round + 1);
      s = h.socket;
      s.open();
    }
    expect(SERVER_RESTART_CLOSE).toBe(1012);
  });

  it('a socket that closes before opening waits 5 s', async () => {
    const h = setup();
    h.conn.start();
    await flush();
    h.socket.serverClose(1006, '', false);
    await h.clock.advance(SOCKET_URL_RETRY_MS - 1);
    expect(h.urlCalls).toBe(1);
    await h.clock.advance(1);
    expect(h.urlCalls).toBe(2);
  });

  it('a clean close without a reason also asks for a new address (after 5 s)', async () => {
    const h = setup();
    const s = await openConnection(h);
    await h.clock.advance(60_000);
    s.serverClose(1000, '', true);
    await h.clock.advance(SOCKET_URL_RETRY_MS - 1);
    expect(h.urlCalls).toBe(1);
    await h.clock.advance(1);
    expect(h.urlCalls).toBe(2);
  });

  it('no frame within 90 s of a send closes the socket with 4000 and asks for a new address', async () => {
    const h = setup();
    const s = await openConnection(h);
    h.outstanding = 1;
    expect(h.conn.send(ping)).toBe(true);
    await h.clock.advance(SOCKET_REPLY_TIMEOUT_MS - 1);
    expect(s.closeCalls).toEqual([]);
    expect(h.conn.isOpen()).toBe(true);
    await h.clock.advance(1);
    expect(s.closeCalls).toEqual([[DELAYED_CLOSE, 'reply timeout']]);
    expect(DELAYED_CLOSE).toBe(4000);
    // closing, closed, and at once (no wait) the next address and socket
    expect(h.states).toEqual([0, 1, 2, 3, 0]);
    expect(h.urlCalls).toBe(2);
    expect(h.sockets).toHaveLength(2);
    // the old socket's late close event changes nothing
    s.serverClose(4000, 'reply timeout', true);
    await h.clock.advance(SOCKET_URL_RETRY_MS);
    expect(h.urlCalls).toBe(2);
  });

  it('a second send does not push the reply deadline back', async () => {
    const h = setup();
    const s = await openConnection(h);
    h.outstanding = 1;
    h.conn.send(ping);
    await h.clock.advance(60_000);
    h.outstanding = 2;
    h.conn.send(ping);
    await h.clock.advance(SOCKET_REPLY_TIMEOUT_MS - 60_000);
    expect(s.closeCalls).toEqual([[DELAYED_CLOSE, 'reply timeout']]);
  });

  it('a frame before 90 s re-arms the timer while sends are outstanding', async () => {
    const h = setup();
    const s = await openConnection(h);
    h.outstanding = 1;
    h.conn.send(ping);
    await h.clock.advance(60_000);
    s.serverSend(pong);
    await h.clock.advance(SOCKET_REPLY_TIMEOUT_MS - 1);
    expect(s.closeCalls).toEqual([]);
    await h.clock.advance(1);
    expect(s.closeCalls).toEqual([[DELAYED_CLOSE, 'reply timeout']]);
  });

  it('a frame that answers the last outstanding send clears the timer', async () => {
    const h = setup();
    const s = await openConnection(h);
    h.outstanding = 1;
    h.conn.send(ping);
    await h.clock.advance(30_000);
    h.outstanding = 0;
    s.serverSend(goodMessageFrame);
    expect(h.clock.pending()).toBe(0);
    await h.clock.advance(10 * SOCKET_REPLY_TIMEOUT_MS);
    expect(s.closeCalls).toEqual([]);
    expect(h.conn.isOpen()).toBe(true);
  });

  it('a session that no longer matches never opens', async () => {
    const h = setup({ sessionMatches: () => Promise.resolve(false) });
    h.conn.start();
    await h.clock.advance(10 * SOCKET_URL_RETRY_MS);
    expect(h.urlCalls).toBe(0);
    expect(h.sockets).toHaveLength(0);
    expect(h.conn.socketState).toBe(3);
    h.conn.nudge();
    await flush();
    expect(h.sockets).toHaveLength(0);
  });

  it('offline: does not even ask for an address; nudge() when online does', async () => {
    const h = setup();
    h.online = false;
    h.conn.start();
    await h.clock.advance(10 * SOCKET_URL_RETRY_MS);
    expect(h.urlCalls).toBe(0);
    expect(h.states).toEqual([]);
    h.online = true;
    h.conn.nudge();
    await flush();
    expect(h.urlCalls).toBe(1);
    expect(h.sockets).toHaveLength(1);
  });

  it('nudge() while open or connecting does nothing', async () => {
    const h = setup();
    h.conn.start();
    await flush();
    h.conn.nudge();
    await flush();
    expect(h.urlCalls).toBe(1);
    h.socket.open();
    h.conn.nudge();
    await flush();
    expect(h.urlCalls).toBe(1);
    expect(h.sockets).toHaveLength(1);
  });

  it('a malformed frame goes to onWireError and the next good frame still reaches onFrame', async () => {
    const h = setup();
    const s = await openConnection(h);
    s.serverSend('{not json');
    s.serverSend(JSON.stringify({ action: 'teleport' }));
    expect(h.wireErrors.map((e) => e.message)).toEqual(['frame is not JSON', 'unknown action teleport']);
    expect(h.frames).toEqual([]);
    s.serverSend(goodMessageFrame);
    expect(h.frames).toHaveLength(1);
    expect(h.frames[0]!.action).toBe('message-received');
    expect(h.conn.isOpen()).toBe(true);
  });

  it('stop() closes the socket and nothing retries after', async () => {
    const h = setup();
    const s = await openConnection(h);
    h.outstanding = 1;
    h.conn.send(ping);
    h.conn.stop();
    expect(s.closeCalls).toEqual([[1000, 'stopped']]);
    expect(h.states).toEqual([0, 1, 2, 3]);
    expect(h.conn.isOpen()).toBe(false);
    expect(h.clock.pending()).toBe(0);
    s.serverClose(1006, '', false);
    await h.clock.advance(10 * SOCKET_REPLY_TIMEOUT_MS);
    expect(h.urlCalls).toBe(1);
    expect(h.sockets).toHaveLength(1);
    h.conn.nudge();
    await flush();
    expect(h.urlCalls).toBe(1);
  });

  it('stop() while the address request is in flight opens nothing', async () => {
    let resolveUrl: (url: string) => void = () => {};
    const h = setup({ getSocketUrl: () => new Promise<string>((resolve) => (resolveUrl = resolve)) });
    h.conn.start();
    await flush();
    h.conn.stop();
    resolveUrl('wss://late');
    await h.clock.advance(10 * SOCKET_URL_RETRY_MS);
    expect(h.sockets).toHaveLength(0);
  });

  it('stop() during a retry wait cancels the retry', async () => {
    const h = setup();
    h.urlError = new Error('down');
    h.conn.start();
    await flush();
    h.conn.stop();
    await h.clock.advance(10 * SOCKET_URL_RETRY_MS);
    expect(h.urlCalls).toBe(1);
  });
});
