// Rate limits in cluster mode (issue 19): a caller spreading its calls over several processes gets
// the same rate as with one. The counts live in Redis (server/cluster/redis-limits.ts); these
// tests run its scripts against the machine's Redis, compare them with the in-memory counters
// they replace, and check the limits through two servers on one PostgreSQL.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlidingCounter } from '../../server/accounts/sliding-counter';
import { RedisLimitStores } from '../../server/cluster/redis-limits';
import type { FastifyBaseLogger } from 'fastify';
import { startCluster, CLUSTER_REDIS_URL, type TestCluster } from './helpers/cluster';
import type { TestServer } from './helpers/server';
import { freshMobile } from './helpers/server';

const quietLog = { warn: () => {}, error: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const prefix = () => `chatbot:test-${randomBytes(4).toString('hex')}:limit:`;

describe('the Redis counts', () => {
  let one: RedisLimitStores;
  let two: RedisLimitStores;
  let shared: string;
  beforeAll(async () => {
    shared = prefix();
    // two connections, as two processes would have
    one = await RedisLimitStores.open(CLUSTER_REDIS_URL, shared, quietLog);
    two = await RedisLimitStores.open(CLUSTER_REDIS_URL, shared, quietLog);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('a token bucket is one bucket for every process: its burst once, then a wait', async () => {
    const rate = { burst: 5, perSecond: 0.5 };
    const a = one.buckets('calls', rate);
    const b = two.buckets('calls', rate);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await (i % 2 ? b : a).take('user-1'));
    expect(answers).toEqual([0, 0, 0, 0, 0]);
    const wait = await b.take('user-1');
    // one token comes back every 2 s
    expect(wait).toBeGreaterThan(1_000);
    expect(wait).toBeLessThanOrEqual(2_000);
    // another key, another bucket; more than the burst at once never passes
    expect(await a.take('user-2', 5)).toBe(0);
    expect(await a.take('user-3', 6)).toBe(Infinity);
  });

  it('simultaneous takes from two processes never pass more than the burst', async () => {
    const rate = { burst: 20, perSecond: 0.01 };
    const takes = Array.from({ length: 60 }, (_, i) => (i % 2 ? one : two).buckets('race', rate).take('same'));
    const answers = await Promise.all(takes);
    expect(answers.filter((w) => w === 0)).toHaveLength(20);
  });

  it('a sliding window answers as the in-memory counter it replaces, for one script of events', async () => {
    const limit = 4;
    const windowMs = 60_000;
    const local = new SlidingCounter(limit, windowMs, 100);
    const remote = [one.windows('codes', limit, windowMs), two.windows('codes', limit, windowMs)];
    // events at irregular times, some past the window, over two keys and two processes
    let now = 1_000_000;
    const steps = [0, 5_000, 1, 20_000, 30_000, 9_000, 70_000, 2, 2, 2, 59_999, 60_000, 120_000, 3];
    for (const [i, step] of steps.entries()) {
      now += step;
      const key = i % 3 === 0 ? 'client-b' : 'client-a';
      const store = remote[i % 2]!;
      expect(await store.waitMs(key, now)).toBe(local.waitMs(key, now));
      if (local.waitMs(key, now) === 0) {
        local.add(key, now);
        await store.add(key, now);
      }
    }
    expect(await remote[0]!.waitMs('client-a', now)).toBe(local.waitMs('client-a', now));
  });

  it('a limit of 0 allows nothing; a key nobody used waits for nothing', async () => {
    expect(await one.windows('none', 0, 5_000).waitMs('x', 1)).toBe(5_000);
    expect(await one.windows('fresh', 3, 5_000).waitMs('never-seen', 1)).toBe(0);
  });

  it('when Redis does not answer, the limit lets the call through', async () => {
    const gone = await RedisLimitStores.open(CLUSTER_REDIS_URL, prefix(), quietLog);
    await gone.close();
    expect(await gone.buckets('calls', { burst: 1, perSecond: 1 }).take('k')).toBe(0);
  });
});

describe('through two servers', () => {
  let cluster: TestCluster;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    cluster = await startCluster(2, {
      floodLimits: { userCalls: { burst: 6, perSecond: 0.01 } },
      otpLimits: { sendsPerClient: 3 },
    });
    [a, b] = cluster.nodes as [TestServer, TestServer];
  }, 60_000);
  afterAll(() => cluster?.close(), 30_000);

  it('one user\'s API calls count once across processes: the burst, then 429 on either', async () => {
    // signing in sends one code from this address (sendsPerClient 3 below counts it)
    const me = await a.signIn();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await (i % 2 ? b : a).call('getProfile', {}, { session: me })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('sign-in codes asked from one address count once across processes', async () => {
    // one code went out in the test above; two more, on either process, then the address waits
    expect((await b.call('sendOtp', { mobile: freshMobile() })).status).toBe(200);
    expect((await a.call('sendOtp', { mobile: freshMobile() })).status).toBe(200);
    const refused = await b.call('sendOtp', { mobile: freshMobile() });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: expect.stringContaining('Too many sign-in codes were asked from your network') });
    expect((await a.call('sendOtp', { mobile: freshMobile() })).status).toBe(429);
  });
});
