// Cluster mode's Broadcast over Redis (ioredis): one pub/sub channel carries every ClusterEvent
// with the id of the process that sent it; each process applies the others' events to its own
// sockets. One channel, not one per user: a process would otherwise subscribe and unsubscribe on
// every socket, and Redis keeps each channel's order per publisher, so a user's frames arrive in
// the order they were sent.
//
// Presence (who has sockets where) answers "did any socket get this bot reply?" (else Web Push):
// a hash per user, field = process id, value = its open sockets of that user. A process killed
// with -9 cannot clear its fields, so each process also keeps an "alive" key that expires
// ALIVE_TTL_MS after its last refresh, and remoteSockets counts only processes still alive.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Broadcast, ClusterEvent } from './broadcast';

const CHANNEL = 'chatbot:cluster';
const presenceKey = (user: string) => `chatbot:sockets:${user}`;
const aliveKey = (process: string) => `chatbot:alive:${process}`;
export const ALIVE_TTL_MS = 15_000;
const ALIVE_REFRESH_MS = 5_000;

interface Envelope { from: string; event: ClusterEvent }

export class RedisBroadcast implements Broadcast {
  readonly clustered = true;
  /** this process's id in the cluster (presence fields, echo filtering) */
  readonly id = randomUUID();
  private readonly handlers: ((event: ClusterEvent) => void)[] = [];
  /** users this process has published presence for (cleared on close) */
  private readonly present = new Set<string>();
  private alive: NodeJS.Timeout | undefined;

  private constructor(private readonly pub: Redis, private readonly sub: Redis, private readonly log: FastifyBaseLogger) {}

  /** Connects (two connections: a subscribed one can do nothing else) and subscribes before answering. */
  static async open(url: string, log: FastifyBaseLogger): Promise<RedisBroadcast> {
    const options = { lazyConnect: true, maxRetriesPerRequest: 3, connectTimeout: 5_000 };
    const pub = new Redis(url, options);
    const sub = new Redis(url, options);
    // after a reconnect ioredis subscribes again by itself; errors are logged, never thrown
    pub.on('error', (err: Error) => log.warn({ err }, 'redis (publish) error'));
    sub.on('error', (err: Error) => log.warn({ err }, 'redis (subscribe) error'));
    try {
      await Promise.all([pub.connect(), sub.connect()]);
    } catch (error) {
      pub.disconnect();
      sub.disconnect();
      throw new Error(`REDIS_URL ${redactUrl(url)}: cannot connect to Redis (${(error as Error).message})`);
    }
    const broadcast = new RedisBroadcast(pub, sub, log);
    sub.on('message', (_channel: string, text: string) => broadcast.received(text));
    await sub.subscribe(CHANNEL);
    await broadcast.refreshAlive();
    broadcast.alive = setInterval(() => void broadcast.refreshAlive(), ALIVE_REFRESH_MS);
    broadcast.alive.unref();
    return broadcast;
  }

  private async refreshAlive(): Promise<void> {
    try {
      await this.pub.set(aliveKey(this.id), '1', 'PX', ALIVE_TTL_MS);
    } catch (err) {
      this.log.warn({ err }, 'redis: could not refresh this process as alive');
    }
  }

  private received(text: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return this.log.warn('redis: a cluster event that is not JSON, ignored');
    }
    if (envelope.from === this.id) return;
    for (const handler of this.handlers) handler(envelope.event);
  }

  async publish(event: ClusterEvent): Promise<void> {
    const envelope: Envelope = { from: this.id, event };
    await this.pub.publish(CHANNEL, JSON.stringify(envelope));
  }

  onEvent(handler: (event: ClusterEvent) => void): void {
    this.handlers.push(handler);
  }

  setLocalSockets(user: string, count: number): void {
    const write = count > 0 ? this.pub.hset(presenceKey(user), this.id, count) : this.pub.hdel(presenceKey(user), this.id);
    if (count > 0) this.present.add(user);
    else this.present.delete(user);
    write.catch((err: unknown) => this.log.warn({ err }, 'redis: socket presence not written'));
  }

  async remoteSockets(user: string): Promise<number> {
    const fields = Object.entries(await this.pub.hgetall(presenceKey(user))).filter(([proc]) => proc !== this.id);
    if (fields.length === 0) return 0;
    const alive = await this.pub.mget(...fields.map(([proc]) => aliveKey(proc)));
    let total = 0;
    const dead: string[] = [];
    fields.forEach(([proc, count], i) => {
      if (alive[i] !== null) total += Number(count);
      else dead.push(proc);
    });
    // a killed process's leftovers: tidied by whoever meets them
    if (dead.length > 0) this.pub.hdel(presenceKey(user), ...dead).catch(() => {});
    return total;
  }

  async close(): Promise<void> {
    if (this.alive) clearInterval(this.alive);
    try {
      const tidy = this.pub.multi();
      for (const user of this.present) tidy.hdel(presenceKey(user), this.id);
      tidy.del(aliveKey(this.id));
      await tidy.exec();
    } catch (err) {
      this.log.warn({ err }, 'redis: presence not cleared on close');
    }
    this.sub.disconnect();
    await this.pub.quit().catch(() => this.pub.disconnect());
  }
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}
