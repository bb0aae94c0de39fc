// Delivers the outbox (DESIGN.md §4): in order per conversation, exactly once (the server answers
// a repeated client_message_id with the original message), surviving reloads and crashes because
// every entry is a document until the server acknowledged it.
//
// One flush at a time; a flush asked for while one runs makes it run once more. For each bot with
// queued entries, oldest first (ids are UUIDv7): subscribe first when the conversation is new
// (spec part 1 §4), then send the entries over the live socket when it is open (each echo is the
// acknowledgement), else through /bot/message-webhook-pwa in batches of 20 (the answer is). An
// acknowledged entry leaves the outbox and its message becomes sent.
//
// Failures:
//   no response, timeout, socket closed   the flush stops; reconnect, 'online' or sync now restart it
//   401 / 440                             the session rules (session.ts) apply; the flush stops
//   5xx, 429, 409, 408                    the bot's entries wait with a doubling backoff (1 s … 60 s)
//   any other 4xx                         a batch is retried one by one; a single refused message
//                                         is failed (pending → failed) until the user retries it
// The statuses are read by the one classifier of every queued call (src/domain/failure-class.ts),
// the same as the action queue's runner (action-runner.ts) and the upload step (media.ts).
import type { ChatMessage } from '../api/messages';
import { CONVERSED_MARK_DELAY_MS, OUTBOX_BACKOFF_FIRST_MS, WEBHOOK_BATCH_MAX } from '../domain/constants';
import { backoffMs, isRetryableStatus as isRetryable, isSessionStatus } from '../domain/failure-class';
import { BadStatusError, INTERNAL_ERROR_TEXT } from '../domain/errors';
import { advanceStatus } from '../domain/message-status';
import type { AppDatabase } from '../db/database';
import { pendingMessageDoc } from '../db/outbox-store';
import type { OutboxDoc } from '../db/schemas';
import type { Clock, HttpClient } from './http-client';
import type { LiveConnection } from './live-connection';
import { modifyConversation } from '../db/modify-conversation';
import { storeServerMessages } from './message-store';
import type { UploadStep } from './media';

export interface OutboxDeps {
  db: AppDatabase;
  http: HttpClient;
  clock: Clock;
  connection: Pick<LiveConnection, 'isOpen' | 'send'>;
  owner: () => Promise<string>;
  /** the session rules for a failed call (401, 440, no response, 5xx flags) */
  report: (err: unknown) => Promise<void>;
  /**
   * Wait for a socket echo at most this long before giving the entry back to the queue. Longer
   * than the connection's reply timeout, so that a dead socket is reset (and its waiting sends
   * released) by the connection first.
   */
  ackTimeoutMs: number;
  /** Attachments: a media message's file is uploaded before the message is sent (media.ts). */
  uploads?: UploadStep | undefined;
}

type Outcome = 'done' | 'stop';

/**
 * Frames sent over the socket before waiting for their echoes. The server handles a socket's
 * frames in order, so a wider window only overlaps its work with this side's writes; it also
 * bounds what is resent after a drop (resends are harmless: the server deduplicates).
 */
const SOCKET_WINDOW = 100;

/** Stop the whole flush: the network or the session is the problem, not the message. */
class StopFlush extends Error {}

export { backoffMs };

export function createOutbox(deps: OutboxDeps) {
  const { db, http, clock } = deps;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let wakeTimer: unknown = null;
  let wakeTime = Infinity;
  /** echoes awaited over the socket, by client id */
  const waiting = new Map<string, { resolve: () => void; reject: (err: Error) => void }>();
  const conversedTimers = new Set<unknown>();

  async function queued(): Promise<OutboxDoc[]> {
    const docs = await db.outbox.find({ selector: { state: 'queued' }, sort: [{ id: 'asc' }] }).exec();
    return docs.map((d) => d.toMutableJSON());
  }

  /** After a crash between the two writes of enqueueMessage, the pending message is missing: recreate it. */
  async function ensureMessageDocs(entries: OutboxDoc[], owner: string): Promise<void> {
    const found = await db.messages.findByIds(entries.map((e) => e.id)).exec();
    const missing = entries.filter((e) => !found.has(e.id)).map((e) => pendingMessageDoc(e, owner));
    // insert, never upsert: an echo stored meanwhile must not be overwritten by 'pending'
    // (a conflict here means the message document exists now, which is all this wanted)
    if (missing.length > 0) await db.messages.bulkInsert(missing);
  }

  /** Stores the server's copies and lets the acknowledged entries go. */
  async function acknowledge(botUuid: string, messages: ChatMessage[], countUnread = false): Promise<void> {
    if (messages.length === 0) return;
    await storeServerMessages(db, botUuid, messages, { owner: await deps.owner(), countUnread });
    const ids = messages.filter((m) => m.from === 'user' && m.client_message_id).map((m) => m.client_message_id!);
    if (ids.length > 0) {
      const entries = await db.outbox.findByIds(ids).exec();
      await db.outbox.bulkRemove([...entries.keys()]);
      markConversedLater(botUuid);
    }
  }

  function markConversedLater(botUuid: string): void {
    const timer = clock.setTimeout(() => {
      conversedTimers.delete(timer);
      if (closed) return;
      void modifyConversation(db, botUuid, (c) => (c.conversed ? c : { ...c, conversed: true })).catch(() => {});
    }, CONVERSED_MARK_DELAY_MS);
    conversedTimers.add(timer);
  }

  async function fail(entry: OutboxDoc, reason: string): Promise<void> {
    await db.outbox.findOne(entry.id).exec().then((d) => d?.incrementalPatch({ state: 'failed', last_error: reason.slice(0, 200) }));
    const message = await db.messages.findOne(entry.id).exec();
    await message?.incrementalModify((m) => ({ ...m, status: advanceStatus(m.status ?? 'pending', 'failed') }));
  }

  /** The entries wait: the server's Retry-After when it gave one, else the doubling backoff (the one rule). */
  async function backOff(entries: OutboxDoc[], reason: string, retryAfterSeconds?: number): Promise<void> {
    const now = clock.now();
    let earliest = Infinity;
    for (const e of entries) {
      const doc = await db.outbox.findOne(e.id).exec();
      const wait = (attempts: number) => (retryAfterSeconds !== undefined && retryAfterSeconds > 0 ? retryAfterSeconds * 1000 : backoffMs(attempts));
      const updated = await doc?.incrementalModify((d) => ({ ...d, attempts: d.attempts + 1, next_attempt_at: now + wait(d.attempts + 1), last_error: reason.slice(0, 200) }));
      if (updated) earliest = Math.min(earliest, updated.next_attempt_at);
    }
    // Try again when the first of them may go: nothing else may come to flush the queue (a 429
    // from the server's flood limits, or a 5xx error frame, on a socket that stays open).
    if (earliest < Infinity && earliest < wakeTime) wakeAt(earliest);
  }

  /** Subscribe before the first message to a bot this user has no conversation with. */
  async function ensureSubscribed(botUuid: string): Promise<void> {
    const bot = await db.bots.findOne(botUuid).exec();
    if (bot?.subscribed) return;
    const conversation = await db.conversations.findOne(botUuid).exec();
    if (conversation?.last_message && conversation.last_message.message_id) return;
    try {
      await http.call('subscribeBot', { bot_uuid: botUuid });
    } catch (err) {
      if (err instanceof BadStatusError && !isRetryable(err.status, err.detail.retryAfterSeconds) && !isSessionStatus(err.status)) return; // the send will say what is wrong
      await deps.report(err);
      throw new StopFlush();
    }
    await bot?.incrementalPatch({ subscribed: true });
  }

  async function sendByWebhook(botUuid: string, batch: OutboxDoc[]): Promise<Outcome> {
    let answer;
    try {
      answer = await http.call('messageWebhookPwa', { botId: botUuid, messages: batch.map((e) => e.payload) });
    } catch (err) {
      if (!(err instanceof BadStatusError) || isSessionStatus(err.status)) {
        // no response, timeout, 401/440: nothing is wrong with the messages
        await deps.report(err);
        throw new StopFlush();
      }
      if (isRetryable(err.status, err.detail.retryAfterSeconds)) {
        await deps.report(err);
        await backOff(batch, err.message, err.detail.retryAfterSeconds);
        return 'stop';
      }
      if (batch.length > 1) {
        // find the one the server refuses; the others go through
        for (const entry of batch) if ((await sendByWebhook(botUuid, [entry])) === 'stop') return 'stop';
        return 'done';
      }
      await fail(batch[0]!, err.message);
      return 'done';
    }
    // the answer was parsed with the route's schema (http-client.ts): its messages are storable
    await acknowledge(botUuid, answer.messages);
    return 'done';
  }

  async function sendBySocket(botUuid: string, batch: OutboxDoc[]): Promise<Outcome> {
    const acks = batch.map((entry) => new Promise<void>((resolve, reject) => {
      waiting.set(entry.id, { resolve, reject });
    }));
    for (const entry of batch) {
      if (!deps.connection.send({ action: 'send-message', body: { bot_uuid: botUuid, message: entry.payload } })) {
        rejectAll(new Error('socket closed'));
        break;
      }
    }
    const timeout = new Promise<never>((_, reject) => {
      const t = clock.setTimeout(() => reject(new Error('no echo')), deps.ackTimeoutMs);
      void Promise.allSettled(acks).then(() => clock.clearTimeout(t));
    });
    try {
      await Promise.race([Promise.all(acks), timeout]);
      return 'done';
    } catch {
      for (const entry of batch) waiting.delete(entry.id);
      // The connection's own reply timeout (shorter) resets a dead socket, whose reopening flushes
      // again. An echo lost on a live socket gets no such event: try again after a pause.
      wakeAt(clock.now() + OUTBOX_BACKOFF_FIRST_MS);
      throw new StopFlush();
    }
  }

  function rejectAll(err: Error): void {
    for (const [id, w] of waiting) {
      waiting.delete(id);
      w.reject(err);
    }
  }

  async function flushBot(botUuid: string, entries: OutboxDoc[]): Promise<void> {
    await ensureSubscribed(botUuid);
    const needsUpload = (e: OutboxDoc) => deps.uploads?.needs(e) ?? false;
    for (let i = 0; i < entries.length;) {
      // an attachment uploads first, in its place: the later messages of the conversation wait
      if (deps.uploads && needsUpload(entries[i]!)) {
        const outcome = await deps.uploads.run(entries[i]!);
        if ('stop' in outcome) throw new StopFlush();
        if ('failed' in outcome) {
          await fail(entries[i]!, outcome.failed);
          i += 1;
          continue;
        }
        entries[i] = outcome.entry;
      }
      const bySocket = deps.connection.isOpen();
      const size = bySocket ? SOCKET_WINDOW : WEBHOOK_BATCH_MAX;
      let end = i + 1;
      while (end < entries.length && end - i < size && !needsUpload(entries[end]!)) end += 1;
      const batch = entries.slice(i, end);
      i += batch.length;
      const outcome = bySocket ? await sendBySocket(botUuid, batch) : await sendByWebhook(botUuid, batch);
      if (outcome === 'stop') return;
    }
  }

  async function flushOnce(): Promise<void> {
    const all = await queued();
    if (all.length === 0) return;
    await ensureMessageDocs(all, await deps.owner());
    const now = clock.now();
    const byBot = new Map<string, OutboxDoc[]>();
    const blocked = new Set<string>();
    let nextWake = Infinity;
    for (const entry of all) {
      if (blocked.has(entry.bot_uuid)) continue;
      // order per conversation: an entry waiting for its backoff holds back the later ones
      if (entry.next_attempt_at > now) {
        blocked.add(entry.bot_uuid);
        nextWake = Math.min(nextWake, entry.next_attempt_at);
        continue;
      }
      const list = byBot.get(entry.bot_uuid) ?? [];
      list.push(entry);
      byBot.set(entry.bot_uuid, list);
    }
    if (nextWake < Infinity) wakeAt(nextWake);
    for (const [botUuid, entries] of byBot) await flushBot(botUuid, entries);
  }

  function wakeAt(time: number): void {
    if (wakeTimer !== null) clock.clearTimeout(wakeTimer);
    wakeTime = time;
    wakeTimer = clock.setTimeout(() => {
      wakeTimer = null;
      wakeTime = Infinity;
      void flush();
    }, Math.max(0, time - clock.now()));
  }

  function flush(): Promise<void> {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await flushOnce();
        } catch (err) {
          // The network or the session stopped this pass; a flush asked for meanwhile (a send,
          // the socket opening, sync now) still runs: the loop's condition decides.
          if (err instanceof StopFlush) continue;
          if (closed) return;
          throw err;
        }
      } while (again && !closed);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    flush,
    /**
     * Messages of message-received frames (a batch of one bot's): stored, and the echo of a send
     * is its acknowledgement.
     */
    async onMessages(botUuid: string, messages: ChatMessage[], opts: { countUnread: boolean }): Promise<void> {
      await acknowledge(botUuid, messages, opts.countUnread);
      for (const m of messages) {
        if (m.from !== 'user' || !m.client_message_id) continue;
        waiting.get(m.client_message_id)?.resolve();
        waiting.delete(m.client_message_id);
      }
    },
    /** An error frame about one of our sends. */
    async onErrorFrame(body: { statusCode: number; message: string; client_message_id?: string }): Promise<void> {
      const id = body.client_message_id;
      if (!id) return;
      const entry = (await db.outbox.findOne(id).exec())?.toMutableJSON();
      const w = waiting.get(id);
      waiting.delete(id);
      if (entry) {
        if (isRetryable(body.statusCode)) await backOff([entry], body.message);
        else if (!isSessionStatus(body.statusCode)) await fail(entry, body.message);
      }
      // a refused send is settled (failed or backing off); the rest of the batch goes on
      w?.resolve();
    },
    /** The socket closed: sends waiting for their echo go back to the queue (they stay in it). */
    onSocketClosed(): void {
      rejectAll(new Error(INTERNAL_ERROR_TEXT.noResponse));
    },
    outstanding(): number {
      return waiting.size;
    },
    async close(): Promise<void> {
      closed = true;
      if (wakeTimer !== null) clock.clearTimeout(wakeTimer);
      for (const t of conversedTimers) clock.clearTimeout(t);
      conversedTimers.clear();
      rejectAll(new Error('closed'));
      await running?.catch(() => {});
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
