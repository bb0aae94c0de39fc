// The bot runtime: takes a user's messages for a bot (from the webhook or the socket), stores
// each once (idempotent by client_message_id) with the bot's immediate replies in the same
// transaction, acknowledges it on the user's sockets and pushes the replies. A reply that is not
// stored with its message has a job (bot_jobs, jobs.ts) committed with the message instead: a
// delayed bot's (after the slow delay) and a failed answer's (retried). The job's replies are
// stored in a transaction that deletes it. A job left by a crash is run at the next start
// (resumePending) or by a retry of the same message. A delayed reply waits as a durable job of
// the JobQueue (server/jobs: pg-boss on PostgreSQL), so it comes even when the process that
// scheduled it is gone; its bot_jobs row (due_at set) stays the claim.
import type { FastifyBaseLogger } from 'fastify';
import type { ChatMessage, OutgoingMessage } from '../../src/api/messages';
import type { LanguageCode } from '../../src/domain/language-codes';
import type { Db } from '../db/db';
import type { FloodGuard } from '../http/flood-guard';
import { badRequest, HttpError, notFound } from '../http/errors';
import { checkMessageMedia } from '../media/store';
import type { SocketHub } from './hub';
import type { BotDefinition, BotReply } from './bot-types';
import { findBot } from './registry';
import { botLanguage } from './bot-language';
import { lockConversation, lockSubscribed, MESSAGE_COLUMNS, repliesTo, storeMessage, toWire, type MessageRow } from './store';
import { addJob, beginJob, claimJob, dropJob, findJob, markDue, pendingJobs, type BotJob } from './jobs';
import { joinTransaction } from '../db/joined-db';
import type { JobData, JobQueue } from '../jobs/queue';

export const DEFAULT_SLOW_DELAY_MS = 2000;
/** The JobQueue's name of a delayed bot reply: data { job: BotJob, replies: BotReply[] }. */
export const BOT_REPLY_JOB = 'bot-reply';

export interface RuntimeDeps {
  db: Db;
  now: () => number;
  log: FastifyBaseLogger;
  hub: SocketHub;
  /** Where delayed replies wait (durable: server/jobs/queue.ts). */
  jobs: JobQueue;
  /** How long the slow bot thinks (ms); default 2 s. */
  slowDelayMs?: number | undefined;
  /** A bot message no live socket of the user took (the Web Push sender, server/push). */
  onUndelivered?: ((userUuid: string, botUuid: string, message: ChatMessage) => void) | undefined;
  /**
   * Tests only: called once a new user message is committed (with the bot's replies, or with its
   * job when they are delayed), before it is acknowledged (the crash test kills the process there:
   * TEST_CRASH_POINT, server/main.ts).
   */
  afterUserMessageStored?: (() => void) | undefined;
  /** Finishes an upload made straight to S3 when a message first names it (media/settle.ts). */
  settleUpload?: ((mediaUuid: string) => Promise<void>) | undefined;
  /** The user's send rate and one-at-a-time lane (issue 21): past them a send is a 429. */
  guard?: FloodGuard | undefined;
}

/** Everything a reply carries besides its type is stored, and sent back as it is. */
function replyPayload(r: BotReply): Record<string, unknown> {
  const { type: _type, ...rest } = r;
  return rest;
}

/** What a user message stores besides its type and client id (the rest of the validated payload). */
function userPayload(m: OutgoingMessage): Record<string, unknown> {
  const { type: _type, client_message_id: _id, ...rest } = m;
  return rest;
}

/**
 * A user message as stored, and what became of the bot's answer: its replies stored with it (none
 * for a repeated message or a blocked bot), replies that wait for the slow delay, or the bot's error.
 */
type StoredSend = { row: MessageRow; created: boolean; outcome: SendOutcome };
type SendOutcome =
  | { kind: 'answered'; rows: MessageRow[] }
  | { kind: 'delayed'; replies: BotReply[]; language: LanguageCode }
  | { kind: 'failed'; error: unknown };

export class BotRuntime {
  private readonly running = new Set<Promise<unknown>>();
  /** Jobs this process is answering now, by message id. */
  private readonly inflight = new Map<string, { done: Promise<unknown> }>();
  private closed = false;

  constructor(private readonly deps: RuntimeDeps) {
    // a delayed reply that is due, in whichever process scheduled it: stored unless already claimed
    deps.jobs.work(BOT_REPLY_JOB, async (data: JobData) => {
      const { job, replies } = data as unknown as { job: BotJob; replies: BotReply[] };
      await this.storeReplies(job, replies);
    });
  }

  bot(botUuid: string): BotDefinition {
    const bot = findBot(botUuid);
    if (!bot) throw notFound('Invalid bot id');
    return bot;
  }

  /**
   * Stores the user's messages and runs the bot. Answers, in order, each stored user message
   * followed by the bot's immediate replies to it (for a repeated client_message_id: the
   * original message and the replies stored for it, nothing new). The bot writes in the
   * language the request named (`requested`: the webhook's header), else the profile's.
   */
  async receive(userUuid: string, botUuid: string, messages: readonly OutgoingMessage[], requested?: LanguageCode): Promise<ChatMessage[]> {
    const bot = this.bot(botUuid);
    // Webhook and socket both come here, so one user's sends are limited (and run one at a time)
    // whichever way they come.
    const guard = this.deps.guard;
    return guard ? guard.send(userUuid, messages.length, () => this.store(bot, userUuid, botUuid, messages, requested)) : this.store(bot, userUuid, botUuid, messages, requested);
  }

  private async store(bot: BotDefinition, userUuid: string, botUuid: string, messages: readonly OutgoingMessage[], requested?: LanguageCode): Promise<ChatMessage[]> {
    const { db, hub } = this.deps;
    // Every media message must name an upload of the sender's, of its kind: checked for the whole
    // batch before anything is stored, so a refused batch leaves nothing half done.
    const checked: OutgoingMessage[] = [];
    for (const m of messages) {
      if ('media' in m && !bot.config.allow_user_media) throw badRequest(`${bot.name} does not take files: send text instead`);
      if ('media' in m && typeof m.media.media_uuid === 'string') await this.deps.settleUpload?.(m.media.media_uuid);
      checked.push(await checkMessageMedia(db, userUuid, m));
    }
    const answer: ChatMessage[] = [];
    for (const m of checked) {
      const { row, created, outcome } = await this.storeAndAnswer(bot, { userUuid, botUuid, requested }, m);
      if (row.bot_uuid !== botUuid) throw new HttpError(409, `client_message_id ${m.client_message_id} was already used in another conversation`);
      if (created) this.deps.afterUserMessageStored?.();
      const message = toWire(row);
      // The acknowledgement: the stored message, with its sk, on every socket of the user.
      await hub.send(userUuid, { action: 'message-received', body: { bot_uuid: botUuid, message } });
      answer.push(message);
      if (!created) {
        await this.settleRetried(row.message_id);
        answer.push(...(await repliesTo(db, userUuid, row.message_id)).map(toWire));
        continue;
      }
      if (outcome.kind === 'failed') throw outcome.error;
      if (outcome.kind === 'delayed') {
        const job: BotJob = { message_id: row.message_id, user_uuid: userUuid, bot_uuid: botUuid, language: outcome.language, attempts: 1 };
        await this.track(job, () => this.replyLater(job, outcome.replies));
        continue;
      }
      for (const reply of outcome.rows.map(toWire)) {
        await this.pushBotMessage(userUuid, botUuid, reply);
        answer.push(reply);
      }
    }
    return answer;
  }

  /**
   * Stores a user message and, when it is new, the bot's answer to it in the same transaction:
   * the bot reads and writes through that transaction (joinTransaction), so the message, whatever
   * the bot changed (its state, an order) and its replies commit together or not at all. A crash
   * before the commit loses the message too, and the client, which had no acknowledgement, sends
   * it again. One transaction instead of two (the message with a job, then the replies with the
   * job's delete) is half the statements of the path every send takes (bench/flush.bench.ts).
   * A delayed answer commits the job with the message (its replies wait in the job queue, after
   * the commit), and so does an answer that fails: the message is stored again with its job, to
   * be retried like a job a crash left (at most MAX_JOB_ATTEMPTS runs). The same transaction
   * subscribes the user to the bot (lockSubscribed).
   */
  private async storeAndAnswer(bot: BotDefinition, to: { userUuid: string; botUuid: string; requested: LanguageCode | undefined }, m: OutgoingMessage): Promise<StoredSend> {
    const { db, now } = this.deps;
    const { userUuid, botUuid, requested } = to;
    const userMessage = { userUuid, botUuid, sender: 'user' as const, type: m.type, payload: userPayload(m), clientMessageId: m.client_message_id };
    // set while the bot answers: the language it was asked in
    const asking: { language?: LanguageCode } = {};
    try {
      return await db.transaction(async (tx): Promise<StoredSend> => {
        const conv = await lockSubscribed(tx, userUuid, botUuid, now());
        const stored = await storeMessage(tx, userMessage, now(), conv);
        if (!stored.created) return { ...stored, outcome: { kind: 'answered', rows: [] } };
        // a bot the user blocked sends them nothing (spec part 1 §4 "Bot lists"): not even asked
        if (conv.block_time !== null) return { ...stored, outcome: { kind: 'answered', rows: [] } };
        // decided now, so a delayed reply is written in the language of the message it answers
        const language = botLanguage(requested, conv.profile_language);
        asking.language = language;
        const { replies, delayed } = await bot.answer(m, { userUuid, botUuid, db: joinTransaction(tx, db.kind), now: now(), language });
        delete asking.language;
        const inReplyTo = stored.row.message_id;
        if (delayed) {
          await addJob(tx, { messageId: inReplyTo, userUuid, botUuid, language }, now());
          return { ...stored, outcome: { kind: 'delayed', replies, language } };
        }
        const rows: MessageRow[] = [];
        for (const r of replies) rows.push((await storeMessage(tx, { userUuid, botUuid, sender: 'bot', type: r.type, payload: replyPayload(r), inReplyTo }, now(), conv)).row);
        return { ...stored, outcome: { kind: 'answered', rows } };
      });
    } catch (error) {
      const { language } = asking;
      if (!language) throw error;
      const stored = await db.transaction(async (tx) => {
        // the subscription went with the rollback: taken again with the message
        const again = await storeMessage(tx, userMessage, now(), await lockSubscribed(tx, userUuid, botUuid, now()));
        if (again.created) await addJob(tx, { messageId: again.row.message_id, userUuid, botUuid, language }, now());
        return again;
      });
      return { ...stored, outcome: { kind: 'failed', error } };
    }
  }

  /**
   * Subscribes; stores and pushes the bot's welcome when the conversation is empty and the bot not
   * blocked, in the language the request named (else the profile's).
   */
  async initiate(userUuid: string, botUuid: string, requested?: LanguageCode): Promise<ChatMessage[]> {
    const bot = this.bot(botUuid);
    const { db, now } = this.deps;
    const rows = await db.transaction(async (tx) => {
      const conv = await lockSubscribed(tx, userUuid, botUuid, now());
      if (conv.last_number > 0) return [];
      // a bot the user blocked (say from its profile, before ever chatting) sends them nothing,
      // its welcome included; read under the conversation's lock, so a block cannot slip in
      if (conv.block_time !== null) return [];
      const stored = [];
      for (const r of bot.welcome(botLanguage(requested, conv.profile_language))) stored.push((await storeMessage(tx, { userUuid, botUuid, sender: 'bot', type: r.type, payload: replyPayload(r) }, now(), conv)).row);
      return stored;
    });
    const messages = rows.map(toWire);
    for (const message of messages) await this.pushBotMessage(userUuid, botUuid, message);
    return messages;
  }

  /**
   * Runs the bot on the message of a job left behind (a crash, a stop, a failed answer) and stores
   * its replies at once (a delayed bot's wait counts as spent). Counts the run: a job begun
   * MAX_JOB_ATTEMPTS times is given up. The bot answers inside the transaction that stores its
   * replies, as for a fresh send: what it writes commits with them, or goes when it fails (the job
   * stays for the next run). Answers the replies stored.
   */
  private async runLeftJob(job: BotJob, message: OutgoingMessage): Promise<ChatMessage[]> {
    const { db } = this.deps;
    const bot = findBot(job.bot_uuid);
    if (!bot || !(await beginJob(db, job.message_id))) {
      if (!bot) await dropJob(db, job.message_id);
      else this.deps.log.error({ messageId: job.message_id, botUuid: job.bot_uuid }, 'bot job given up after repeated failures');
      return [];
    }
    return this.storeReplies(job, async (tx) => {
      const { replies } = await bot.answer(message, { userUuid: job.user_uuid, botUuid: job.bot_uuid, db: tx, now: this.deps.now(), language: job.language });
      return replies;
    });
  }

  /**
   * The replies as the bot made them now, in a durable job of the queue, stored after the slow
   * delay. Should this process die before due_at is marked, the next start answers the job at
   * once and the queued one finds it claimed.
   */
  private async replyLater(job: BotJob, replies: readonly BotReply[]): Promise<void> {
    const delayMs = this.deps.slowDelayMs ?? DEFAULT_SLOW_DELAY_MS;
    await this.deps.jobs.send(BOT_REPLY_JOB, { job, replies } as unknown as JobData, { delayMs });
    await markDue(this.deps.db, job.message_id, this.deps.now() + delayMs);
  }

  /** Runs `task` as the job's one run in this process (a retry meanwhile waits for it). */
  private async track<T>(job: BotJob, task: () => Promise<T>): Promise<T> {
    const done = task();
    this.inflight.set(job.message_id, { done });
    try {
      return await done;
    } finally {
      if (this.inflight.get(job.message_id)?.done === done) this.inflight.delete(job.message_id);
    }
  }

  /**
   * A repeated client_message_id: when its job is still being answered here, wait for that; a
   * delayed reply (due_at set) keeps its delay and arrives on its own from the job queue; when its
   * job was left by a server that stopped, answer it now, so the retry gets the bot's reply too.
   */
  private async settleRetried(messageId: string): Promise<void> {
    const running = this.inflight.get(messageId);
    if (running) {
      await running.done.catch(() => undefined);
      return;
    }
    const job = await findJob(this.deps.db, messageId);
    if (job && job.due_at === null) await this.resume(job);
  }

  /** A job found in the table (a crash or stop before the bot answered): run it at once. */
  private async resume(job: BotJob): Promise<ChatMessage[]> {
    const rows = await this.deps.db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE message_id = $1`, [job.message_id]);
    const row = rows[0];
    if (!row) {
      await dropJob(this.deps.db, job.message_id);
      return [];
    }
    // the stored user message is the validated message the bot would have seen
    const message = { ...row.payload, type: row.type, client_message_id: row.client_message_id } as OutgoingMessage;
    return this.track(job, () => this.runLeftJob(job, message));
  }

  /**
   * At start: answers every job a previous run left (in the background; close() waits for it),
   * except delayed replies, which the job queue brings when due. Answers how many there were.
   */
  async resumePending(): Promise<number> {
    const jobs = await pendingJobs(this.deps.db, this.deps.now());
    const run = (async () => {
      for (const job of jobs) {
        if (this.closed) return;
        if (this.inflight.has(job.message_id)) continue;
        await this.resume(job).catch((err: unknown) => this.deps.log.error({ err, messageId: job.message_id }, 'resumed bot job failed'));
      }
    })();
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return jobs.length;
  }

  /**
   * Stores the replies and deletes the job in one transaction (the delete is the claim: a run that
   * finds the job gone stores nothing, so a reply is never stored twice), then pushes them.
   * Replies made now (`answer` a function: the bot answering through the transaction) are made
   * only once the job is claimed, and not at all for a bot the user blocked.
   */
  private async storeReplies(job: BotJob, answer: readonly BotReply[] | ((tx: Db) => Promise<readonly BotReply[]>)): Promise<ChatMessage[]> {
    const { db, now } = this.deps;
    const { user_uuid: userUuid, bot_uuid: botUuid, message_id: inReplyTo } = job;
    const rows = await db.transaction(async (tx) => {
      const conv = await lockConversation(tx, userUuid, botUuid);
      if (!(await claimJob(tx, inReplyTo))) return [];
      // a bot the user blocked sends them nothing (spec part 1 §4 "Bot lists")
      if (conv.block_time !== null) return [];
      const replies = typeof answer === 'function' ? await answer(joinTransaction(tx, db.kind)) : answer;
      const stored: MessageRow[] = [];
      for (const r of replies) stored.push((await storeMessage(tx, { userUuid, botUuid, sender: 'bot', type: r.type, payload: replyPayload(r), inReplyTo }, now(), conv)).row);
      return stored;
    });
    const out: ChatMessage[] = [];
    for (const row of rows) {
      const message = toWire(row);
      await this.pushBotMessage(userUuid, botUuid, message);
      out.push(message);
    }
    return out;
  }

  /** To the user's live sockets; with none, to the Web Push sender. */
  private async pushBotMessage(userUuid: string, botUuid: string, message: ChatMessage): Promise<void> {
    const sent = await this.deps.hub.send(userUuid, { action: 'message-received', body: { bot_uuid: botUuid, message } });
    if (sent === 0) this.deps.onUndelivered?.(userUuid, botUuid, message);
  }

  /**
   * Waits for the replies being stored (before the database closes). Delayed replies not due yet
   * stay in the job queue (stopped before this): another process, or the next start, stores them.
   */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.running]);
  }
}
