// Cluster mode's rate-limit counts in Redis (http/limit-stores.ts says why): every process reads
// and changes one count per key, each change one Lua script, so two processes never both take the
// last token. Keys live under one prefix per shared database (app.ts), expire once they would be
// full again, and are never listed.
//
// Token buckets run on Redis's own clock (TIME), so processes whose clocks differ still agree.
// Sliding windows take `now` from the caller, as the in-memory counter does: the sign-in limits
// are counted on the server's clock (ctx.now), which the tests move by hand.
//
// When Redis does not answer, a limit lets the call through and says so in the log (at most once
// a minute): a Redis outage must not refuse every API call of every user; the per-number sign-in
// limits, which matter most, are in PostgreSQL and still hold.
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { BucketStore, LimitStores, WindowStore } from '../http/limit-stores';
import type { Rate } from '../http/token-bucket';

/** KEYS[1] the bucket; ARGV burst, perSecond, n. Answers 0 (taken) or the ms to wait. */
const TAKE_TOKENS = `
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local n = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local held = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(held[1]) or burst
local at = tonumber(held[2]) or now
if now > at then
  tokens = math.min(burst, tokens + (now - at) / 1000 * rate)
  at = now
end
if tokens < n then
  return math.max(1, math.ceil((n - tokens) / rate * 1000))
end
tokens = tokens - n
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(at))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
return 0
`;

/** KEYS[1] the window; ARGV limit, windowMs, now. Answers the ms until one more event may come. */
const WINDOW_WAIT = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
if limit == 0 then return window end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count < limit then return 0 end
local oldest = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
return math.max(0, tonumber(oldest[2]) + window - now)
`;

/** KEYS[1] the window, KEYS[2] its sequence; ARGV limit, windowMs, now. Keeps the newest `limit`. */
const WINDOW_ADD = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local seq = redis.call('INCR', KEYS[2])
redis.call('ZADD', KEYS[1], now, tostring(seq))
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if limit > 0 then redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(limit + 1)) end
redis.call('PEXPIRE', KEYS[1], window)
redis.call('PEXPIRE', KEYS[2], window)
return 0
`;

const LOG_EVERY_MS = 60_000;

export class RedisLimitStores implements LimitStores {
  readonly shared = true;
  private loggedAt = -Infinity;

  private constructor(private readonly redis: Redis, private readonly prefix: string, private readonly log: FastifyBaseLogger) {
    redis.defineCommand('chatbotTakeTokens', { numberOfKeys: 1, lua: TAKE_TOKENS });
    redis.defineCommand('chatbotWindowWait', { numberOfKeys: 1, lua: WINDOW_WAIT });
    redis.defineCommand('chatbotWindowAdd', { numberOfKeys: 2, lua: WINDOW_ADD });
  }

  /**
   * Its own connection (a command that waits must not hold up the broadcast's). `prefix` names the
   * cluster: processes on one database share their counts, and no other cluster's.
   */
  static async open(url: string, prefix: string, log: FastifyBaseLogger): Promise<RedisLimitStores> {
    // a limit waits a second at most for Redis, then lets the call through (see above)
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5_000, commandTimeout: 1_000 });
    redis.on('error', (err: Error) => log.warn({ err }, 'redis (limits) error'));
    await redis.connect();
    return new RedisLimitStores(redis, prefix, log);
  }

  private async run(command: string, keys: string[], args: (string | number)[]): Promise<number> {
    try {
      const call = (this.redis as unknown as Record<string, (...a: (string | number)[]) => Promise<number>>)[command]!;
      return Number(await call.call(this.redis, ...keys, ...args));
    } catch (err) {
      if (performance.now() - this.loggedAt > LOG_EVERY_MS) {
        this.loggedAt = performance.now();
        this.log.warn({ err }, 'redis: a rate limit could not be counted; calls are let through until Redis answers');
      }
      return 0;
    }
  }

  buckets(name: string, rate: Rate): BucketStore {
    const key = (k: string) => `${this.prefix}bucket:${name}:${k}`;
    return {
      take: (k, n = 1) => (n > rate.burst ? Infinity : this.run('chatbotTakeTokens', [key(k)], [rate.burst, rate.perSecond, n])),
    };
  }

  windows(name: string, limit: number, windowMs: number): WindowStore {
    const key = (k: string) => `${this.prefix}window:${name}:${k}`;
    return {
      waitMs: (k, now) => this.run('chatbotWindowWait', [key(k)], [limit, windowMs, now]),
      add: async (k, now) => {
        await this.run('chatbotWindowAdd', [key(k), `${key(k)}:seq`], [limit, windowMs, now]);
      },
    };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
