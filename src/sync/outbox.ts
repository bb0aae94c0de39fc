// The chat outbox as a queue of the one runner (action-runner.ts, DESIGN.md §4): in order per
// conversation, exactly once (the server answers a repeated client_message_id with the original
// message), surviving reloads and crashes because every entry is a document until the server
// acknowledged it.
//
// The runner owns the loop, the order per key (here: the conversation), the waits (Retry-After,
// else 1 s doubling to 60 s) and the classifier (src/domain/failure-class.ts). This module owns
// what is particular to chat messages: the `outbox` collection and its states, the head of a
// conversation as a batch (over the live socket when it is open, each echo acknowledging one,
// else /bot/message-webhook-pwa in batches of 20, the answer acknowledging them), subscribing
// first to a bot the user has no conversation with (spec part 1 §4), the upload step of an
// attachment before its send (media.ts), and what a refusal does: the message fails
// (pending → failed) until the user retries it.
import { botGaEvent } from '../domain/analytics';
import { trackEvent } from '../db/analytics';
import { filter, map } from 'rxjs';
import type { ChatMessage } from '../api/messages';
import { CONVERSED_MARK_DELAY_MS, WEBHOOK_BATCH_MAX } from '../domain/constants';
import { BadStatusError, CancelError, NoResponseError } from '../domain/errors';
import { isRetryableStatus, isSessionStatus } from '../domain/failure-class';
import { advanceStatus } from '../domain/message-status';
import type { AppDatabase } from '../db/database';
import { pendingMessageDoc } from '../db/outbox-store';
import type { OutboxDoc } from '../db/schemas';
import { OUTBOX_BY_CONVERSATION } from '../db/schemas/outbox.schema';
import type { ItemFailure, RunnerQueue } from './action-runner';
import type { Clock, HttpClient } from './http-client';
import type { LiveConnection } from './live-connection';
import { modifyConversation } from '../db/modify-conversation';
import { storeServerMessages } from './message-store';
import { startConversation } from './conversation-start';
import type { UploadStep } from './media';

export interface OutboxDeps {
  db: AppDatabase;
  http: HttpClient;
  clock: Clock;
  /** the live connection while this engine leads (closed otherwise: the webhook is used) */
  connection: () => Pick<LiveConnection, 'isOpen' | 'send'>;
  owner: () => Promise<string>;
  /**
   * Wait for a socket echo at most this long before giving the entry back to the queue. Longer
   * than the connection's reply timeout, so that a dead socket is reset (and its waiting sends
   * released) by the connection first.
   */
  ackTimeoutMs: number;
  /** Attachments: a media message's file is uploaded before the message is sent (media.ts). */
  uploads?: UploadStep | undefined;
}

/** The outbox's name among the runner's queues (flush({ queue })). */
export const OUTBOX_QUEUE = 'outbox';

/**
 * Frames sent over the socket before waiting for their echoes. The server handles a socket's
 * frames in order, so a wider window only overlaps its work with this side's writes; it also
 * bounds what is resent after a drop (resends are harmless: the server deduplicates).
 */
const SOCKET_WINDOW = 100;

/** An echo (null) or the error frame of one send. */
type Echo = BadStatusError | null;

export function createOutbox(deps: OutboxDeps) {
  const { db, http, clock } = deps;
  let closed = false;
  /** echoes awaited over the socket, by client id */
  const waiting = new Map<string, { resolve: (echo: Echo) => void; reject: (err: Error) => void }>();
  /** the pending 'conversed' mark of each bot: one per bot, however many sends it acknowledges meanwhile */
  const conversedTimers = new Map<string, unknown>();
  const needsUpload = (e: OutboxDoc) => deps.uploads?.needs(e) ?? false;

  /** After a crash between the two writes of enqueueMessage, the pending message is missing: recreate it. */
  async function ensureMessageDocs(entries: OutboxDoc[]): Promise<void> {
    const found = await db.messages.findByIds(entries.map((e) => e.id)).exec();
    if (found.size === entries.length) return;
    const owner = await deps.owner();
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
    // a flush acknowledges hundreds of sends within the delay: one mark (one read) covers them all
    if (conversedTimers.has(botUuid)) return;
    const timer = clock.setTimeout(() => {
      conversedTimers.delete(botUuid);
      if (closed) return;
      void modifyConversation(db, botUuid, (c) => (c.conversed ? c : { ...c, conversed: true })).catch(() => {});
    }, CONVERSED_MARK_DELAY_MS);
    conversedTimers.set(botUuid, timer);
  }

  /** The refusal of one message: it fails until the user retries it. */
  async function fail(entry: OutboxDoc, reason: string): Promise<void> {
    await db.outbox.findOne(entry.id).exec().then((d) => d?.incrementalPatch({ state: 'failed', last_error: reason.slice(0, 200) }));
    const message = await db.messages.findOne(entry.id).exec();
    await message?.incrementalModify((m) => ({ ...m, status: advanceStatus(m.status ?? 'pending', 'failed') }));
  }

  /**
   * Before the first message to a bot this user has no conversation with: start the conversation
   * as opening its thread online does (initiate-conversation: the server subscribes the user and
   * stores the bot's welcome), so the welcome comes before the message. A thread opened offline, or
   * a text sent before the thread's own start answered, would otherwise reach an empty conversation
   * first, and the server sends no welcome to a conversation that holds a message.
   */
  async function ensureStarted(botUuid: string): Promise<void> {
    const conversation = await db.conversations.findOne(botUuid).exec();
    if (conversation?.last_message?.message_id) return;
    try {
      await startConversation({ db, http, owner: deps.owner }, botUuid, 'first_message');
    } catch (err) {
      // refused: the send will say what is wrong; anything else is the runner's to classify
      if (err instanceof BadStatusError && !isRetryableStatus(err.status, err.detail.retryAfterSeconds) && !isSessionStatus(err.status)) return;
      throw err;
    }
  }

  async function sendByWebhook(botUuid: string, batch: OutboxDoc[]): Promise<ItemFailure<OutboxDoc>[]> {
    const answer = await http.call('messageWebhookPwa', { botId: botUuid, messages: batch.map((e) => e.payload) });
    // the answer was parsed with the route's schema (http-client.ts): its messages are storable
    await acknowledge(botUuid, answer.messages);
    // the bot's own events (meta.gaEvents) join the app's
    for (const ga of answer.meta.gaEvents) {
      const { name, params } = botGaEvent(ga);
      await trackEvent(db, name, { ...params, bot_uuid: botUuid });
    }
    return [];
  }

  async function sendBySocket(botUuid: string, batch: OutboxDoc[]): Promise<ItemFailure<OutboxDoc>[]> {
    const connection = deps.connection();
    const acks = batch.map((entry) => new Promise<Echo>((resolve, reject) => {
      waiting.set(entry.id, { resolve, reject });
    }));
    for (const entry of batch) {
      if (!connection.send({ action: 'send-message', body: { bot_uuid: botUuid, message: entry.payload } })) {
        rejectAll(new NoResponseError());
        break;
      }
    }
    let timer: unknown = null;
    // The connection's own reply timeout (shorter) resets a dead socket, whose reopening flushes
    // again; an echo lost on a live socket gets no such event: this one waits like a timeout.
    const timeout = new Promise<never>((_, reject) => {
      timer = clock.setTimeout(() => reject(new CancelError('timeout')), deps.ackTimeoutMs);
    });
    try {
      const echoes = await Promise.race([Promise.all(acks), timeout]);
      return batch.flatMap((item, i) => (echoes[i] ? [{ item, error: echoes[i] }] : []));
    } finally {
      clock.clearTimeout(timer);
      for (const entry of batch) waiting.delete(entry.id);
    }
  }

  function rejectAll(err: Error): void {
    for (const [id, w] of waiting) {
      waiting.delete(id);
      w.reject(err);
    }
  }

  const queue: RunnerQueue<OutboxDoc> = {
    name: OUTBOX_QUEUE,
    async queuedKeys() {
      // one index seek per conversation with queued sends (a flush runs at every reconnect, and
      // reading 1,000 queued entries each time showed in the flush benchmark)
      const keys: string[] = [];
      for (;;) {
        const next = await db.outbox.findOne({
          selector: { state: 'queued', bot_uuid: { $gt: keys.at(-1) ?? '' } },
          sort: [{ state: 'asc' }, { bot_uuid: 'asc' }, { id: 'asc' }],
          index: OUTBOX_BY_CONVERSATION,
        }).exec();
        if (!next) return keys;
        keys.push(next.bot_uuid);
      }
    },
    async head(botUuid, max) {
      const size = Math.min(max, deps.connection().isOpen() ? SOCKET_WINDOW : WEBHOOK_BATCH_MAX);
      const docs = await db.outbox.find({ selector: { state: 'queued', bot_uuid: botUuid }, sort: [{ id: 'asc' }], limit: size, index: OUTBOX_BY_CONVERSATION }).exec();
      const entries = docs.map((d) => d.toMutableJSON());
      // an attachment uploads first, in its place and alone: the later messages wait for it
      if (entries.length === 0 || needsUpload(entries[0]!)) return entries.slice(0, 1);
      const end = entries.findIndex(needsUpload);
      return end === -1 ? entries : entries.slice(0, end);
    },
    route: () => 'messageWebhookPwa',
    async send(items) {
      const botUuid = items[0]!.bot_uuid;
      await ensureMessageDocs(items);
      await ensureStarted(botUuid);
      let batch = items;
      if (deps.uploads && needsUpload(items[0]!)) {
        // its failures are thrown to the runner's classifier, as a send's are
        const outcome = await deps.uploads.run(items[0]!);
        if ('failed' in outcome) {
          await fail(items[0]!, outcome.failed);
          return [];
        }
        batch = [outcome.entry];
      }
      return deps.connection().isOpen() ? sendBySocket(botUuid, batch) : sendByWebhook(botUuid, batch);
    },
    refuse: (entry, refusal) => fail(entry, refusal.message),
    async defer(entry, wait) {
      const doc = await db.outbox.findOne(entry.id).exec();
      // acknowledged meanwhile (an echo after the timeout): nothing waits
      await doc?.incrementalPatch(wait).catch(() => undefined);
    },
    inserted$: db.outbox.insert$.pipe(filter((ev) => ev.documentData.state === 'queued'), map((ev) => ev.documentData.bot_uuid)),
  };

  return {
    queue,
    /**
     * Messages of message-received frames (a batch of one bot's): stored, and the echo of a send
     * is its acknowledgement.
     */
    async onMessages(botUuid: string, messages: ChatMessage[], opts: { countUnread: boolean }): Promise<void> {
      await acknowledge(botUuid, messages, opts.countUnread);
      for (const m of messages) {
        if (m.from !== 'user' || !m.client_message_id) continue;
        waiting.get(m.client_message_id)?.resolve(null);
        waiting.delete(m.client_message_id);
      }
    },
    /**
     * An error frame about one of our sends: that send's failure, for the runner's classifier (the
     * rest of the batch goes on). One for a send no longer awaited changes nothing: the entry is
     * still queued and goes again.
     */
    onErrorFrame(body: { statusCode: number; message: string; client_message_id?: string }): void {
      const id = body.client_message_id;
      if (!id) return;
      waiting.get(id)?.resolve(new BadStatusError(body.statusCode, body.message));
      waiting.delete(id);
    },
    /** The socket closed (or this engine stopped leading): sends waiting for their echo wait in the queue again. */
    onSocketClosed(): void {
      rejectAll(new NoResponseError());
    },
    outstanding(): number {
      return waiting.size;
    },
    close(): void {
      closed = true;
      for (const t of conversedTimers.values()) clock.clearTimeout(t);
      conversedTimers.clear();
      rejectAll(new NoResponseError());
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
