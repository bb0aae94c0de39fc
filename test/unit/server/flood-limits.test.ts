// The flood limits' parts with an injected clock: token buckets, the per-user send lane and
// call buckets, the per-socket frame flow, and the limits read from the environment.
import { describe, expect, it } from 'vitest';
import { FLOOD_CLOSE, FrameFlow, REFUSAL_HOLD_MS } from '../../../server/bots/frame-flow';
import { REPLACED_CLOSE, SocketHub } from '../../../server/bots/hub';
import { DEFAULT_FLOOD_LIMITS, floodLimitsFromEnv, resolveFloodLimits } from '../../../server/config/flood-limits';
import { HttpError } from '../../../server/http/errors';
import { FloodGuard } from '../../../server/http/flood-guard';
import { BucketMap, TokenBucket } from '../../../server/http/token-bucket';

function manualClock(start = 1000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => { time += ms; } };
}

describe('TokenBucket', () => {
  it('lets a burst through at once, then the steady rate', () => {
    const clock = manualClock();
    const bucket = new TokenBucket({ burst: 3, perSecond: 2 }, clock.now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    expect(bucket.waitMs()).toBe(500);
    clock.advance(499);
    expect(bucket.take()).toBe(false);
    clock.advance(1);
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
  });

  it('never holds more than the burst, however long it waits', () => {
    const clock = manualClock();
    const bucket = new TokenBucket({ burst: 2, perSecond: 10 }, clock.now);
    clock.advance(3_600_000);
    expect(bucket.take(2)).toBe(true);
    expect(bucket.take()).toBe(false);
    expect(bucket.isFull()).toBe(false);
  });

  it('takes n at once or nothing; more than the burst never comes', () => {
    const clock = manualClock();
    const bucket = new TokenBucket({ burst: 5, perSecond: 1 }, clock.now);
    expect(bucket.take(4)).toBe(true);
    expect(bucket.take(2)).toBe(false);
    expect(bucket.take(1)).toBe(true);
    expect(bucket.waitMs(6)).toBe(Infinity);
  });

  it('refuses a rate it cannot keep', () => {
    expect(() => new TokenBucket({ burst: 0, perSecond: 1 })).toThrow();
    expect(() => new TokenBucket({ burst: 1, perSecond: 0 })).toThrow();
  });
});

describe('BucketMap', () => {
  it('keeps one bucket per key and forgets the full ones', () => {
    const clock = manualClock();
    const map = new BucketMap({ burst: 1, perSecond: 1 }, clock.now);
    expect(map.take('a')).toBe(0);
    expect(map.take('a')).toBe(1000);
    expect(map.take('b')).toBe(0);
    expect(map.size).toBe(2);
    clock.advance(1000);
    map.sweep();
    expect(map.size).toBe(0);
  });

  it('past maxKeys drops the buckets that have filled up again before adding one', () => {
    const clock = manualClock();
    const map = new BucketMap({ burst: 1, perSecond: 1 }, clock.now, 2);
    map.take('a');
    map.take('b');
    clock.advance(1000);
    map.take('c');
    expect(map.size).toBe(1);
  });
});

describe('FloodGuard', () => {
  const limits = resolveFloodLimits({ userCalls: { burst: 2, perSecond: 1 }, addressCalls: { burst: 1, perSecond: 1 }, userSends: { burst: 3, perSecond: 1 }, userSendQueue: 1 });

  it('counts calls per user when signed in, per address when not; 429 with Retry-After past them', () => {
    const clock = manualClock();
    const guard = new FloodGuard(limits, clock.now);
    guard.call({ userUuid: 'u1', address: '10.0.0.1' });
    guard.call({ userUuid: 'u1', address: '10.0.0.1' });
    guard.call({ address: '10.0.0.1' });
    guard.call({ userUuid: 'u2', address: '10.0.0.1' });
    let refused: unknown;
    try {
      guard.call({ userUuid: 'u1', address: '10.0.0.1' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(429);
    expect((refused as HttpError).headers['retry-after']).toBe('1');
    expect(() => guard.call({ address: '10.0.0.1' })).toThrow(HttpError);
    expect(() => guard.call({ address: '10.0.0.2' })).not.toThrow();
  });

  it("runs one user's sends one at a time, refuses past the queue and the rate, and runs nothing refused", async () => {
    const clock = manualClock();
    const guard = new FloodGuard(limits, clock.now);
    const order: string[] = [];
    let release!: () => void;
    const first = guard.send('u1', 1, async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => { release = resolve; });
      order.push('first ends');
    });
    const second = guard.send('u1', 1, async () => { order.push('second'); });
    // the queue (1 waiting) is full: refused at once, nothing run
    await expect(guard.send('u1', 1, async () => { order.push('third'); })).rejects.toMatchObject({ statusCode: 429 });
    // another user is not held up
    await guard.send('u2', 1, async () => { order.push('other user'); });
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'other user', 'first ends', 'second']);
    // the rate: 3 a burst, 2 taken; 2 more are over it
    await expect(guard.send('u1', 2, async () => { order.push('too many'); })).rejects.toMatchObject({ statusCode: 429, headers: { 'retry-after': '1' } });
    clock.advance(1000);
    await guard.send('u1', 2, async () => { order.push('after a second'); });
    expect(order.slice(-1)).toEqual(['after a second']);
  });

  it('a failing send releases its turn', async () => {
    const guard = new FloodGuard(limits, manualClock().now);
    await expect(guard.send('u1', 1, async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    await expect(guard.send('u1', 1, async () => 'ok')).resolves.toBe('ok');
  });
});

describe('FrameFlow', () => {
  function setup(opts: { burst?: number; backlog?: number; refusalsToClose?: number } = {}) {
    const clock = manualClock();
    const events: string[] = [];
    const handled: string[] = [];
    const refused: (string | undefined)[] = [];
    const gates: (() => void)[] = [];
    const flow = new FrameFlow({
      socket: {
        pause: () => events.push('pause'),
        resume: () => events.push('resume'),
        close: (code?: number) => events.push(`close ${code}`),
        terminate: () => events.push('terminate'),
      },
      frames: new TokenBucket({ burst: opts.burst ?? 100, perSecond: 10 }, clock.now),
      backlog: opts.backlog ?? 4,
      refusalsToClose: opts.refusalsToClose ?? 100,
      handle: (text) => new Promise<void>((resolve) => {
        handled.push(text);
        gates.push(resolve);
      }),
      refuse: (id) => refused.push(id),
      onError: () => {},
      clock: clock.now,
    });
    const settle = async () => {
      while (gates.length > 0) {
        gates.shift()!();
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    return { clock, flow, events, handled, refused, settle };
  }
  const send = (id: string) => JSON.stringify({ action: 'send-message', body: { bot_uuid: '1', message: { type: 'text', text: { body: 'x' }, client_message_id: id } } });

  it('handles frames one at a time, in order', async () => {
    const { flow, handled, settle } = setup();
    flow.push('a', false);
    flow.push('b', false);
    expect(handled).toEqual(['a']);
    expect(flow.waiting).toBe(1);
    await settle();
    expect(handled).toEqual(['a', 'b']);
  });

  it('pauses the socket when the backlog is full, refuses what was read past it, resumes at half', async () => {
    const { flow, events, handled, refused, settle } = setup({ backlog: 2 });
    for (const id of ['m1', 'm2', 'm3', 'm4']) flow.push(send(id), false);
    // m1 is being handled, m2 and m3 wait: full, paused; m4 refused with its id
    expect(events).toEqual(['pause']);
    expect(refused).toEqual(['m4']);
    await settle();
    expect(events).toEqual(['pause', 'resume']);
    expect(handled.length).toBe(3);
  });

  it('refuses frames past the rate, and every send for a moment after a refused send (order kept)', () => {
    const { flow, clock, handled, refused } = setup({ burst: 2 });
    flow.push(send('m1'), false);
    flow.push(send('m2'), false);
    flow.push(send('m3'), false);
    expect(refused).toEqual(['m3']);
    clock.advance(500); // a token came back, but m4 comes after the refused m3
    flow.push(send('m4'), false);
    expect(refused).toEqual(['m3', 'm4']);
    expect(flow.refusingSends()).toBe(true);
    clock.advance(REFUSAL_HOLD_MS);
    flow.push(send('m5'), false);
    expect(refused).toEqual(['m3', 'm4']);
    expect(handled.length).toBe(1);
    expect(flow.waiting).toBe(2);
  });

  it('closes a socket that goes on sending after refusalsToClose refusals in a row, and reads nothing more', () => {
    const { flow, events, refused } = setup({ burst: 1, refusalsToClose: 3 });
    for (let i = 0; i < 10; i++) flow.push(send(`m${i}`), false);
    expect(refused.length).toBe(3);
    expect(events).toContain(`close ${FLOOD_CLOSE}`);
    expect(events).toContain('pause');
  });
});

describe('flood limits from the environment', () => {
  it('reads rates as burst/perSecond and counts as whole numbers; blank is the default', () => {
    expect(floodLimitsFromEnv({ FLOOD_USER_SENDS: '50/5', FLOOD_SOCKETS_PER_USER: '3', FLOOD_USER_CALLS: ' ' })).toEqual({
      userSends: { burst: 50, perSecond: 5 },
      socketsPerUser: 3,
    });
    expect(resolveFloodLimits(floodLimitsFromEnv({}))).toEqual(DEFAULT_FLOOD_LIMITS);
  });

  it('names a bad variable', () => {
    expect(() => floodLimitsFromEnv({ FLOOD_USER_SENDS: '50' })).toThrow(/FLOOD_USER_SENDS/);
    expect(() => floodLimitsFromEnv({ FLOOD_USER_SENDS: '0/5' })).toThrow(/FLOOD_USER_SENDS/);
    expect(() => floodLimitsFromEnv({ FLOOD_SOCKET_BACKLOG: '1.5' })).toThrow(/FLOOD_SOCKET_BACKLOG/);
    expect(() => floodLimitsFromEnv({ FLOOD_SOCKET_SEND_BUFFER: '0' })).toThrow(/FLOOD_SOCKET_SEND_BUFFER/);
  });
});

describe('SocketHub limits', () => {
  class FakeSocket {
    readonly OPEN = 1;
    readyState = 1;
    bufferedAmount = 0;
    readonly sent: string[] = [];
    closedWith: number | undefined;
    terminated = false;
    send(text: string) { this.sent.push(text); }
    close(code: number) { this.closedWith = code; this.readyState = 3; }
    terminate() { this.terminated = true; this.readyState = 3; }
  }
  const log = { error: () => {}, warn: () => {} } as unknown as ConstructorParameters<typeof SocketHub>[2];
  const liveDb = { query: async (_sql: string, params: unknown[]) => (params[0] as string[]).map((h) => ({ id_hash: h, expires_at: Date.now() + 60_000 })) } as unknown as ConstructorParameters<typeof SocketHub>[0];

  it("closes a user's oldest socket (4002) when they open one past socketsPerUser; others' are not touched", () => {
    const hub = new SocketHub(liveDb, Date.now, log, { socketsPerUser: 2, socketSendBuffer: 1024 });
    const [a, b, c, other] = [new FakeSocket(), new FakeSocket(), new FakeSocket(), new FakeSocket()];
    const as = (s: FakeSocket) => s as unknown as Parameters<SocketHub['add']>[1];
    hub.add('u1', as(a), 's1');
    hub.add('u2', as(other), 's2');
    hub.add('u1', as(b), 's1');
    hub.add('u1', as(c), 's1');
    expect(a.closedWith).toBe(REPLACED_CLOSE);
    expect([b.closedWith, c.closedWith, other.closedWith]).toEqual([undefined, undefined, undefined]);
    expect(hub.count('u1')).toBe(2);
  });

  it('drops a socket whose unsent bytes pass socketSendBuffer, and still sends to the others', async () => {
    const hub = new SocketHub(liveDb, Date.now, log, { socketsPerUser: 10, socketSendBuffer: 1024 });
    const [slow, fine] = [new FakeSocket(), new FakeSocket()];
    slow.bufferedAmount = 1000;
    hub.add('u1', slow as unknown as Parameters<SocketHub['add']>[1], 's1');
    hub.add('u1', fine as unknown as Parameters<SocketHub['add']>[1], 's1');
    const sent = await hub.send('u1', { action: 'cart-updated', body: { bot_uuid: '1000000000000003' } });
    expect(sent).toBe(1);
    expect(slow.terminated).toBe(true);
    expect(slow.sent).toEqual([]);
    expect(fine.sent.length).toBe(1);
  });
});
