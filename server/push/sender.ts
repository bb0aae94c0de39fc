// Web Push of bot messages: when a bot message is stored for a user with no
// live socket, each of the user's subscriptions gets an encrypted push (RFC 8291, aes128gcm,
// VAPID-signed) whose payload is the conversation notification of spec part 1 §3: bot_uuid,
// name (the title), icon and body (capped per §5). Never for a muted or blocked conversation.
// A push service answering 404 or 410 has dropped the subscription: its row is deleted.
//
// The request is built by web-push (encryption, VAPID header) and sent with fetch, so one code
// path serves the real push services and the tests' local mock.
//
// Each push is a job of the JobQueue (server/jobs), so a push decided by a process that then dies
// is still sent (by another process on PostgreSQL, or by the next start on PGlite).
import webpush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatMessage } from '../../src/api/messages';
import { isMuted, notificationBody, notificationTextOf, type PushPayload } from '../../src/domain/notification-rules';
import type { Db } from '../db/db';
import { deleteSubscription, subscriptionsOf, type PushOptions, type StoredSubscription } from './subscriptions';
import type { VapidKeys } from './vapid';
import type { JobData, JobQueue } from '../jobs/queue';

/** The JobQueue's name of a push: data { userUuid, botUuid, message }. */
export const PUSH_JOB = 'web-push';

export const DEFAULT_PUSH_TTL_S = 86_400;
const DEFAULT_SUBJECT = 'mailto:push@example.invalid';
/** A push service that does not answer within this long is given up on (the message is stored anyway). */
const PUSH_TIMEOUT_MS = 15_000;

export type PushOutcome =
  | { kind: 'skipped'; userUuid: string; botUuid: string; reason: 'muted' | 'blocked' | 'no-subscription' | 'unknown-bot' }
  | { kind: 'sent'; userUuid: string; botUuid: string; endpoint: string; status: number }
  | { kind: 'removed'; userUuid: string; botUuid: string; endpoint: string; status: 404 | 410 }
  | { kind: 'failed'; userUuid: string; botUuid: string; endpoint: string; status: number | null };

export interface PushSenderDeps {
  db: Db;
  now: () => number;
  log: FastifyBaseLogger;
  keys: VapidKeys;
  options?: PushOptions & { onOutcome?: (outcome: PushOutcome) => void };
  fetch?: typeof fetch;
  jobs: JobQueue;
}

export class PushSender {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly deps: PushSenderDeps) {
    deps.jobs.work(PUSH_JOB, async (data: JobData) => {
      const { userUuid, botUuid, message } = data as unknown as { userUuid: string; botUuid: string; message: ChatMessage };
      await this.send(userUuid, botUuid, message).catch((err: unknown) => this.deps.log.error({ err }, 'web push failed'));
    });
  }

  /** Queues the pushes for a bot message the user's sockets did not take; never throws. */
  notify(userUuid: string, botUuid: string, message: ChatMessage): void {
    const run = this.deps.jobs.send(PUSH_JOB, { userUuid, botUuid, message } as unknown as JobData).catch((err: unknown) => this.deps.log.error({ err }, 'web push could not be queued'));
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  /** Waits for pushes being queued (before the database closes; the queue waits for its running jobs). */
  async idle(): Promise<void> {
    await Promise.all([...this.running]);
  }

  private outcome(o: PushOutcome): void {
    this.deps.options?.onOutcome?.(o);
  }

  private async send(userUuid: string, botUuid: string, message: ChatMessage): Promise<void> {
    const { db, now } = this.deps;
    const rows = await db.query<{ name: string; icon: string; mute_time: number | null; mute_duration: number | null; block_time: number | null }>(
      `SELECT b.name, b.icon, c.mute_time, c.mute_duration, c.block_time
       FROM bots b LEFT JOIN conversations c ON c.bot_uuid = b.bot_uuid AND c.user_uuid = $1
       WHERE b.bot_uuid = $2`,
      [userUuid, botUuid],
    );
    const row = rows[0];
    if (!row) return this.outcome({ kind: 'skipped', userUuid, botUuid, reason: 'unknown-bot' });
    const mute = { mute_time: row.mute_time === null ? null : Number(row.mute_time), mute_duration: row.mute_duration === null ? null : Number(row.mute_duration) };
    if (isMuted(mute, now())) return this.outcome({ kind: 'skipped', userUuid, botUuid, reason: 'muted' });
    if (row.block_time !== null) return this.outcome({ kind: 'skipped', userUuid, botUuid, reason: 'blocked' });
    const subs = await subscriptionsOf(db, userUuid);
    if (subs.length === 0) return this.outcome({ kind: 'skipped', userUuid, botUuid, reason: 'no-subscription' });
    const payload: PushPayload = { bot_uuid: botUuid, name: row.name, icon: row.icon, body: notificationBody(notificationTextOf(message)) };
    await Promise.all(subs.map((s) => this.sendOne(userUuid, botUuid, s, JSON.stringify(payload))));
  }

  private async sendOne(userUuid: string, botUuid: string, sub: StoredSubscription, payload: string): Promise<void> {
    const { keys, options = {} } = this.deps;
    const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payload, {
      vapidDetails: { subject: options.subject ?? DEFAULT_SUBJECT, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: options.ttlSeconds ?? DEFAULT_PUSH_TTL_S,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
    });
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(details.headers)) headers[k] = String(v);
    let status: number | null = null;
    try {
      const res = await (this.deps.fetch ?? fetch)(details.endpoint, {
        method: 'POST', headers, body: new Uint8Array(details.body), signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      this.deps.log.warn({ err, endpoint: sub.endpoint }, 'push service unreachable');
      return this.outcome({ kind: 'failed', userUuid, botUuid, endpoint: sub.endpoint, status: null });
    }
    if (status === 404 || status === 410) {
      await deleteSubscription(this.deps.db, sub.endpoint);
      return this.outcome({ kind: 'removed', userUuid, botUuid, endpoint: sub.endpoint, status });
    }
    if (status >= 200 && status < 300) return this.outcome({ kind: 'sent', userUuid, botUuid, endpoint: sub.endpoint, status });
    this.deps.log.warn({ status, endpoint: sub.endpoint }, 'push service refused a push');
    return this.outcome({ kind: 'failed', userUuid, botUuid, endpoint: sub.endpoint, status });
  }
}
