// The bot runtime: takes a user's messages for a bot (from the webhook or the socket), stores
// each once (idempotent by client_message_id), acknowledges it on the user's sockets, runs the
// bot and stores and pushes its replies, at once or after the slow delay.
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
import { isBotBlocked } from '../bot-profile/flags';
import { languageForBot } from './bot-language';
import { lockConversation, repliesTo, storeMessage, subscribe, toWire } from './store';

export const DEFAULT_SLOW_DELAY_MS = 2000;

export interface RuntimeDeps {
  db: Db;
  now: () => number;
  log: FastifyBaseLogger;
  hub: SocketHub;
  /** How long the slow bot thinks (ms); default 2 s. */
  slowDelayMs?: number | undefined;
  /** A bot message no live socket of the user took (the Web Push sender, server/push). */
  onUndelivered?: ((userUuid: string, botUuid: string, message: ChatMessage) => void) | undefined;
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

export class BotRuntime {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly deps: RuntimeDeps) {}

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
    const { db, now, hub } = this.deps;
    // Every media message must name an upload of the sender's, of its kind: checked for the whole
    // batch before anything is stored, so a refused batch leaves nothing half done.
    const checked: OutgoingMessage[] = [];
    for (const m of messages) {
      if ('media' in m && !bot.config.allow_user_media) throw badRequest(`${bot.name} does not take files: send text instead`);
      checked.push(await checkMessageMedia(db, userUuid, m));
    }
    await subscribe(db, userUuid, botUuid, now());
    // decided now, so a delayed reply is written in the language of the message it answers
    const language = await languageForBot(db, userUuid, requested);
    const answer: ChatMessage[] = [];
    for (const m of checked) {
      const { row, created } = await db.transaction((tx) => storeMessage(tx, {
        userUuid, botUuid, sender: 'user', type: m.type, payload: userPayload(m), clientMessageId: m.client_message_id,
      }, now()));
      if (row.bot_uuid !== botUuid) throw new HttpError(409, `client_message_id ${m.client_message_id} was already used in another conversation`);
      const message = toWire(row);
      // The acknowledgement: the stored message, with its sk, on every socket of the user.
      await hub.send(userUuid, { action: 'message-received', body: { bot_uuid: botUuid, message } });
      answer.push(message);
      if (!created) {
        answer.push(...(await repliesTo(db, userUuid, row.message_id)).map(toWire));
        continue;
      }
      const { replies, delayed } = await bot.answer(m, { userUuid, botUuid, db, now: now(), language });
      if (delayed) this.later(() => this.storeReplies(userUuid, botUuid, replies, row.message_id));
      else answer.push(...await this.storeReplies(userUuid, botUuid, replies, row.message_id));
    }
    return answer;
  }

  /**
   * Subscribes; stores and pushes the bot's welcome when the conversation is empty and the bot not
   * blocked, in the language the request named (else the profile's).
   */
  async initiate(userUuid: string, botUuid: string, requested?: LanguageCode): Promise<ChatMessage[]> {
    const bot = this.bot(botUuid);
    const { db, now } = this.deps;
    await subscribe(db, userUuid, botUuid, now());
    const language = await languageForBot(db, userUuid, requested);
    const rows = await db.transaction(async (tx) => {
      const conv = await lockConversation(tx, userUuid, botUuid);
      if (conv.last_number > 0) return [];
      // a bot the user blocked (say from its profile, before ever chatting) sends them nothing,
      // its welcome included; read under the conversation's lock, so a block cannot slip in
      if (await isBotBlocked(tx, userUuid, botUuid)) return [];
      const stored = [];
      for (const r of bot.welcome(language)) stored.push((await storeMessage(tx, { userUuid, botUuid, sender: 'bot', type: r.type, payload: replyPayload(r) }, now())).row);
      return stored;
    });
    const messages = rows.map(toWire);
    for (const message of messages) await this.pushBotMessage(userUuid, botUuid, message);
    return messages;
  }

  private async storeReplies(userUuid: string, botUuid: string, replies: readonly BotReply[], inReplyTo: string): Promise<ChatMessage[]> {
    const { db, now } = this.deps;
    // a bot the user blocked sends them nothing (spec part 1 §4 "Bot lists")
    if (await isBotBlocked(db, userUuid, botUuid)) return [];
    const out: ChatMessage[] = [];
    for (const r of replies) {
      const { row } = await db.transaction((tx) => storeMessage(tx, { userUuid, botUuid, sender: 'bot', type: r.type, payload: replyPayload(r), inReplyTo }, now()));
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

  private later(task: () => Promise<unknown>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = task().catch((err: unknown) => this.deps.log.error({ err }, 'delayed bot reply failed'));
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }, this.deps.slowDelayMs ?? DEFAULT_SLOW_DELAY_MS);
    this.timers.add(timer);
  }

  /** Drops replies not due yet and waits for those being stored (before the database closes). */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.running]);
  }
}
